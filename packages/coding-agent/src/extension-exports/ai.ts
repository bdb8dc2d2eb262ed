/**
 * What an extension gets for `@mariozechner/pi-ai` (and its aliases): @pi/ai as the running pi has it, plus the
 * original's helpers for tool schemas (`Type`, `StringEnum`).
 */
export * from "@pi/ai";
export { Type } from "@sinclair/typebox";
// Newer originals (0.8x) export their id generator from pi-ai; ours lives with the session format.
export { uuidv7 } from "../core/session/format.js";
export {
	streamSimpleAnthropic,
	streamSimpleGoogle,
	streamSimpleMistral,
	streamSimpleOpenAICodexResponses,
	streamSimpleOpenAICompletions,
	streamSimpleOpenAIResponses,
} from "./provider-streams.js";
export { StringEnum } from "./schema-helpers.js";
