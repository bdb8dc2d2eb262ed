import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AssistantMessage, type Model, streamSimple } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import {
	Agent,
	createProxyHandler,
	createProxyStreamFn,
	type ProxyHandlerOptions,
	type StreamFn,
	streamProxy,
} from "../src/index.js";
import { RELAY_ERROR_TEXTS } from "../src/proxy-server.js";
import { deferred, echoTool, eventLog, textOf, useFaux } from "./helpers.js";

const servers: Server[] = [];
afterEach(async () => {
	await Promise.all(servers.splice(0).map(closeServer));
});

function closeServer(server: Server): Promise<unknown> {
	// Keep-alive connections would otherwise hold close() open for seconds.
	server.closeAllConnections();
	return new Promise((resolve) => server.close(resolve));
}

/** A loopback relay in front of the faux provider; returns its URL. */
async function startRelay(model: Model, options: Partial<ProxyHandlerOptions> = {}): Promise<string> {
	const handler = createProxyHandler({
		authenticate: (token) => token === "secret",
		resolveModel: (requested) => (requested.id === model.id ? model : undefined),
		...options,
	});
	const server = createServer((request, response) => void handler(request, response));
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}/llm`;
}

describe("streamProxy + createProxyHandler", () => {
	it("an agent run through the relay matches a direct run, event for event", async () => {
		const script = [
			{
				thinking: "Let me think",
				thinkingSignature: "sig-1",
				text: "Echoing now.",
				toolCalls: [{ id: "A", name: "echo", arguments: { text: "hello" } }],
			},
			{ text: "It said hello." },
		];
		const runAgent = async (streamFn?: StreamFn) => {
			const faux = useFaux({ chunkSize: 3 });
			faux.enqueue(...script);
			const url = await startRelay(faux.model);
			const agent = new Agent({
				initialState: { model: faux.model, tools: [echoTool()] },
				streamFn: streamFn === undefined ? undefined : createProxyStreamFn({ url, authToken: "secret" }),
			});
			const log = eventLog();
			agent.subscribe(log.sink);
			await agent.prompt("echo hello");
			return { agent, log, faux };
		};
		const direct = await runAgent();
		const relayed = await runAgent(streamSimple);
		expect(relayed.log.labels()).toEqual(direct.log.labels());
		// Each run has its own faux provider (api faux-<n>) and clock.
		const strip = (m: AssistantMessage) => ({ ...m, api: "", timestamp: 0 });
		const assistants = (agent: Agent) =>
			agent.state.messages.filter((m): m is AssistantMessage => m.role === "assistant").map(strip);
		expect(assistants(relayed.agent)).toEqual(assistants(direct.agent));
		expect(assistants(relayed.agent)[0]!.content[0]).toEqual({
			type: "thinking",
			thinking: "Let me think",
			thinkingSignature: "sig-1",
		});
		// The update events carry the same rebuilt partials.
		const updates = (log: typeof direct.log) =>
			log.events
				.filter((e) => e.type === "message_update")
				.map((e) => e.type === "message_update" && textOf(e.message));
		expect(updates(relayed.log)).toEqual(updates(direct.log));
		// The relay passed options through but never the client's key.
		expect(relayed.faux.requests[0]!.options.apiKey).toBeUndefined();
	});

	it("sends compact events without the repeated partial", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "A reply long enough to show the difference in size." });
		const url = await startRelay(faux.model);
		const response = await fetch(url, {
			method: "POST",
			headers: { authorization: "Bearer secret", "content-type": "application/json" },
			body: JSON.stringify({ model: faux.model, context: { messages: [] }, options: {} }),
		});
		const text = await response.text();
		expect(response.headers.get("content-type")).toBe("text/event-stream");
		const events = text
			.split("\n\n")
			.filter(Boolean)
			.map((block) => JSON.parse(block.slice("data: ".length)));
		expect(events[0]).toEqual({ type: "start" });
		expect(events.at(-1)).toMatchObject({ type: "done", reason: "stop" });
		expect(text).not.toContain('"partial"');
	});

	it("the server's key is used; a wrong token or an unknown model is an error message, not a throw", async () => {
		const faux = useFaux({ fallback: { text: "ok" } });
		const url = await startRelay(faux.model, { getApiKey: (provider) => `server-key-for-${provider}` });
		const ok = await streamProxy(
			faux.model,
			{ messages: [] },
			{ apiKey: "client-key" },
			{ url, authToken: "secret" },
		).result();
		expect(ok.stopReason).toBe("stop");
		expect(faux.requests[0]!.options.apiKey).toBe("server-key-for-faux");

		const denied = await streamProxy(faux.model, { messages: [] }, {}, { url, authToken: "wrong" }).result();
		expect(denied).toMatchObject({
			stopReason: "error",
			errorMessage: "Proxy error: 401 Invalid or missing token.",
			errorInfo: { status: 401, retryable: false },
		});
		const unknown = await streamProxy(
			{ ...faux.model, id: "other" },
			{ messages: [] },
			{},
			{ url, authToken: "secret" },
		).result();
		expect(unknown.errorMessage).toBe("Proxy error: 400 Unknown model: faux/other");
	});

	it("a request that is not a POST of {model, context} is refused with a JSON error and never reaches a model", async () => {
		const faux = useFaux({ fallback: { text: "ok" } });
		const url = await startRelay(faux.model);
		const auth = { authorization: "Bearer secret" };
		const get = await fetch(url, { headers: auth });
		expect(get.status).toBe(405);
		expect(await get.json()).toEqual({ error: RELAY_ERROR_TEXTS.notPost });
		for (const body of ["not json", JSON.stringify({ model: faux.model })]) {
			const response = await fetch(url, { method: "POST", headers: auth, body });
			expect(response.status).toBe(400);
			expect(await response.json()).toEqual({ error: RELAY_ERROR_TEXTS.badBody });
		}
		expect(faux.requests).toHaveLength(0);
	});

	it("the default model resolution refuses models outside the catalogue (a client cannot redirect the key)", async () => {
		const faux = useFaux({ fallback: { text: "ok" } });
		const url = await startRelay(faux.model, { resolveModel: undefined });
		const result = await streamProxy(faux.model, { messages: [] }, {}, { url, authToken: "secret" }).result();
		expect(result.errorMessage).toBe("Proxy error: 400 Unknown model: faux/faux-model");
		expect(faux.requests).toHaveLength(0);
	});

	it("abort propagates to the upstream call; the partial content is kept", async () => {
		const faux = useFaux({ chunkSize: 2, delayMs: 3 });
		faux.enqueue({ text: "A long streamed answer that the user interrupts halfway through it." });
		const upstreamEnded = deferred<AssistantMessage>();
		const url = await startRelay(faux.model, {
			streamFn: (model, context, options) => {
				const stream = streamSimple(model, context, options);
				void stream.result().then(upstreamEnded.resolve);
				return stream;
			},
		});
		const controller = new AbortController();
		const stream = streamProxy(
			faux.model,
			{ messages: [] },
			{ signal: controller.signal },
			{ url, authToken: "secret" },
		);
		let deltas = 0;
		for await (const event of stream) {
			if (event.type === "text_delta" && ++deltas === 3) controller.abort();
		}
		const result = await stream.result();
		expect(result.stopReason).toBe("aborted");
		expect(result.errorMessage).toBe("Request was aborted");
		expect(textOf(result).length).toBeGreaterThanOrEqual(6);
		const upstream = await upstreamEnded.promise;
		expect(upstream.stopReason).toBe("aborted");
	});

	it("a relay that cannot be reached ends the stream with a retryable error", async () => {
		const faux = useFaux();
		const url = await startRelay(faux.model);
		await closeServer(servers.pop()!);
		const result = await streamProxy(faux.model, { messages: [] }, {}, { url }).result();
		expect(result.stopReason).toBe("error");
		expect(result.errorInfo?.retryable).toBe(true);
	});
});
