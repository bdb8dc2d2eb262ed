/**
 * MCP over HTTP on loopback, with servers built from the SDK's server classes inside the test: streamable HTTP with
 * an Authorization header (whose value never reaches the session file), the fallback to the older SSE transport
 * when streamable HTTP is refused, and an endpoint that is not there.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { sessionMessages } from "../../../src/core/session/index.js";
import { createMcpSession, type McpTestSession, offeredTools, toolResultsSeen } from "./helpers.js";

const TOKEN = "mcp-http-secret-token-42";

/** An MCP server with one tool, `whoami`, answering with the Authorization header of the request it came with. */
function mcpServer(authorization: () => string | undefined): Server {
	const server = new Server({ name: "loopback", version: "1.0.0" }, { capabilities: { tools: {} } });
	server.setRequestHandler(ListToolsRequestSchema, async () => ({
		tools: [{ name: "whoami", description: "Tells who is asking.", inputSchema: { type: "object", properties: {} } }],
	}));
	server.setRequestHandler(CallToolRequestSchema, async () => ({
		content: [{ type: "text", text: `authorization: ${authorization() ?? "none"}` }],
	}));
	return server;
}

let http: HttpServer | undefined;
let t: McpTestSession | undefined;
afterEach(async () => {
	await t?.cleanup();
	t = undefined;
	http?.closeAllConnections();
	await new Promise((resolve) => http?.close(resolve));
	http = undefined;
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void): Promise<string> {
	http = createServer((req, res) => {
		Promise.resolve(handler(req, res)).catch(() => {
			if (!res.headersSent) res.writeHead(500).end();
		});
	});
	await new Promise<void>((resolve) => http!.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

describe("streamable HTTP", () => {
	it("sends the configured headers and runs a tool call; the header value is redacted from the session file", async () => {
		const base = await listen(async (req, res) => {
			if (req.url !== "/mcp") return void res.writeHead(404).end();
			if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end();
			// Stateless: a server and transport per request.
			const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
			const server = mcpServer(() => req.headers.authorization);
			res.on("close", () => void server.close());
			await server.connect(transport);
			await transport.handleRequest(req, res);
		});
		t = await createMcpSession({
			// biome-ignore lint/suspicious/noTemplateCurlyInString: mcp.json's variable syntax
			user: { web: { url: `${base}/mcp`, type: "http", headers: { Authorization: "Bearer ${WEB_TOKEN}" } } },
			env: { WEB_TOKEN: TOKEN },
		});
		t.faux.enqueue({ toolCalls: [{ name: "mcp__web__whoami", arguments: {} }] }, { text: "ok" });
		await t.session.prompt("who?");
		expect(offeredTools(t.faux, 0)).toEqual(["mcp__web__whoami"]);
		expect(toolResultsSeen(t.faux, 1)).toEqual([
			{ name: "mcp__web__whoami", text: `authorization: Bearer ${TOKEN}`, isError: false },
		]);
		const file = readFileSync(t.session.sessionFile!, "utf8");
		expect(file).not.toContain(TOKEN);
		expect(file).toContain(sessionMessages.redacted);
		expect(t.session.mcp?.getStatus()).toEqual([
			expect.objectContaining({ name: "web", state: "connected", transport: "http" }),
		]);
	});

	it("a URL without a type falls back to the SSE transport when streamable HTTP is refused", async () => {
		const transports = new Map<string, SSEServerTransport>();
		const base = await listen(async (req, res) => {
			const url = new URL(req.url ?? "/", "http://localhost");
			if (req.method === "GET" && url.pathname === "/sse") {
				const transport = new SSEServerTransport("/messages", res);
				transports.set(transport.sessionId, transport);
				await mcpServer(() => req.headers.authorization).connect(transport);
				return;
			}
			if (req.method === "POST" && url.pathname === "/messages") {
				const transport = transports.get(url.searchParams.get("sessionId") ?? "");
				if (!transport) return void res.writeHead(404).end();
				await transport.handlePostMessage(req, res);
				return;
			}
			res.writeHead(405).end();
		});
		t = await createMcpSession({
			user: { legacy: { url: `${base}/sse`, headers: { Authorization: "Bearer legacy" } } },
		});
		t.faux.enqueue({ toolCalls: [{ name: "mcp__legacy__whoami", arguments: {} }] }, { text: "ok" });
		await t.session.prompt("who?");
		expect(toolResultsSeen(t.faux, 1)).toEqual([
			{ name: "mcp__legacy__whoami", text: "authorization: Bearer legacy", isError: false },
		]);
		expect(t.warnings).toEqual([]);
	});

	it("an endpoint that answers 404 to both transports is reported; pi carries on without it", async () => {
		const base = await listen((_req, res) => void res.writeHead(404).end());
		t = await createMcpSession({ user: { gone: { url: `${base}/mcp` } } });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual([]);
		expect(t.warnings).toHaveLength(1);
		expect(t.warnings[0]).toMatch(/^MCP server "gone" could not start: .*404/);
	});
});
