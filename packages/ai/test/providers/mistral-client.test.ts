/**
 * What the Mistral SDK would do on its own and pi's client keeps out: console output (its model-deprecation
 * warning, its `MISTRAL_DEBUG` request log, which includes the key), and the stream watch that recovers the error
 * events the SDK's chunk schema rejects, wherever the bytes split.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { complete } from "../../src/index.js";
import { StreamErrorWatch } from "../../src/providers/mistral/transport.js";
import { dataEvent } from "../../src/testing/index.js";
import type { Model } from "../../src/types.js";
import { USER_CONTEXT } from "../helpers/scenarios.js";

const CHUNK = {
	id: "cmpl-1",
	object: "chat.completion.chunk",
	created: 1,
	model: "mistral-large-2411",
	choices: [{ index: 0, delta: { role: "assistant", content: "Still served." }, finish_reason: "stop" }],
	usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
};

let server: Server;
let model: Model;
beforeAll(async () => {
	// A deprecated model's answer: Mistral adds the date it goes away as a header.
	server = createServer((_request, response) => {
		response.writeHead(200, {
			"content-type": "text/event-stream",
			"x-model-deprecation-timestamp": "2026-12-31T00:00:00Z",
		});
		response.end(dataEvent(CHUNK) + dataEvent("[DONE]"));
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	model = {
		id: "mistral-large-2411",
		name: "Mistral Large 2411",
		api: "mistral-conversations",
		provider: "mistral",
		baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		reasoning: false,
		input: ["text"],
		cost: { input: 2, output: 6, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 128000,
		maxTokens: 32000,
	};
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});
afterEach(() => {
	vi.restoreAllMocks();
	vi.unstubAllEnvs();
});

describe("mistral-conversations: the SDK stays quiet", () => {
	it("writes nothing to the console for a deprecated model or with MISTRAL_DEBUG set", async () => {
		vi.stubEnv("MISTRAL_DEBUG", "1");
		const spies = (["log", "warn", "error", "group", "info"] as const).map((name) =>
			vi.spyOn(console, name).mockImplementation(() => {}),
		);
		const message = await complete(model, USER_CONTEXT, { apiKey: "mk-secret-key-123" });
		expect(message.content).toEqual([{ type: "text", text: "Still served." }]);
		// The SDK's warning is asynchronous (it reads a copy of the body): give it the time it would take.
		await new Promise((resolve) => setTimeout(resolve, 50));
		for (const spy of spies) expect(spy).not.toHaveBeenCalled();
	});
});

describe("mistral-conversations: the stream error watch", () => {
	/** A 200 response whose body arrives in exactly these pieces. */
	const streamed = (pieces: string[]) =>
		new Response(
			new ReadableStream<Uint8Array>({
				start(controller) {
					for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
					controller.close();
				},
			}),
			{ status: 200, headers: { "content-type": "text/event-stream" } },
		);

	it("finds an error event split across reads and passes every byte through unchanged", async () => {
		const error = '{"object":"error","message":"Overloaded","type":"service_unavailable","param":null,"code":null}';
		const body = `${dataEvent(CHUNK)}data: ${error}\n\n`;
		const watch = new StreamErrorWatch();
		const cut = body.indexOf("service_");
		const response = watch.watch(streamed([body.slice(0, cut), body.slice(cut)]));
		expect(await response.text()).toBe(body);
		expect(watch.error).toBe(error);
	});

	it("ignores completion chunks, including one whose finish reason or text says error", async () => {
		const chunk = { ...CHUNK, choices: [{ index: 0, delta: { content: "an error" }, finish_reason: "error" }] };
		const watch = new StreamErrorWatch();
		await watch.watch(streamed([dataEvent(chunk), dataEvent("[DONE]")])).text();
		expect(watch.error).toBeUndefined();
	});
});
