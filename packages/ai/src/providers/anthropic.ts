import type { ApiAdapter } from "../registry.js";
import { AssistantOutput } from "./shared/output.js";

/** Placeholder until the Anthropic Messages adapter lands. */
export const anthropicAdapter: ApiAdapter = {
	api: "anthropic-messages",
	mapSimpleOptions: (_model, options) => ({ ...options }),
	stream(model, _context, _options, output) {
		new AssistantOutput(model, output).fail("error", "anthropic-messages adapter not implemented yet");
	},
};
