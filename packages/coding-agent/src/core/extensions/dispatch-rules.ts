/**
 * What a handler may return, per event: the shape check that turns a wrong-typed result into a reported error
 * (the result is then ignored), in one table so docs and tests can follow it. Events without an entry are
 * notifications: whatever their handlers return is ignored, as in the original.
 */
import type { ExtensionEventName } from "./events.js";

type Check = (value: object) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);
const optional = (value: unknown, test: (value: unknown) => boolean) => value === undefined || test(value);
const isString = (value: unknown) => typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";
const isStringArray = (value: unknown) => Array.isArray(value) && value.every(isString);
const isContent = (value: unknown) =>
	Array.isArray(value) && value.every((block) => isObject(block) && isString(block.type));
const isMessage = (value: unknown) => isObject(value) && isString(value.role);

interface ResultRule {
	/** How the expected shape is named in the error. */
	expected: string;
	check: Check;
}

/** The result shape of every event whose handlers may return something. */
export const RESULT_RULES: Partial<Record<ExtensionEventName, ResultRule>> = {
	resources_discover: {
		expected: "{skillPaths?, promptPaths?, themePaths?} with arrays of strings",
		check: (r: any) =>
			optional(r.skillPaths, isStringArray) &&
			optional(r.promptPaths, isStringArray) &&
			optional(r.themePaths, isStringArray),
	},
	session_before_switch: { expected: "{cancel?: boolean}", check: (r: any) => optional(r.cancel, isBoolean) },
	session_before_fork: {
		expected: "{cancel?: boolean, skipConversationRestore?: boolean}",
		check: (r: any) => optional(r.cancel, isBoolean) && optional(r.skipConversationRestore, isBoolean),
	},
	session_before_compact: {
		expected: "{cancel?: boolean, compaction?: {summary: string, firstKeptEntryId: string, tokensBefore: number}}",
		check: (r: any) =>
			optional(r.cancel, isBoolean) &&
			optional(
				r.compaction,
				(c: any) =>
					isObject(c) && isString(c.summary) && isString(c.firstKeptEntryId) && typeof c.tokensBefore === "number",
			),
	},
	session_before_tree: {
		expected: "{cancel?: boolean, summary?: {summary: string, details?}, customInstructions?: string, label?: string}",
		check: (r: any) =>
			optional(r.cancel, isBoolean) &&
			optional(r.summary, (s: any) => isObject(s) && isString(s.summary)) &&
			optional(r.customInstructions, isString) &&
			optional(r.replaceInstructions, isBoolean) &&
			optional(r.label, isString),
	},
	before_agent_start: {
		expected: "{message?: {customType: string, content}, systemPrompt?: string}",
		check: (r: any) =>
			optional(r.systemPrompt, isString) &&
			optional(
				r.message,
				(m: any) => isObject(m) && isString(m.customType) && (isString(m.content) || isContent(m.content)),
			),
	},
	message_end: { expected: "{message?: a message with a role}", check: (r: any) => optional(r.message, isMessage) },
	context: {
		expected: "{messages?: an array of messages}",
		check: (r: any) => optional(r.messages, (m) => Array.isArray(m) && m.every(isMessage)),
	},
	tool_call: {
		expected: "{block?: boolean, reason?: string}",
		check: (r: any) => optional(r.block, isBoolean) && optional(r.reason, isString),
	},
	tool_result: {
		expected: "{content?: content blocks, details?, isError?: boolean}",
		check: (r: any) => optional(r.content, isContent) && optional(r.isError, isBoolean),
	},
	user_bash: {
		expected: "{operations: {exec(command, cwd, options)}} or {result: {output, exitCode, cancelled, truncated}}",
		check: (r: any) =>
			optional(r.operations, (o: any) => isObject(o) && typeof o.exec === "function") &&
			optional(r.result, (b: any) => isObject(b) && isString(b.output)),
	},
	input: {
		expected: '{action: "continue" | "transform" | "handled"}, {text?, images?} or {handled: true}',
		check: (r: any) => {
			if ("action" in r) {
				if (r.action === "continue" || r.action === "handled") return true;
				return r.action === "transform" && isString(r.text) && optional(r.images, isContent);
			}
			if ("handled" in r) return r.handled === true || r.handled === false;
			return optional(r.text, isString) && optional(r.images, isContent);
		},
	},
};

/**
 * Checks a handler's result for `event`: `undefined` (and null) always pass as "no result"; events without a rule
 * ignore results. Returns the expected shape when the result is malformed.
 */
export function malformedResult(event: ExtensionEventName, result: unknown): string | undefined {
	if (result === undefined || result === null) return undefined;
	// before_provider_request: any value replaces the payload.
	if (event === "before_provider_request") return undefined;
	const rule = RESULT_RULES[event];
	if (!rule) return undefined;
	if (!isObject(result) || !rule.check(result)) return rule.expected;
	return undefined;
}
