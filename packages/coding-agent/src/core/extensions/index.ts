/**
 * The extension host: contract (types), loading, the per-session host, the shared UI surface and the headless
 * start of print/JSON mode.
 */
export { createExtensionApi } from "./api.js";
export { startHeadlessExtensions } from "./headless.js";
export {
	type CommandInvocation,
	ExtensionHost,
	type ExtensionHostOptions,
	type ExtensionOrigin,
	type ExtensionSessionPort,
	type InputOutcome,
} from "./host.js";
export {
	type ExtensionSource,
	extensionsInDirectory,
	type FindExtensionsOptions,
	findExtensions,
	folderEntries,
	type LoadExtensionsOptions,
	loadExtension,
	loadExtensions,
} from "./loader.js";
export { ALIASED_PACKAGES } from "./loading/aliases.js";
export { extensionCacheDir, type ImportExtensionOptions, importExtension } from "./loading/import-extension.js";
export { EXTENSION_EVENT_NAMES, extensionTexts } from "./texts.js";
export { isToolCallEventType } from "./tool-call-type.js";
export type * from "./types.js";
export { createHeadlessUi, type DialogOptions, type UiContext } from "./ui-context.js";
export { completeUi, type ExtensionUiContext, type ModeUi } from "./ui-defaults.js";
