import type { ApiAdapter } from "../registry.js";
import { AssistantOutput } from "./shared/output.js";

/** Placeholder until the Google Gemini adapter lands. */
export const googleAdapter: ApiAdapter = {
	api: "google-generative-ai",
	mapSimpleOptions: (_model, options) => ({ ...options }),
	stream(model, _context, _options, output) {
		new AssistantOutput(model, output).fail("error", "google-generative-ai adapter not implemented yet");
	},
};
