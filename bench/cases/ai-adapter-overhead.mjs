// @pi/ai adapter overhead: a 5 MB streamed answer through the adapter vs the bare SDK (see bench/README.md).
import { runAdapterOverhead } from "../lib/ai-overhead.mjs";
import { importDist } from "../lib/mock-server.mjs";

/** Reads one answer through @pi/ai's `stream()` and returns the received text length. */
async function readThroughAdapter(model) {
	const ai = await importDist("ai", "index.js");
	const stream = ai.stream(
		model,
		{ messages: [{ role: "user", content: "go", timestamp: Date.now() }] },
		{
			apiKey: "bench",
		},
	);
	let length = 0;
	for await (const event of stream) if (event.type === "text_delta") length += event.delta.length;
	const message = await stream.result();
	if (message.stopReason !== "stop")
		throw new Error(`adapter ended with ${message.stopReason}: ${message.errorMessage}`);
	return length;
}

const anthropic = {
	api: "anthropic-messages",
	adapterRun: async (url) => {
		const ai = await importDist("ai", "index.js");
		return readThroughAdapter({ ...ai.getModel("anthropic", "claude-haiku-4-5"), baseUrl: url });
	},
	bareRun: async (url) => {
		const { default: Anthropic } = await import("@anthropic-ai/sdk");
		const client = new Anthropic({ apiKey: "bench", baseURL: url, maxRetries: 0 });
		const stream = await client.messages.create({
			model: "claude-haiku-4-5",
			max_tokens: 32000,
			messages: [{ role: "user", content: "go" }],
			stream: true,
		});
		let length = 0;
		for await (const event of stream) {
			if (event.type === "content_block_delta" && event.delta.type === "text_delta") length += event.delta.text.length;
		}
		return length;
	},
};

/** A mock-server model for the OpenAI and Google adapters (base URLs carry the version segment, config.md §3). */
function benchModel(api, id, provider, baseUrl) {
	return {
		id,
		name: id,
		api,
		provider,
		baseUrl,
		reasoning: false,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 128000,
		maxTokens: 32000,
	};
}

const openaiCompletions = {
	api: "openai-completions",
	adapterRun: (url) => readThroughAdapter(benchModel("openai-completions", "gpt-4.1", "openai", `${url}/v1`)),
	bareRun: async (url) => {
		const { default: OpenAI } = await import("openai");
		const client = new OpenAI({ apiKey: "bench", baseURL: `${url}/v1`, maxRetries: 0 });
		const stream = await client.chat.completions.create({
			model: "gpt-4.1",
			messages: [{ role: "user", content: "go" }],
			stream: true,
			stream_options: { include_usage: true },
		});
		let length = 0;
		for await (const chunk of stream) length += chunk.choices[0]?.delta?.content?.length ?? 0;
		return length;
	},
};

const openaiResponses = {
	api: "openai-responses",
	adapterRun: (url) => readThroughAdapter(benchModel("openai-responses", "gpt-5", "openai", `${url}/v1`)),
	bareRun: async (url) => {
		const { default: OpenAI } = await import("openai");
		const client = new OpenAI({ apiKey: "bench", baseURL: `${url}/v1`, maxRetries: 0 });
		const stream = await client.responses.create({ model: "gpt-5", input: "go", stream: true, store: false });
		let length = 0;
		for await (const event of stream) if (event.type === "response.output_text.delta") length += event.delta.length;
		return length;
	},
};

const google = {
	api: "google-generative-ai",
	adapterRun: (url) =>
		readThroughAdapter(benchModel("google-generative-ai", "gemini-2.5-flash", "google", `${url}/v1beta`)),
	bareRun: async (url) => {
		const { GoogleGenAI } = await import("@google/genai");
		const client = new GoogleGenAI({ apiKey: "bench", httpOptions: { baseUrl: url, apiVersion: "v1beta" } });
		const stream = await client.models.generateContentStream({ model: "gemini-2.5-flash", contents: "go" });
		let length = 0;
		for await (const chunk of stream) {
			for (const part of chunk.candidates?.[0]?.content?.parts ?? []) length += part.text?.length ?? 0;
		}
		return length;
	},
};

/** One entry per wire API: {api, adapterRun(url), bareRun(url)}. */
export const ENTRIES = [anthropic, openaiCompletions, openaiResponses, google];

export async function run() {
	await runAdapterOverhead(ENTRIES);
}
