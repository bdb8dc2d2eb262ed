/**
 * The extension contract: what an extension module exports, the events it may handle and what each handler may
 * return. The `ExtensionAPI` and contexts are in api-types.ts (re-exported here). Extension authors read this file
 * (and docs/extensions.md).
 */
import type { ExtensionAPI } from "./api-types.js";

export type * from "./api-types.js";

/** The default export of an extension module. */
export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;

// The events, their payloads and results (ExtensionEventMap): events.ts.
export type * from "./events.js";

/** The `extension_error` session event (rpc.md §6). */
export interface ExtensionErrorEvent {
	type: "extension_error";
	extensionPath: string;
	event: string;
	error: string;
}
