/**
 * The MCP servers of one session: starts every enabled server in the background (in parallel, never delaying the
 * first frame), offers the tools of connected servers, reports a server that fails or dies once and drops its
 * tools, and lets /mcp and RPC see and change each server's state. A prompt waits for servers still starting, each
 * at most its startup timeout (the connect itself is bounded by it).
 */
import type { AgentTool } from "@pi/agent-core";
import { SecretRedactor } from "../session/index.js";
import { type McpServerConfig, secretValuesOf } from "./config.js";
import { MCP_ERROR_CODES, type McpClientOptions, McpConnection } from "./connection.js";
import { mcpTexts } from "./texts.js";
import { createMcpTool, isToolAllowed } from "./tools.js";

/** Where a server is. */
export type McpServerState = "disabled" | "starting" | "connected" | "failed";

/** One server as /mcp and RPC `get_state` show it (no env or header values: they may be secrets). */
export interface McpServerStatus {
	name: string;
	state: McpServerState;
	transport: McpServerConfig["transport"];
	/** Names of the tools offered to the model (`mcp__<server>__<tool>`). */
	tools: string[];
	/** Why the server failed, stopped, or why tools were skipped. */
	error?: string;
	/** The config file that defined it. */
	source: string;
}

/** What the manager needs from the session around it. */
export interface McpManagerHooks {
	/** Reports a problem (stderr in print mode, a notice in the TUI). */
	warn(message: string): void;
	/** Marks a value as secret, so session files and exports redact it. */
	recordSecret(value: string): void;
	/** Version and inherited environment of the connections. */
	client: McpClientOptions;
}

interface ServerEntry {
	config: McpServerConfig;
	state: McpServerState;
	connection?: McpConnection;
	tools: AgentTool<any, any>[];
	error?: string;
	/** Settles when the current start attempt is over (connected or failed). */
	startup?: Promise<void>;
	/** Bumped by every start/stop, so the end of an older connection is not taken for the current one's. */
	generation: number;
}

export class McpManager {
	private readonly entries: ServerEntry[];
	private readonly listeners = new Set<(tools: AgentTool<any, any>[]) => void>();
	private closed = false;
	private readonly redactor: SecretRedactor;
	/** Waits of waitForStartup, ended by close(). */
	private readonly closeWaiters = new Set<() => void>();

	constructor(
		servers: readonly McpServerConfig[],
		private readonly hooks: McpManagerHooks,
	) {
		this.entries = servers.map((config) => ({
			config,
			state: config.enabled ? "starting" : "disabled",
			tools: [],
			generation: 0,
		}));
		const secrets = this.entries.flatMap(({ config }) => secretValuesOf(config));
		for (const value of secrets) hooks.recordSecret(value);
		// A server may echo its token in an error or on stderr: what pi reports about servers is redacted too.
		this.redactor = new SecretRedactor(secrets);
	}

	/** Starts every enabled server in the background; returns at once. */
	start(): void {
		for (const entry of this.entries) if (entry.config.enabled) this.connect(entry);
	}

	/** The tools of every connected server, in config order. */
	getTools(): AgentTool<any, any>[] {
		return this.entries.flatMap((entry) => (entry.state === "connected" ? entry.tools : []));
	}

	/** Calls `listener` with the tool list now and whenever it changes; returns the removal. */
	onToolsChanged(listener: (tools: AgentTool<any, any>[]) => void): () => void {
		this.listeners.add(listener);
		listener(this.getTools());
		return () => this.listeners.delete(listener);
	}

	/** Each server's state and tools. */
	getStatus(): McpServerStatus[] {
		return this.entries.map(({ config, state, tools, error }) => ({
			name: config.name,
			state,
			transport: config.transport,
			tools: tools.map((tool) => tool.name),
			...(error ? { error } : {}),
			source: config.source,
		}));
	}

	/**
	 * Resolves when no server is starting any more, when `signal` aborts, or when the manager closes. Each start
	 * attempt ends within its server's startup timeout, so this never waits longer than the largest of them.
	 */
	async waitForStartup(signal?: AbortSignal): Promise<void> {
		const pending = this.entries.flatMap((entry) =>
			entry.state === "starting" && entry.startup ? [entry.startup] : [],
		);
		if (pending.length === 0 || signal?.aborted || this.closed) return;
		await new Promise<void>((resolve) => {
			const done = () => {
				signal?.removeEventListener("abort", done);
				this.closeWaiters.delete(done);
				resolve();
			};
			signal?.addEventListener("abort", done, { once: true });
			this.closeWaiters.add(done);
			void Promise.allSettled(pending).then(done);
		});
	}

	/** Stops a server (if running) and starts it again; resolves when the attempt is over. */
	async reconnect(name: string): Promise<McpServerStatus> {
		const entry = this.find(name);
		await this.stop(entry);
		entry.config = { ...entry.config, enabled: true };
		this.connect(entry);
		await entry.startup;
		return this.statusOf(entry);
	}

	/** Enables a server for this session and starts it; resolves when the attempt is over. */
	async enable(name: string): Promise<McpServerStatus> {
		const entry = this.find(name);
		if (entry.state === "connected" || entry.state === "starting") {
			await entry.startup;
			return this.statusOf(entry);
		}
		return this.reconnect(name);
	}

	/** Disables a server for this session: its connection closes and its tools go. */
	async disable(name: string): Promise<McpServerStatus> {
		const entry = this.find(name);
		entry.config = { ...entry.config, enabled: false };
		await this.stop(entry);
		entry.state = "disabled";
		entry.error = undefined;
		return this.statusOf(entry);
	}

	/** Closes every connection (stdio servers end); tools disappear and nothing more is reported. */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		for (const done of [...this.closeWaiters]) done();
		await Promise.all(this.entries.map((entry) => this.stop(entry)));
	}

	private statusOf(entry: ServerEntry): McpServerStatus {
		return this.getStatus().find((status) => status.name === entry.config.name)!;
	}

	private find(name: string): ServerEntry {
		const entry = this.entries.find((candidate) => candidate.config.name === name);
		if (!entry)
			throw new Error(
				mcpTexts.unknownServer(
					name,
					this.entries.map((e) => e.config.name),
				),
			);
		return entry;
	}

	private async stop(entry: ServerEntry): Promise<void> {
		entry.generation++;
		const { connection } = entry;
		const hadTools = entry.tools.length > 0 && entry.state === "connected";
		entry.connection = undefined;
		entry.tools = [];
		if (entry.state === "connected" || entry.state === "starting") entry.state = "failed";
		if (hadTools) this.notifyTools();
		await connection?.close();
	}

	private connect(entry: ServerEntry): void {
		if (this.closed) return;
		const generation = ++entry.generation;
		entry.state = "starting";
		entry.error = undefined;
		const current = () => entry.generation === generation && !this.closed;
		entry.startup = this.open(entry, current).catch((error: Error) => {
			if (!current()) return;
			entry.state = "failed";
			entry.error = this.redactor.redact(error.message);
			this.warn(mcpTexts.startFailed(entry.config.name, entry.error));
		});
	}

	private async open(entry: ServerEntry, current: () => boolean): Promise<void> {
		const { config } = entry;
		const started = Date.now();
		const connection = await McpConnection.open(
			config,
			{
				onClose: (reason) => this.lost(entry, current, reason),
				onGarbage: () => this.warn(mcpTexts.garbage(config.name)),
				onToolsChanged: () => void this.refreshTools(entry, current),
			},
			this.hooks.client,
		);
		if (!current()) {
			await connection.close();
			return;
		}
		entry.connection = connection;
		const remaining = Math.max(1, config.startupTimeoutMs - (Date.now() - started));
		try {
			entry.tools = this.buildTools(entry, await connection.listTools(remaining));
		} catch (error) {
			entry.connection = undefined;
			await connection.close();
			const timedOut = (error as { code?: unknown }).code === MCP_ERROR_CODES.requestTimeout;
			throw timedOut ? new Error(mcpTexts.startupTimeout(config.startupTimeoutMs)) : error;
		}
		if (!current()) return;
		entry.state = "connected";
		this.notifyTools();
	}

	/** The server announced a new tool list: fetch it and swap the tools. */
	private async refreshTools(entry: ServerEntry, current: () => boolean): Promise<void> {
		const { connection } = entry;
		if (!connection || entry.state !== "connected") return;
		try {
			const listed = await connection.listTools(entry.config.startupTimeoutMs);
			if (!current()) return;
			entry.tools = this.buildTools(entry, listed);
			this.notifyTools();
		} catch {
			// The old list stays; a dead server is reported through its close.
		}
	}

	private buildTools(entry: ServerEntry, listed: Awaited<ReturnType<McpConnection["listTools"]>>) {
		const host = { config: entry.config, connection: () => entry.connection };
		const tools: AgentTool<any, any>[] = [];
		const skipped: string[] = [];
		for (const tool of listed) {
			if (!isToolAllowed(entry.config, tool.name)) continue;
			const created = createMcpTool(host, tool);
			const reason = !created.ok
				? created.reason
				: tools.some((other) => other.name === created.tool.name)
					? mcpTexts.duplicateName(created.tool.name)
					: undefined;
			if (reason || !created.ok) {
				const message = mcpTexts.toolSkipped(entry.config.name, tool.name, reason!);
				skipped.push(message);
				this.warn(message);
				continue;
			}
			tools.push(created.tool);
		}
		entry.error = skipped.length > 0 ? skipped.join("\n") : undefined;
		return tools;
	}

	private lost(entry: ServerEntry, current: () => boolean, reason: string): void {
		if (!current()) return;
		entry.generation++;
		const wasConnected = entry.state === "connected";
		entry.state = "failed";
		entry.error = this.redactor.redact(reason);
		entry.connection = undefined;
		entry.tools = [];
		this.warn(mcpTexts.died(entry.config.name, entry.error));
		if (wasConnected) this.notifyTools();
	}

	private warn(message: string): void {
		this.hooks.warn(this.redactor.redact(message));
	}

	private notifyTools(): void {
		const tools = this.getTools();
		for (const listener of this.listeners) listener(tools);
	}
}
