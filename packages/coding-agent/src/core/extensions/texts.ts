/**
 * Every user- and model-visible text of the extension host, in one place so tests and docs can match them. Texts
 * marked "spec" are fixed by rpc.md / json-mode.md.
 */
import type { ExtensionEventName } from "./events.js";

/** Event names `pi.on` accepts, in documentation order (events.ts has their payloads). */
export const EXTENSION_EVENT_NAMES: readonly ExtensionEventName[] = [
	"resources_discover",
	"session_start",
	"session_info_changed",
	"session_before_switch",
	"session_before_fork",
	"session_before_compact",
	"session_compact",
	"session_compact_failed",
	"session_before_tree",
	"session_tree",
	"session_shutdown",
	"input",
	"before_agent_start",
	"agent_start",
	"agent_end",
	"turn_start",
	"turn_end",
	"message_start",
	"message_update",
	"message_end",
	"context",
	"before_provider_request",
	"after_provider_response",
	"tool_execution_start",
	"tool_execution_update",
	"tool_execution_end",
	"tool_call",
	"tool_result",
	"user_bash",
	"model_select",
	"thinking_level_select",
];

/**
 * Events of newer versions of the original pi that `pi.on` accepts so such extensions load, but that pi never
 * fires (docs/extensions.md lists them).
 */
export const UNFIRED_EVENT_NAMES: readonly string[] = [
	"project_trust",
	"context_with_system",
	"cache_warming_decision",
	"before_provider_headers",
	"agent_before_settle",
	"agent_settled",
	"ui_prompt_start",
	"ui_prompt_end",
];

export const extensionTexts = {
	/** spec json-mode §2: an extension error on stderr. */
	errorLine: (extensionPath: string, message: string) => `Extension error (${extensionPath}): ${message}`,
	/** spec rpc §4.2 */
	cannotQueue: (name: string) => `Extension command "/${name}" cannot be queued; send it with prompt.`,
	unknownEvent: (name: string) =>
		`unknown event "${name}" in pi.on(); known events: ${EXTENSION_EVENT_NAMES.join(", ")}.`,
	invalidCommandName: (name: string) =>
		`invalid command name "${name}": use letters, digits, "-", "_", ":" or "." without a leading "/".`,
	duplicateCommand: (name: string, owner: string) =>
		`command "/${name}" is already registered by ${owner}; this registration is ignored.`,
	duplicateTool: (name: string, owner: string) =>
		`tool "${name}" is already provided by ${owner}; this registration is ignored.`,
	invalidTool: "registerTool needs an object with a name, a description, parameters and an execute function.",
	invalidFlagName: (name: string) => `invalid flag name "${name}": use letters, digits and "-" without leading dashes.`,
	/** Given to the model when a `tool_call` handler throws: a failing guard refuses the call rather than allowing it. */
	guardFailed: (extensionPath: string, message: string) =>
		`the extension ${extensionPath} failed while checking this call (${message})`,
	/** A handler returned a value of the wrong shape; it is ignored. */
	malformedResult: (event: string, expected: string) =>
		`the ${event} handler returned a malformed result (expected ${expected}); it is ignored.`,
	/** A handler still running when the run (or compaction, tree move) it belongs to was aborted. */
	abandonedOnAbort: (event: string) =>
		`the ${event} handler was still running when its operation was aborted; pi went on without it.`,
	/** A session_shutdown handler that did not finish in time: pi ends anyway. */
	shutdownTimeout: (ms: number) =>
		`the session_shutdown handler did not finish within ${ms} ms; pi ends without waiting for it.`,
	/** tool_call was refused because the run was aborted while a handler still ran. */
	toolCallAborted: "the run was aborted while an extension checked this call",
	/** A message_end handler returned a message with another role. */
	messageRoleChanged: (from: string, to: string) =>
		`the message_end handler returned a "${to}" message for a "${from}" message; a replacement must keep the role. It is ignored.`,
	// --- the pi.* API and ctx (api.ts, context.ts) ---
	/** A session-bound method used before the session exists (during loading). */
	noSessionYet:
		"this is available once the session exists: call it from an event handler, a command or a tool, not while the extension loads.",
	invalidShortcut: (key: string) => `registerShortcut("${key}") needs a key id such as "ctrl+shift+p" and a handler.`,
	duplicateShortcut: (key: string, owner: string) =>
		`shortcut "${key}" is already registered by ${owner}; this registration is ignored.`,
	duplicateFlag: (name: string, owner: string) =>
		`flag "--${name}" is already registered by ${owner}; this registration is ignored.`,
	invalidRenderer: "registerMessageRenderer / registerEntryRenderer need a customType string and a renderer function.",
	invalidTransformer: "registerMarkdownTransformer needs a function.",
	invalidProviderName: "registerProvider needs a provider name.",
	/** `registerProvider(name, { oauth })` without one of the required members. */
	invalidProviderOAuth: (provider: string, member: string) =>
		`registerProvider("${provider}"): oauth needs ${member} (see docs/extensions.md, "Sign-in for a provider").`,
	/** An extension's login or refreshToken resolved with something that is not credentials. */
	invalidOAuthCredentials: (name: string) =>
		`${name} returned no credentials: a sign-in must resolve with { access, refresh, expires }.`,
	/** The question an extension's `onSelect` becomes (one numbered option per line follows). */
	oauthSelectHint: "type a number or an option id",
	/** An extension flow's `onManualCodeInput` when no callback server races it. */
	oauthPasteCode: "Paste the authorization code",
	/** `pi.exec` with an args array that is not an array of strings. */
	invalidExecArgs: "exec(command, args, options) needs args as an array of strings.",
	/** A handler that throws something that is not an Error. */
	nonError: (value: unknown) => `threw a non-Error value: ${String(value)}`,
} as const;

/** The message of anything a handler threw (errors from another realm, e.g. a vm context, included). */
export function errorMessage(error: unknown): string {
	if (error instanceof Error) return error.message;
	const message = (error as { message?: unknown } | null)?.message;
	return typeof message === "string" ? message : extensionTexts.nonError(error);
}
