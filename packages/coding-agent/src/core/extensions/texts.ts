/**
 * Every user- and model-visible text of the extension host, in one place so tests and docs can match them. Texts
 * marked "spec" are fixed by rpc.md / json-mode.md.
 */
import type { ExtensionEventName } from "./types.js";

/** Event names `pi.on` accepts, in documentation order. */
export const EXTENSION_EVENT_NAMES: readonly ExtensionEventName[] = [
	"session_start",
	"input",
	"agent_start",
	"agent_end",
	"turn_end",
	"message_end",
	"tool_call",
	"session_shutdown",
];

export const extensionTexts = {
	/** spec json-mode §2: an extension error on stderr. */
	errorLine: (extensionPath: string, message: string) => `Extension error (${extensionPath}): ${message}`,
	/** spec rpc §4.2 */
	cannotQueue: (name: string) => `Extension command "/${name}" cannot be queued; send it with prompt.`,
	notFound: (path: string) => `not found: ${path}`,
	typeScript:
		"TypeScript extensions are not loaded directly; compile it to .js or .mjs (for example with tsc) and load that file.",
	noFactory:
		"the module has no default export function; write `export default function (pi) { ... }` in an ES module (.mjs, or .js in a package with type: module).",
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
	/** A handler that throws something that is not an Error. */
	nonError: (value: unknown) => `threw a non-Error value: ${String(value)}`,
} as const;

/** The message of anything a handler threw (errors from another realm, e.g. a vm context, included). */
export function errorMessage(error: unknown): string {
	if (error instanceof Error) return error.message;
	const message = (error as { message?: unknown } | null)?.message;
	return typeof message === "string" ? message : extensionTexts.nonError(error);
}
