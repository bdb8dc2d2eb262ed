/**
 * `RpcClient`: drives a `pi --mode rpc` child process from TypeScript. One typed method per command (rpc.md §4),
 * responses correlated by id, events delivered to listeners, and helpers that wait for the session to go idle.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ImageContent } from "@pi/ai";
import type { QueueMode } from "../../core/config/settings.js";
import { LineSplitter, serializeLine } from "./framing.js";
import type {
	ExtensionUiResponse,
	RpcCommandData,
	RpcCommandFields,
	RpcCommandType,
	RpcEvent,
	RpcResponse,
	RpcThinkingLevel,
} from "./protocol.js";

export interface RpcClientOptions {
	/** Executable to start. Default: the running node binary. */
	command?: string;
	/** Arguments; `--mode rpc` is appended. Default: this package's built CLI. */
	args?: string[];
	cwd?: string;
	env?: NodeJS.ProcessEnv;
}

/** A failure response, thrown by the typed methods. */
export class RpcCommandError extends Error {
	constructor(
		readonly command: string,
		message: string,
	) {
		super(message);
		this.name = "RpcCommandError";
	}
}

type EventListener = (event: RpcEvent) => void;

interface Waiter {
	resolve: (response: RpcResponse) => void;
	reject: (error: Error) => void;
}

/**
 * The default CLI: this package's `bin/pi.js` (from dist/modes/rpc/), the launcher that runs the start-up bundle
 * when it is current, as the `pi` command does.
 */
const DEFAULT_CLI = fileURLToPath(new URL("../../../bin/pi.js", import.meta.url));

export class RpcClient {
	private child: ChildProcess | undefined;
	private readonly listeners = new Set<EventListener>();
	private readonly waiters = new Map<string, Waiter>();
	private nextId = 1;
	private stderrText = "";
	private exitPromise: Promise<number | null> | undefined;

	constructor(private readonly options: RpcClientOptions = {}) {}

	/** Spawns pi. Must be called before any command. */
	async start(): Promise<void> {
		if (this.child) throw new Error("RpcClient already started");
		const args = [...(this.options.args ?? [DEFAULT_CLI]), "--mode", "rpc"];
		const child = spawn(this.options.command ?? process.execPath, args, {
			cwd: this.options.cwd,
			env: this.options.env ?? process.env,
			stdio: ["pipe", "pipe", "pipe"],
		});
		this.child = child;
		const splitter = new LineSplitter();
		child.stdout!.on("data", (chunk: Buffer) => {
			for (const line of splitter.push(chunk)) this.receive(line);
		});
		child.stderr!.on("data", (chunk: Buffer) => {
			this.stderrText += chunk.toString("utf8");
		});
		this.exitPromise = new Promise((resolve) => {
			child.on("exit", (code, signal) => {
				const reason = new Error(
					`pi exited (${signal ?? `code ${code}`}) before responding${this.stderrText ? `: ${this.stderrText.trim()}` : ""}`,
				);
				for (const waiter of this.waiters.values()) waiter.reject(reason);
				this.waiters.clear();
				resolve(code);
			});
		});
		await new Promise<void>((resolve, reject) => {
			child.once("spawn", () => resolve());
			child.once("error", reject);
		});
	}

	/** Everything pi wrote to stderr so far. */
	getStderr(): string {
		return this.stderrText;
	}

	/** Subscribes to events (every line without a response type). Returns the unsubscribe function. */
	onEvent(listener: EventListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Sends a command and resolves with its response, success or failure. */
	send<T extends RpcCommandType>(type: T, fields?: RpcCommandFields[T]): Promise<RpcResponse> {
		const child = this.child;
		if (!child?.stdin?.writable) return Promise.reject(new Error("RpcClient is not running"));
		const id = `c${this.nextId++}`;
		return new Promise((resolve, reject) => {
			this.waiters.set(id, { resolve, reject });
			child.stdin!.write(serializeLine({ id, type, ...fields }));
		});
	}

	/** Sends a command; resolves with its `data`, throws `RpcCommandError` on a failure response. */
	async request<T extends RpcCommandType>(type: T, fields?: RpcCommandFields[T]): Promise<RpcCommandData[T]> {
		const response = await this.send(type, fields);
		if (!response.success) throw new RpcCommandError(response.command, response.error);
		return response.data as RpcCommandData[T];
	}

	/** Writes a raw line to pi's stdin (for protocol tests and dialog replies). */
	writeLine(line: string): void {
		this.child?.stdin?.write(line.endsWith("\n") ? line : `${line}\n`);
	}

	/** Answers an `extension_ui_request`. */
	respondToUi(reply: ExtensionUiResponse): void {
		this.writeLine(serializeLine(reply));
	}

	prompt(message: string, options: { images?: ImageContent[]; streamingBehavior?: "steer" | "followUp" } = {}) {
		return this.request("prompt", { message, ...options });
	}
	steer(message: string, images?: ImageContent[]) {
		return this.request("steer", { message, ...optional("images", images) });
	}
	followUp(message: string, images?: ImageContent[]) {
		return this.request("follow_up", { message, ...optional("images", images) });
	}
	abort() {
		return this.request("abort");
	}
	newSession(parentSession?: string) {
		return this.request("new_session", optional("parentSession", parentSession));
	}
	getState() {
		return this.request("get_state");
	}
	setModel(provider: string, modelId: string) {
		return this.request("set_model", { provider, modelId });
	}
	cycleModel(direction?: "forward" | "backward") {
		return this.request("cycle_model", optional("direction", direction));
	}
	getAvailableModels() {
		return this.request("get_available_models");
	}
	setThinkingLevel(level: RpcThinkingLevel) {
		return this.request("set_thinking_level", { level });
	}
	cycleThinkingLevel() {
		return this.request("cycle_thinking_level");
	}
	setSteeringMode(mode: QueueMode) {
		return this.request("set_steering_mode", { mode });
	}
	setFollowUpMode(mode: QueueMode) {
		return this.request("set_follow_up_mode", { mode });
	}
	compact(customInstructions?: string) {
		return this.request("compact", optional("customInstructions", customInstructions));
	}
	setAutoCompaction(enabled: boolean) {
		return this.request("set_auto_compaction", { enabled });
	}
	setAutoRetry(enabled: boolean) {
		return this.request("set_auto_retry", { enabled });
	}
	abortRetry() {
		return this.request("abort_retry");
	}
	bash(command: string, excludeFromContext?: boolean) {
		return this.request("bash", { command, ...optional("excludeFromContext", excludeFromContext) });
	}
	abortBash() {
		return this.request("abort_bash");
	}
	getSessionStats() {
		return this.request("get_session_stats");
	}
	exportHtml(outputPath?: string) {
		return this.request("export_html", optional("outputPath", outputPath));
	}
	switchSession(sessionPath: string) {
		return this.request("switch_session", { sessionPath });
	}
	fork(entryId: string) {
		return this.request("fork", { entryId });
	}
	clone() {
		return this.request("clone");
	}
	getForkMessages() {
		return this.request("get_fork_messages");
	}
	getLastAssistantText() {
		return this.request("get_last_assistant_text");
	}
	setSessionName(name: string) {
		return this.request("set_session_name", { name });
	}
	getMessages() {
		return this.request("get_messages");
	}
	getCommands() {
		return this.request("get_commands");
	}

	/**
	 * Resolves when the session is idle: not streaming, no retry or overflow recovery pending. Checks after every
	 * `agent_end`, since a retry keeps the session busy past it.
	 */
	waitForIdle(timeoutMs = 60_000): Promise<void> {
		return new Promise((resolve, reject) => {
			let done = false;
			const finish = (error?: Error) => {
				if (done) return;
				done = true;
				clearTimeout(timer);
				unsubscribe();
				if (error) reject(error);
				else resolve();
			};
			const check = () => {
				this.getState().then(
					(state) => {
						if (!state.isStreaming && !state.isCompacting) finish();
					},
					(error: Error) => finish(error),
				);
			};
			const timer = setTimeout(() => finish(new Error(`pi did not become idle within ${timeoutMs} ms`)), timeoutMs);
			const unsubscribe = this.onEvent((event) => {
				if (event.type === "agent_end" || event.type === "compaction_end" || event.type === "auto_retry_end") check();
			});
			check();
		});
	}

	/** Sends a prompt and resolves with every event emitted until the session is idle again. */
	async promptAndWait(
		message: string,
		options: { images?: ImageContent[]; timeoutMs?: number } = {},
	): Promise<RpcEvent[]> {
		const events: RpcEvent[] = [];
		const unsubscribe = this.onEvent((event) => events.push(event));
		try {
			await this.prompt(message, options.images ? { images: options.images } : {});
			await this.waitForIdle(options.timeoutMs);
			return events;
		} finally {
			unsubscribe();
		}
	}

	/**
	 * Closes pi's stdin and resolves with the exit code. pi aborts a run or command still under way (docs/rpc.md,
	 * "Lifecycle"): call `waitForIdle()` first to let it finish.
	 */
	async close(): Promise<number | null> {
		if (!this.child) return null;
		this.child.stdin?.end();
		return this.exitPromise!;
	}

	/** Kills pi at once. */
	dispose(): void {
		if (this.child && this.child.exitCode === null) this.child.kill("SIGKILL");
	}

	/** Resolves with the exit code once pi has exited. */
	waitForExit(): Promise<number | null> {
		return this.exitPromise ?? Promise.resolve(null);
	}

	/** Sends a signal to pi. */
	kill(signal: NodeJS.Signals): void {
		this.child?.kill(signal);
	}

	private receive(line: string): void {
		if (line.trim() === "") return;
		let value: RpcResponse | RpcEvent;
		try {
			value = JSON.parse(line);
		} catch {
			this.stderrText += `[non-JSON stdout line] ${line}\n`;
			return;
		}
		if (value.type === "response") {
			const id = (value as RpcResponse).id;
			const waiter = typeof id === "string" ? this.waiters.get(id) : undefined;
			if (waiter) {
				this.waiters.delete(id as string);
				waiter.resolve(value as RpcResponse);
			}
			return;
		}
		for (const listener of [...this.listeners]) listener(value as RpcEvent);
	}
}

/** `{ [key]: value }`, or `{}` when `value` is undefined: an optional command field is left out, never sent empty. */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
	return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
