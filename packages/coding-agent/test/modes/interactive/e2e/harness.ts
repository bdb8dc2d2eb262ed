/**
 * A pseudo-terminal harness for the BUILT `pi`: spawns bin/pi.js in a pty (@lydell/node-pty), feeds its output to a
 * real terminal emulator (@xterm/headless) and lets tests type, press keys, wait for text and read the screen.
 * The agent dir is a temp dir whose models.json points a custom provider at the loopback mock server; real
 * provider keys and PI_* variables are stripped from the child's environment.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type IPty, spawn } from "@lydell/node-pty";
import { getAllEnvKeyNames } from "@pi/ai";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import xtermHeadless from "@xterm/headless";
import { afterAll, afterEach, beforeAll } from "vitest";

const { Terminal } = xtermHeadless;

const packageRoot = fileURLToPath(new URL("../../../..", import.meta.url));
export const PI_BIN = join(packageRoot, "bin", "pi.js");

/** Key sequences as a terminal without enhanced keyboard protocols sends them (xterm legacy encoding). */
export const KEYS = {
	enter: "\r",
	escape: "\x1b",
	tab: "\t",
	shiftTab: "\x1b[Z",
	backspace: "\x7f",
	up: "\x1b[A",
	down: "\x1b[B",
	ctrlC: "\x03",
	ctrlD: "\x04",
	ctrlL: "\x0c",
	ctrlO: "\x0f",
	ctrlP: "\x10",
	ctrlT: "\x14",
	/** xterm modifyOtherKeys form of Alt+Enter. */
	altEnter: "\x1b\r",
	/** modifyOtherKeys form of Shift+Enter. */
	shiftEnter: "\x1b[27;2;13~",
} as const;

/** A temp agent dir (models.json, settings.json) and project dir. */
export interface PtyWorld {
	root: string;
	agentDir: string;
	cwd: string;
	cleanup(): void;
}

/** The model every test uses: Anthropic wire API, with reasoning so thinking levels can cycle. */
export const MOCK_MODEL_REF = "mock/mock-model";

export function createPtyWorld(server: MockServer, settings: Record<string, unknown> = {}): PtyWorld {
	const root = mkdtempSync(join(tmpdir(), "pi-tui-e2e-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const models = {
		providers: {
			mock: {
				api: "anthropic-messages",
				baseUrl: server.url,
				apiKey: "test-key-0123456789",
				models: [
					{ id: "mock-model", name: "Mock Model", reasoning: true, contextWindow: 200000 },
					{ id: "mock-small", name: "Mock Small", reasoning: false },
				],
			},
		},
	};
	writeFileSync(join(agentDir, "models.json"), JSON.stringify(models, null, 2));
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({
			defaultProvider: "mock",
			defaultModel: "mock-model",
			defaultThinkingLevel: "off",
			retry: { baseDelayMs: 1, maxRetries: 1 },
			...settings,
		}),
	);
	return { root, agentDir, cwd, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** What a pty test file shares: the mock server and world (set in beforeAll) and the running pi, if any. */
export interface PtyFixture {
	server: MockServer;
	world: PtyWorld;
	pi: PiPty | undefined;
}

/**
 * Registers the hooks a pty test file needs: a mock server and a world for the whole file (`settings` as for
 * createPtyWorld), the running `pi` killed after each test, and both cleaned up after all of them.
 */
export function usePtyWorld(settings: Record<string, unknown> = {}): PtyFixture {
	const fixture = { pi: undefined } as PtyFixture;
	beforeAll(async () => {
		fixture.server = await startMockServer();
		fixture.world = createPtyWorld(fixture.server, settings);
	});
	afterEach(() => {
		fixture.pi?.kill();
		fixture.pi = undefined;
	});
	afterAll(async () => {
		await fixture.server?.close();
		fixture.world?.cleanup();
	});
	return fixture;
}

export interface SpawnOptions {
	args?: string[];
	env?: NodeJS.ProcessEnv;
	columns?: number;
	rows?: number;
}

/** A running `pi` in a pty, read through a terminal emulator. */
export class PiPty {
	readonly pty: IPty;
	private readonly term: InstanceType<typeof Terminal>;
	private output = "";
	private exitCode: number | undefined;
	private readonly exited: Promise<number>;

	constructor(world: PtyWorld, options: SpawnOptions = {}) {
		if (!existsSync(join(packageRoot, "dist", "cli.js"))) {
			throw new Error("packages/coding-agent/dist is missing: run `npx tsc -b packages/coding-agent` first.");
		}
		const columns = options.columns ?? 100;
		const rows = options.rows ?? 30;
		this.term = new Terminal({ cols: columns, rows, scrollback: 5000, allowProposedApi: true });
		this.pty = spawn(process.execPath, [PI_BIN, ...(options.args ?? [])], {
			name: "xterm-256color",
			cols: columns,
			rows,
			cwd: world.cwd,
			env: childEnv(world, options.env) as Record<string, string>,
		});
		this.pty.onData((data) => {
			this.output += data;
			this.term.write(data);
		});
		this.exited = new Promise((resolve) => {
			this.pty.onExit(({ exitCode }) => {
				this.exitCode = exitCode;
				resolve(exitCode);
			});
		});
	}

	/** Types text as keystrokes (one write; the TUI splits it). */
	type(text: string): void {
		this.pty.write(text);
	}

	/** Sends one key or sequence. */
	press(key: string): void {
		this.pty.write(key);
	}

	/** Types a line and presses Enter. */
	async submit(text: string): Promise<void> {
		this.type(text);
		// Let the paste-free typing land before Enter, as a person would.
		await delay(30);
		this.press(KEYS.enter);
	}

	/** The visible screen as text rows (trailing spaces trimmed). */
	screen(): string {
		const buffer = this.term.buffer.active;
		const rows: string[] = [];
		for (let i = 0; i < this.term.rows; i++)
			rows.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? "");
		return rows.join("\n");
	}

	/** Scrollback plus screen as text. */
	allText(): string {
		const buffer = this.term.buffer.active;
		const rows: string[] = [];
		for (let i = 0; i < buffer.length; i++) rows.push(buffer.getLine(i)?.translateToString(true) ?? "");
		return rows.join("\n");
	}

	/** Raw bytes written by pi so far. */
	rawOutput(): string {
		return this.output;
	}

	/** Waits until `text` (string or pattern) appears in scrollback+screen; throws with a snapshot on timeout. */
	async waitForText(text: string | RegExp, timeoutMs = 8000): Promise<void> {
		await this.waitFor(
			() => (typeof text === "string" ? this.allText().includes(text) : text.test(this.allText())),
			`text ${String(text)}`,
			timeoutMs,
		);
	}

	/** Waits until `text` is on the visible screen. */
	async waitForScreen(text: string | RegExp, timeoutMs = 8000): Promise<void> {
		await this.waitFor(
			() => (typeof text === "string" ? this.screen().includes(text) : text.test(this.screen())),
			`screen ${String(text)}`,
			timeoutMs,
		);
	}

	/** Waits until `predicate` holds, polling the emulator. */
	async waitFor(predicate: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			await flush(this.term);
			if (predicate()) return;
			if (this.exitCode !== undefined)
				throw new Error(`pi exited (${this.exitCode}) while waiting for ${what}.\n${this.allText()}`);
			if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}. Screen:\n${this.screen()}`);
			await delay(25);
		}
	}

	/** Resolves with the exit code (kills the process after `timeoutMs`). */
	async waitForExit(timeoutMs = 5000): Promise<number> {
		const timer = setTimeout(() => this.kill(), timeoutMs);
		const code = await this.exited;
		clearTimeout(timer);
		return code;
	}

	get hasExited(): boolean {
		return this.exitCode !== undefined;
	}

	resize(columns: number, rows: number): void {
		this.pty.resize(columns, rows);
		this.term.resize(columns, rows);
	}

	kill(signal = "SIGKILL"): void {
		if (this.exitCode === undefined) {
			try {
				this.pty.kill(signal);
			} catch {
				// already gone
			}
		}
	}
}

function flush(term: InstanceType<typeof Terminal>): Promise<void> {
	return new Promise((resolve) => term.write("", () => resolve()));
}

export function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The child environment: no real provider keys, no PI_* from the developer's shell, the test agent dir. `CI` is
 * dropped too: chalk turns colours off under an unknown CI, and the pty stands for a person's terminal.
 */
export function childEnv(world: PtyWorld, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	const blocked = new Set(getAllEnvKeyNames());
	for (const [name, value] of Object.entries(process.env)) {
		if (blocked.has(name) || name.startsWith("PI_") || name === "COLORFGBG" || name === "CI") continue;
		env[name] = value;
	}
	return { ...env, TERM: "xterm-256color", PI_CODING_AGENT_DIR: world.agentDir, PI_OFFLINE: "1", ...extra };
}
