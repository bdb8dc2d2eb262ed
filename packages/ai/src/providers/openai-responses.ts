import type { ApiAdapter } from "../registry.js";
import { AssistantOutput } from "./shared/output.js";

/** Placeholder until the OpenAI Responses adapter lands. */
export const openaiResponsesAdapter: ApiAdapter = {
	api: "openai-responses",
	mapSimpleOptions: (_model, options) => ({ ...options }),
	stream(model, _context, _options, output) {
		new AssistantOutput(model, output).fail("error", "openai-responses adapter not implemented yet");
	},
};
