import type { ApiAdapter } from "../registry.js";
import { AssistantOutput } from "./shared/output.js";

/** Placeholder until the OpenAI Chat Completions adapter lands. */
export const openaiCompletionsAdapter: ApiAdapter = {
	api: "openai-completions",
	mapSimpleOptions: (_model, options) => ({ ...options }),
	stream(model, _context, _options, output) {
		new AssistantOutput(model, output).fail("error", "openai-completions adapter not implemented yet");
	},
};
