import { readFileSync } from "node:fs";
import {
	createServer,
	type IncomingHttpHeaders,
	type IncomingMessage,
	type Server,
	type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer, globalAgent as httpsGlobalAgent } from "node:https";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sdkFetch } from "../../src/providers/shared/http-fetch.js";
import { findNetworkCode } from "../../src/utils/errors.js";

/** What a test server saw of one request. */
interface Seen {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
}

type Handler = (request: IncomingMessage, response: ServerResponse, seen: Seen) => void;

const servers: Server[] = [];

/** A loopback server that records every request and answers with `handler`. */
async function serve(handler: Handler): Promise<{ url: string; seen: Seen[] }> {
	const seen: Seen[] = [];
	const server = createServer((request, response) => {
		let body = "";
		request.setEncoding("utf8");
		request.on("data", (chunk: string) => {
			body += chunk;
		});
		request.on("end", () => {
			const entry = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
			seen.push(entry);
			handler(request, response, entry);
		});
	});
	servers.push(server);
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
	vi.unstubAllGlobals();
	await Promise.all(
		servers.splice(0).map(
			(server) =>
				new Promise((resolve) => {
					server.closeAllConnections();
					server.close(resolve);
				}),
		),
	);
});

/** Reads a body chunk by chunk, as the SDKs' SSE decoders do. */
async function readAll(response: Response): Promise<string> {
	const reader = response.body!.getReader();
	const decoder = new TextDecoder();
	let text = "";
	for (;;) {
		const { done, value } = await reader.read();
		if (done) return text + decoder.decode();
		text += decoder.decode(value, { stream: true });
	}
}

describe("sdkFetch over node:http", () => {
	it("sends method, headers and body and returns status, repeated headers and the body", async () => {
		const { url, seen } = await serve((_request, response) => {
			response.setHeader("set-cookie", ["a=1", "b=2"]);
			response.writeHead(201, "Made", { "content-type": "application/json", "x-request-id": "req_1" });
			response.end('{"ok":true}');
		});
		const response = await sdkFetch(`${url}/v1/things`, {
			method: "post",
			headers: { "Content-Type": "application/json", Authorization: "Bearer k", "X-Custom": "yes" },
			body: '{"q":"héllo"}',
		});
		expect(seen[0]).toMatchObject({
			method: "POST",
			url: "/v1/things",
			body: '{"q":"héllo"}',
			headers: {
				"content-type": "application/json",
				authorization: "Bearer k",
				"x-custom": "yes",
				"content-length": String(Buffer.byteLength('{"q":"héllo"}')),
			},
		});
		// Undici's fetch sends the browser's `sec-fetch-mode`; node:http does not: this request took the light path.
		expect(seen[0]!.headers["sec-fetch-mode"]).toBeUndefined();
		expect(response.status).toBe(201);
		expect(response.statusText).toBe("Made");
		expect(response.ok).toBe(true);
		expect(response.url).toBe(`${url}/v1/things`);
		expect(response.headers.get("x-request-id")).toBe("req_1");
		expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
		expect(await response.json()).toEqual({ ok: true });
	});

	it("takes headers as a Headers object or pairs, and bytes as the body", async () => {
		const { url, seen } = await serve((_request, response) => response.end());
		await sdkFetch(url, {
			method: "PUT",
			headers: new Headers({ "x-a": "1" }),
			body: new TextEncoder().encode("bytes"),
		});
		await sdkFetch(url, { method: "PUT", headers: [["x-b", "2"]], body: new TextEncoder().encode("more").buffer });
		expect(seen.map((entry) => [entry.headers["x-a"] ?? entry.headers["x-b"], entry.body])).toEqual([
			["1", "bytes"],
			["2", "more"],
		]);
	});

	it("streams the body: the first chunk is readable before the server sends the rest", async () => {
		let sendRest: () => void = () => {};
		const { url } = await serve((_request, response) => {
			response.writeHead(200, { "content-type": "text/event-stream" });
			response.write("data: first\n\n");
			sendRest = () => response.end("data: second\n\n");
		});
		const response = await sdkFetch(url, { method: "POST", body: "{}" });
		const reader = response.body!.getReader();
		const first = await reader.read();
		expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
		sendRest();
		const second = await reader.read();
		expect(new TextDecoder().decode(second.value)).toBe("data: second\n\n");
		expect((await reader.read()).done).toBe(true);
	});

	it("a body cancelled right away, as the SDKs do before retrying, drops what already arrived", async () => {
		const { url } = await serve((_request, response) => {
			response.writeHead(429, { "content-type": "application/json" });
			response.end(JSON.stringify({ error: { message: "x".repeat(5000) } }));
		});
		for (let attempt = 0; attempt < 5; attempt++) {
			const response = await sdkFetch(url, { method: "POST", body: "{}" });
			await response.body!.cancel();
			expect(response.bodyUsed).toBe(true);
		}
		// Chunks the socket delivered after a cancel would have been an uncaught error (failing this run).
		await new Promise((resolve) => setTimeout(resolve, 20));
	});

	it("decodes gzip and brotli bodies and asks for them", async () => {
		const text = "data: compressed\n\n".repeat(50);
		const { url, seen } = await serve((request, response) => {
			const coding = request.url === "/gzip" ? "gzip" : "br";
			response.writeHead(200, { "content-encoding": coding });
			response.end(coding === "gzip" ? gzipSync(text) : brotliCompressSync(text));
		});
		expect(await readAll(await sdkFetch(`${url}/gzip`))).toBe(text);
		expect(await readAll(await sdkFetch(`${url}/br`))).toBe(text);
		expect(seen[0]!.headers["accept-encoding"]).toContain("gzip");
	});

	it("gives a null body for 204 and HEAD", async () => {
		const { url } = await serve((request, response) => {
			response.writeHead(request.method === "HEAD" ? 200 : 204, { "content-length": "0" });
			response.end();
		});
		expect((await sdkFetch(url, { method: "DELETE" })).body).toBeNull();
		expect((await sdkFetch(url, { method: "HEAD" })).body).toBeNull();
	});

	it("speaks https through the global agent, so its TLS settings (extra CAs) apply", async () => {
		const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
		const server = createHttpsServer(
			{ key: fixture("loopback-key.pem"), cert: fixture("loopback-cert.pem") },
			(_r, w) => w.end("secure"),
		);
		servers.push(server);
		await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
		const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
		const untrusted = await sdkFetch(url).catch((error: unknown) => error);
		expect(untrusted).toBeInstanceOf(TypeError);
		expect(((untrusted as Error).cause as { code?: string }).code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
		const previous = httpsGlobalAgent.options.ca;
		httpsGlobalAgent.options.ca = fixture("loopback-cert.pem");
		try {
			expect(await (await sdkFetch(url)).text()).toBe("secure");
		} finally {
			httpsGlobalAgent.options.ca = previous;
		}
	});

	describe("redirects", () => {
		it("307 repeats the POST with its body; 303 turns it into a GET without one", async () => {
			const { url, seen } = await serve((request, response) => {
				if (request.url === "/start-307") response.writeHead(307, { location: "/target" }).end();
				else if (request.url === "/start-303") response.writeHead(303, { location: "/target" }).end();
				else response.end(`${request.method} reached`);
			});
			const kept = await sdkFetch(`${url}/start-307`, { method: "POST", body: "payload" });
			expect(await kept.text()).toBe("POST reached");
			expect(kept.redirected).toBe(true);
			expect(kept.url).toBe(`${url}/target`);
			const changed = await sdkFetch(`${url}/start-303`, {
				method: "POST",
				headers: { "content-type": "text/plain" },
				body: "payload",
			});
			expect(await changed.text()).toBe("GET reached");
			expect(seen.map((entry) => [entry.method, entry.url, entry.body])).toEqual([
				["POST", "/start-307", "payload"],
				["POST", "/target", "payload"],
				["POST", "/start-303", "payload"],
				["GET", "/target", ""],
			]);
			expect(seen[3]!.headers["content-type"]).toBeUndefined();
		});

		it("drops authorization on a redirect to another origin", async () => {
			const other = await serve((_request, response) => response.end("other"));
			const { url } = await serve((_request, response) => response.writeHead(307, { location: other.url }).end());
			await sdkFetch(url, { method: "POST", headers: { authorization: "Bearer secret", "x-keep": "1" }, body: "" });
			expect(other.seen[0]!.headers.authorization).toBeUndefined();
			expect(other.seen[0]!.headers["x-keep"]).toBe("1");
		});

		it("returns the redirect itself with redirect: manual", async () => {
			const { url } = await serve((_request, response) => response.writeHead(302, { location: "/elsewhere" }).end());
			const response = await sdkFetch(url, { redirect: "manual" });
			expect(response.status).toBe(302);
			expect(response.headers.get("location")).toBe("/elsewhere");
		});
	});

	describe("failures look like fetch's", () => {
		it("a refused connection rejects with TypeError('fetch failed') carrying ECONNREFUSED", async () => {
			const { url } = await serve(() => {});
			await new Promise((resolve) => servers.pop()!.close(resolve));
			const failure = await sdkFetch(url, { method: "POST", body: "{}" }).catch((error: unknown) => error);
			expect(failure).toBeInstanceOf(TypeError);
			expect((failure as Error).message).toBe("fetch failed");
			expect(findNetworkCode(failure)).toBe("ECONNREFUSED");
		});

		it("a connection cut mid-body errors the reader with a network code", async () => {
			const { url } = await serve((_request, response) => {
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write("data: partial\n\n", () => setTimeout(() => response.socket?.destroy(), 20));
			});
			const response = await sdkFetch(url, { method: "POST", body: "{}" });
			const failure = await readAll(response).catch((error: unknown) => error);
			expect(failure).toBeInstanceOf(TypeError);
			expect(findNetworkCode(failure)).toBe("ECONNRESET");
		});

		it("an already aborted signal rejects with its reason before anything is sent", async () => {
			const { url, seen } = await serve((_request, response) => response.end());
			const controller = new AbortController();
			controller.abort();
			const failure = await sdkFetch(url, { signal: controller.signal }).catch((error: unknown) => error);
			expect((failure as Error).name).toBe("AbortError");
			expect(seen).toEqual([]);
		});

		it("aborting while waiting for the answer rejects with AbortError", async () => {
			const { url } = await serve(() => {}); // never answers
			const controller = new AbortController();
			const pending = sdkFetch(url, { method: "POST", body: "{}", signal: controller.signal });
			setTimeout(() => controller.abort(), 20);
			const failure = await pending.catch((error: unknown) => error);
			expect((failure as Error).name).toBe("AbortError");
		});

		it("aborting mid-body errors the reader with AbortError", async () => {
			const { url } = await serve((_request, response) => {
				response.writeHead(200, { "content-type": "text/event-stream" });
				response.write("data: partial\n\n");
			});
			const controller = new AbortController();
			const response = await sdkFetch(url, { method: "POST", body: "{}", signal: controller.signal });
			const reader = response.body!.getReader();
			await reader.read();
			controller.abort();
			const failure = await reader.read().catch((error: unknown) => error);
			expect((failure as Error).name).toBe("AbortError");
		});
	});

	describe("the platform's fetch serves what node:http should not", () => {
		it("a replaced globalThis.fetch receives the request (mocks and instrumentation keep working)", async () => {
			const replacement = vi.fn(async () => new Response("from the replacement"));
			vi.stubGlobal("fetch", replacement);
			const response = await sdkFetch("http://127.0.0.1:9/never", { method: "POST", body: "{}" });
			expect(await response.text()).toBe("from the replacement");
			expect(replacement).toHaveBeenCalledWith("http://127.0.0.1:9/never", { method: "POST", body: "{}" });
		});

		it("a Request object or a stream body goes to the platform's fetch", async () => {
			const { url, seen } = await serve((_request, response) => response.end("served"));
			const fromRequest = await sdkFetch(new Request(url, { method: "POST", body: "as request" }));
			const stream = new ReadableStream({
				start(controller) {
					controller.enqueue(new TextEncoder().encode("as stream"));
					controller.close();
				},
			});
			const fromStream = await sdkFetch(url, { method: "POST", body: stream, duplex: "half" } as RequestInit);
			expect([await fromRequest.text(), await fromStream.text()]).toEqual(["served", "served"]);
			expect(seen.map((entry) => [entry.body, entry.headers["sec-fetch-mode"]])).toEqual([
				["as request", "cors"],
				["as stream", "cors"],
			]);
		});
	});
});
