import { anthropicProtocol } from "./anthropic.js";
import { azureOpenAIResponsesProtocol } from "./azure-openai-responses.js";
import { bedrockProtocol } from "./bedrock.js";
import { googleProtocol } from "./google.js";
import { googleVertexProtocol } from "./google-vertex.js";
import { mistralProtocol } from "./mistral.js";
import { openaiCodexResponsesProtocol } from "./openai-codex-responses.js";
import { openaiCompletionsProtocol } from "./openai-completions.js";
import { openaiResponsesProtocol } from "./openai-responses.js";
import type { WireProtocol } from "./types.js";

/**
 * The wire protocols the mock server speaks when none are given, tried in order. One entry per file in this
 * folder; adding an API means adding its file and one line here.
 */
export const DEFAULT_PROTOCOLS: WireProtocol[] = [
	anthropicProtocol,
	bedrockProtocol,
	// Before openai-completions: its `/chat/completions` suffix also matches the Mistral path.
	mistralProtocol,
	openaiCompletionsProtocol,
	// Before openai-responses: its `/responses` suffix also matches the Codex path.
	openaiCodexResponsesProtocol,
	// Before openai-responses: its `/responses` suffix also matches the Azure paths.
	azureOpenAIResponsesProtocol,
	openaiResponsesProtocol,
	// Before google: its `/models/…:streamGenerateContent` also matches the Vertex publisher path.
	googleVertexProtocol,
	googleProtocol,
];
