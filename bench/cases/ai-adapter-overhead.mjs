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

/** One entry per wire API: {api, adapterRun(url), bareRun(url)}. */
export const ENTRIES = [anthropic];

export async function run() {
	await runAdapterOverhead(ENTRIES);
}
