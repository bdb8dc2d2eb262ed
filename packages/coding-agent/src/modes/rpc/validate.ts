/**
 * Per-command field validation (rpc.md §3): a missing or wrongly typed field fails with
 * `Invalid field "<name>" for <type>: expected <description>`. Values with a meaning (a thinking level, a model id)
 * are checked by the session, which owns those messages.
 */
import { type RpcCommandType, rpcMessages } from "./protocol.js";

interface FieldRule {
	name: string;
	optional?: boolean;
	/** Human description used in the error. */
	expected: string;
	check: (value: unknown) => boolean;
}

const isString = (value: unknown) => typeof value === "string";
const isBoolean = (value: unknown) => typeof value === "boolean";
const isImage = (value: unknown) => {
	const image = value as { type?: unknown; data?: unknown; mimeType?: unknown } | null;
	return (
		typeof image === "object" &&
		image !== null &&
		image.type === "image" &&
		typeof image.data === "string" &&
		typeof image.mimeType === "string"
	);
};
const oneOf =
	(...values: string[]) =>
	(value: unknown) =>
		typeof value === "string" && values.includes(value);
const quoted = (...values: string[]) => `one of ${values.map((v) => `"${v}"`).join(", ")}`;

const STRING = { expected: "a string", check: isString };
const BOOLEAN = { expected: "a boolean", check: isBoolean };
const IMAGES = {
	expected: 'an array of images ({"type":"image","data":<base64>,"mimeType":<string>})',
	check: (value: unknown) => Array.isArray(value) && value.every(isImage),
};
const QUEUE_MODE = { expected: quoted("all", "one-at-a-time"), check: oneOf("all", "one-at-a-time") };

const MESSAGE_FIELDS: FieldRule[] = [
	{ name: "message", ...STRING },
	{ name: "images", optional: true, ...IMAGES },
];

/** Field rules of every command; a command without fields has an empty list. */
export const COMMAND_FIELDS: Readonly<Record<RpcCommandType, readonly FieldRule[]>> = {
	prompt: [
		...MESSAGE_FIELDS,
		{
			name: "streamingBehavior",
			optional: true,
			expected: quoted("steer", "followUp"),
			check: oneOf("steer", "followUp"),
		},
	],
	steer: MESSAGE_FIELDS,
	follow_up: MESSAGE_FIELDS,
	abort: [],
	new_session: [{ name: "parentSession", optional: true, ...STRING }],
	get_state: [],
	set_model: [
		{ name: "provider", ...STRING },
		{ name: "modelId", ...STRING },
	],
	cycle_model: [
		{ name: "direction", optional: true, expected: quoted("forward", "backward"), check: oneOf("forward", "backward") },
	],
	get_available_models: [],
	set_thinking_level: [{ name: "level", ...STRING }],
	cycle_thinking_level: [],
	set_steering_mode: [{ name: "mode", ...QUEUE_MODE }],
	set_follow_up_mode: [{ name: "mode", ...QUEUE_MODE }],
	compact: [{ name: "customInstructions", optional: true, ...STRING }],
	set_auto_compaction: [{ name: "enabled", ...BOOLEAN }],
	set_auto_retry: [{ name: "enabled", ...BOOLEAN }],
	abort_retry: [],
	bash: [
		{ name: "command", ...STRING },
		{ name: "excludeFromContext", optional: true, ...BOOLEAN },
	],
	abort_bash: [],
	get_session_stats: [],
	export_html: [{ name: "outputPath", optional: true, ...STRING }],
	switch_session: [{ name: "sessionPath", ...STRING }],
	fork: [{ name: "entryId", ...STRING }],
	clone: [],
	get_fork_messages: [],
	get_last_assistant_text: [],
	set_session_name: [{ name: "name", ...STRING }],
	get_messages: [],
	get_commands: [],
};

/** Whether `type` names a command. */
export function isCommandType(type: string): type is RpcCommandType {
	return Object.hasOwn(COMMAND_FIELDS, type);
}

/** The error text for the first invalid field of `command`, or undefined when every field is fine. */
export function validateCommandFields(type: RpcCommandType, command: Record<string, unknown>): string | undefined {
	for (const rule of COMMAND_FIELDS[type]) {
		const value = command[rule.name];
		if (value === undefined && rule.optional) continue;
		if (!rule.check(value)) return rpcMessages.invalidField(rule.name, type, rule.expected);
	}
	return undefined;
}
