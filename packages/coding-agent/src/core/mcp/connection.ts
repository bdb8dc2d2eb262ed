/**
 * One live connection to an MCP server over the official SDK: stdio (a child process), streamable HTTP, or the
 * older HTTP+SSE transport (tried when streamable HTTP fails and the config did not name a transport). The SDK is
 * imported here, on the first connection, so sessions without MCP servers never load it.
 */

import { existsSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, ResultSchema as ResultSchemaType } from "@modelcontextprotocol/sdk/types.js";
import { isPlainObject } from "../config/json-path.js";
import type { McpServerConfig } from "./config.js";
import { mcpTexts } from "./texts.js";

/** What a connection tells its owner. */
export interface McpConnectionHooks {
	/** The connection closed without close() being called (the process exited, the HTTP stream failed). */
	onClose(reason: string): void;
	/** The server wrote something that is not JSON-RPC (called once per connection). */
	onGarbage(): void;
	/** The server announced a changed tool list (`notifications/tools/list_changed`). */
	onToolsChanged(): void;
}

/** A progress notification's content. */
export interface McpProgress {
	progress: number;
	total?: number;
	message?: string;
}

/** Options of one tool call. */
export interface McpCallOptions {
	signal?: AbortSignal;
	timeoutMs: number;
	onProgress?: (progress: McpProgress) => void;
}

/** What every connection of a session shares. */
export interface McpClientOptions {
	/** Version sent to servers in the handshake. */
	version: string;
	/** Environment a stdio server inherits (pi's own, from the session's options), its `env` added on top. */
	env: NodeJS.ProcessEnv;
}

/** The SDK's own request timeout is switched off for tool calls (the longest timer Node allows): pi runs its own. */
const NO_SDK_TIMEOUT = 2_147_483_647;

/** A tool as a server lists it; only `name` is checked (the schema is judged by schema.ts). */
export interface ListedTool {
	name: string;
	title?: string;
	description?: string;
	inputSchema?: unknown;
	annotations?: { title?: string };
}

/** How many bytes of a server's stderr are kept to explain a failure. */
const STDERR_TAIL_BYTES = 2000;

/** The SDK's error codes pi tells apart (the SDK's `ErrorCode` enum, without importing its schemas for it). */
export const MCP_ERROR_CODES = { connectionClosed: -32000, requestTimeout: -32001 } as const;

/** A failure while connecting, with the reason for the user. */
export class McpConnectError extends Error {}

function rejectAfter(ms: number, onTimeout: () => void): { promise: Promise<never>; cancel: () => void } {
	let timer: NodeJS.Timeout | undefined;
	const promise = new Promise<never>((_, reject) => {
		timer = setTimeout(() => {
			onTimeout();
			reject(new McpConnectError(mcpTexts.startupTimeout(ms)));
		}, ms);
	});
	return { promise, cancel: () => clearTimeout(timer) };
}

/** Whether an error reported by a transport is a line it could not parse (the server wrote garbage on stdout). */
function isParseError(error: Error): boolean {
	return error instanceof SyntaxError || error.name === "ZodError" || /JSON/i.test(error.message);
}

/** The environment of a stdio server: the inherited one (minus unset values) plus the configured `env`. */
function serverEnvironment(config: McpServerConfig, inherited: NodeJS.ProcessEnv): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [key, value] of Object.entries(inherited)) if (value !== undefined) env[key] = value;
	return { ...env, ...config.env };
}

export class McpConnection {
	private closing = false;
	private connected = false;
	private stderrTail = "";
	private garbageReported = false;
	private progressCounter = 0;
	private readonly progressListeners = new Map<string, (progress: McpProgress) => void>();

	private constructor(
		readonly config: McpServerConfig,
		private readonly client: Client,
		private readonly hooks: McpConnectionHooks,
		/** The SDK's schema of any result: tool lists are checked per tool here, not as a whole by the SDK. */
		private readonly anyResult: typeof ResultSchemaType,
		private readonly inheritedEnv: NodeJS.ProcessEnv,
	) {}

	/**
	 * Connects and completes the MCP handshake within `config.startupTimeoutMs`, trying SSE after a failed streamable
	 * HTTP attempt when the config allows it. Throws McpConnectError with a reason for the user.
	 */
	static async open(
		config: McpServerConfig,
		hooks: McpConnectionHooks,
		options: McpClientOptions,
	): Promise<McpConnection> {
		const started = Date.now();
		const remaining = () => Math.max(1, config.startupTimeoutMs - (Date.now() - started));
		if (config.transport === "http" && config.sseFallback) {
			try {
				return await McpConnection.openWith(config, "http", hooks, options, remaining());
			} catch (error) {
				if (Date.now() - started >= config.startupTimeoutMs) throw error;
				try {
					return await McpConnection.openWith(config, "sse", hooks, options, remaining());
				} catch {
					// The server speaks neither; the streamable HTTP failure is the one that explains it.
					throw error;
				}
			}
		}
		return McpConnection.openWith(config, config.transport, hooks, options, remaining());
	}

	private static async openWith(
		config: McpServerConfig,
		kind: McpServerConfig["transport"],
		hooks: McpConnectionHooks,
		options: McpClientOptions,
		timeoutMs: number,
	): Promise<McpConnection> {
		const [{ Client }, { ProgressNotificationSchema, ResultSchema, ToolListChangedNotificationSchema }] =
			await Promise.all([
				import("@modelcontextprotocol/sdk/client/index.js"),
				import("@modelcontextprotocol/sdk/types.js"),
			]);
		const client = new Client({ name: "pi", version: options.version }, { capabilities: {} });
		const connection = new McpConnection(config, client, hooks, ResultSchema, options.env);
		// Set before connecting: servers that print a banner on stdout do it before the handshake.
		client.onerror = (error) => connection.reportError(error);
		client.onclose = () => connection.reportClose();
		client.setNotificationHandler(ToolListChangedNotificationSchema, () => hooks.onToolsChanged());
		// Replaces the SDK's own progress handling (see callTool).
		client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
			const { progressToken, ...progress } = notification.params;
			connection.progressListeners.get(String(progressToken))?.(progress);
		});
		const transport = await connection.createTransport(kind);
		const timeout = rejectAfter(timeoutMs, () => void client.close().catch(() => {}));
		try {
			await Promise.race([client.connect(transport, { timeout: timeoutMs }), timeout.promise]);
		} catch (error) {
			connection.closing = true;
			await client.close().catch(() => {});
			throw new McpConnectError(connection.describeFailure(error));
		} finally {
			timeout.cancel();
		}
		connection.connected = true;
		return connection;
	}

	private reportError(error: Error): void {
		if (!isParseError(error) || this.garbageReported) return;
		this.garbageReported = true;
		this.hooks.onGarbage();
	}

	/** A close before the handshake completed is a start failure (reported by open), not a death. */
	private reportClose(): void {
		if (this.closing || !this.connected) return;
		this.closing = true;
		this.hooks.onClose(this.closedReason());
	}

	private async createTransport(kind: McpServerConfig["transport"]): Promise<Transport> {
		const { config } = this;
		if (kind === "stdio") {
			// Node reports a missing working directory as the command not being found: say what is missing.
			if (config.cwd && !existsSync(config.cwd)) throw new McpConnectError(mcpTexts.noCwd(config.cwd));
			const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
			const transport = new StdioClientTransport({
				command: config.command!,
				args: config.args,
				env: serverEnvironment(config, this.inheritedEnv),
				...(config.cwd ? { cwd: config.cwd } : {}),
				// Never "inherit": a server's logs would land in the TUI or in print mode's output.
				stderr: "pipe",
			});
			transport.stderr?.on("data", (chunk: Buffer) => {
				this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_BYTES);
			});
			return transport;
		}
		const url = new URL(config.url!);
		const requestInit = { headers: config.headers };
		if (kind === "sse") {
			const { SSEClientTransport } = await import("@modelcontextprotocol/sdk/client/sse.js");
			return new SSEClientTransport(url, { requestInit });
		}
		const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
		return new StreamableHTTPClientTransport(url, { requestInit });
	}

	/** Why the connection is gone: the last line the server wrote on stderr helps more than "Connection closed". */
	private closedReason(): string {
		const lastLine = this.stderrTail.trim().split("\n").at(-1)?.trim() ?? "";
		return mcpTexts.exited(lastLine ? `stderr: ${lastLine.slice(0, 300)}` : "");
	}

	private describeFailure(error: unknown): string {
		if (error instanceof McpConnectError) return error.message;
		const code = (error as { code?: unknown }).code;
		if (code === "ENOENT" || code === "EACCES") {
			return mcpTexts.spawnFailed(this.config.command ?? "", (error as Error).message);
		}
		if (code === MCP_ERROR_CODES.connectionClosed) return this.closedReason();
		if (code === MCP_ERROR_CODES.requestTimeout) return mcpTexts.startupTimeout(this.config.startupTimeoutMs);
		const message = (error as Error).message ?? String(error);
		// The HTTP transports put the response status in `code` and often leave the message without it.
		return typeof code === "number" && code >= 100 && code < 600 ? mcpTexts.httpFailure(message, code) : message;
	}

	/**
	 * Every tool the server lists (following pagination). The SDK's own listTools rejects the whole list when one
	 * tool is malformed; here each entry with a name is kept, and its schema is judged when it becomes a tool.
	 */
	async listTools(timeoutMs: number): Promise<ListedTool[]> {
		const tools: ListedTool[] = [];
		let cursor: string | undefined;
		do {
			const page = (await this.client.request(
				{ method: "tools/list", params: cursor ? { cursor } : {} },
				this.anyResult,
				{ timeout: timeoutMs },
			)) as { tools?: unknown; nextCursor?: unknown };
			for (const tool of Array.isArray(page.tools) ? page.tools : []) {
				if (isPlainObject(tool) && typeof tool.name === "string" && tool.name !== "")
					tools.push(tool as unknown as ListedTool);
			}
			cursor = typeof page.nextCursor === "string" && page.nextCursor !== "" ? page.nextCursor : undefined;
		} while (cursor);
		return tools;
	}

	/**
	 * Calls a tool. Progress notifications reach `onProgress` and restart the timeout; the timeout and `signal` both
	 * cancel the request on the server (`notifications/cancelled`). Rejects with the SDK's McpError, or with an error
	 * whose `code` is MCP_ERROR_CODES.requestTimeout when the timeout fired.
	 */
	async callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<CallToolResult> {
		// pi tracks progress and the timeout itself instead of through the SDK's `onprogress`: the SDK drops a progress
		// notification that arrives in the same read as the result (it forgets the token before the notification's
		// handler runs), and a tool update must be delivered before the call returns.
		const token = `pi-${++this.progressCounter}`;
		const controller = new AbortController();
		const { signal } = options;
		const onAbort = () => controller.abort(signal?.reason);
		if (signal?.aborted) onAbort();
		else signal?.addEventListener("abort", onAbort, { once: true });
		let timedOut = false;
		let timer: NodeJS.Timeout | undefined;
		const arm = () => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				timedOut = true;
				controller.abort();
			}, options.timeoutMs);
		};
		this.progressListeners.set(token, (progress) => {
			arm();
			options.onProgress?.(progress);
		});
		arm();
		try {
			const result = await this.client.callTool({ name, arguments: args, _meta: { progressToken: token } }, undefined, {
				signal: controller.signal,
				timeout: NO_SDK_TIMEOUT,
			});
			// Servers of the 2024-10-07 protocol answer `{toolResult}` instead of content blocks.
			if (!("content" in result) && "toolResult" in result) {
				return { content: [{ type: "text", text: JSON.stringify(result.toolResult) }] };
			}
			return result as CallToolResult;
		} catch (error) {
			if (timedOut) throw Object.assign(new Error("timeout"), { code: MCP_ERROR_CODES.requestTimeout });
			throw error;
		} finally {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
			this.progressListeners.delete(token);
		}
	}

	/** The reason the connection is gone (for tool calls that fail because of it). */
	get lostReason(): string {
		return this.closedReason();
	}

	/** Closes the connection (ending a stdio server: stdin closed, then SIGTERM, then SIGKILL). */
	async close(): Promise<void> {
		this.closing = true;
		await this.client.close().catch(() => {});
	}
}
