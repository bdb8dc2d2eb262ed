/**
 * The SDK part of what an extension gets for `@mariozechner/pi-coding-agent` (and its aliases): our library surface
 * (sessions, settings, tools, compaction, ...) plus the original's tool-set factories. The light helpers live in
 * coding-agent-helpers.ts and the UI names in coding-agent-ui.ts; an extension loads only the parts it uses.
 */

// Newer originals (0.8x) export their folder name; extensions build paths with it.
export { CONFIG_DIR_NAME } from "../core/config/paths.js";
export * from "../index.js";
export { createReadOnlyTools } from "./read-only-tools.js";
