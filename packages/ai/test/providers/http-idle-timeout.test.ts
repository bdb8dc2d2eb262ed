/**
 * The idle timeout of the node:http transport: a server that never answers, or stops sending mid-body, fails the
 * request with a retryable network error instead of keeping the caller waiting for ever (Node's own fetch has the
 * same 300 s timeouts; the node:http path had none).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getHttpIdleTimeout, setHttpIdleTimeout, stream } from "../../src/index.js";
import { sdkFetch } from "../../src/providers/shared/http-fetch.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { findNetworkCode } from "../../src/utils/errors.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const DEFAULT = getHttpIdleTimeout();
const held: ServerResponse[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
	server = createServer((request, response) => {
		held.push(response);
		if (request.url === "/stall") {
			response.writeHead(200, { "content-type": "text/plain" });
			response.write("first chunk");
		} else if (request.url === "/steady") {
			response.writeHead(200, { "content-type": "text/plain" });
			let sent = 0;
			const timer = setInterval(() => {
				response.write(".");
				if (++sent === 10) {
					clearInterval(timer);
					response.end();
				}
			}, 50);
		}
		// "/silent": never answers
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => setHttpIdleTimeout(DEFAULT));
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

describe("HTTP idle timeout (node:http transport)", () => {
	it("defaults to Node fetch's 300 s", () => {
		expect(DEFAULT).toBe(300_000);
	});

	it("a server that never answers fails the request with a headers-timeout network error", async () => {
		setHttpIdleTimeout(200);
		const error = await sdkFetch(`${url}/silent`).then(
			() => undefined,
			(caught: unknown) => caught,
		);
		expect(error).toBeInstanceOf(TypeError);
		expect(findNetworkCode(error)).toBe("UND_ERR_HEADERS_TIMEOUT");
		expect(((error as Error).cause as Error).message).toMatch(/^no response from 127\.0\.0\.1:\d+ within 0\.2 s/);
	});

	it("a body that stops arriving errors the reader with a body-timeout network error", async () => {
		setHttpIdleTimeout(200);
		const response = await sdkFetch(`${url}/stall`);
		const reader = response.body!.getReader();
		const first = await reader.read();
		expect(new TextDecoder().decode(first.value)).toBe("first chunk");
		const error = await reader.read().then(
			() => undefined,
			(caught: unknown) => caught,
		);
		expect(findNetworkCode(error)).toBe("UND_ERR_BODY_TIMEOUT");
	});

	it("a body whose chunks keep coming is read to the end even when it takes longer than the timeout", async () => {
		setHttpIdleTimeout(400);
		const response = await sdkFetch(`${url}/steady`);
		expect(await response.text()).toBe("..........");
	});
});

describe("HTTP idle timeout through each API adapter", () => {
	let mock: MockServer;
	beforeAll(async () => {
		mock = await startMockServer();
	});
	afterAll(() => mock.close());

	for (const api of ALL_APIS) {
		it(`${api}: a server that never answers ends the request with a retryable error`, async () => {
			setHttpIdleTimeout(200);
			mock.reset();
			mock.enqueue({ text: "too late", delayMs: 60_000 });
			const result = await stream(mockModel(api, mock), USER_CONTEXT, { apiKey: "test-key" }).result();
			expect(result.stopReason).toBe("error");
			// The Stainless SDKs (OpenAI, Anthropic) turn any fetch failure mentioning a timeout into their own timeout
			// error; Gemini's passes the network error through. Either way: retryable, and the text says it timed out.
			expect(result.errorInfo?.retryable).toBe(true);
			expect(["request_timeout", "UND_ERR_HEADERS_TIMEOUT"]).toContain(result.errorInfo?.code);
			expect(result.errorMessage).toMatch(/timed out|HTTP idle timeout/);
		});
	}
});
