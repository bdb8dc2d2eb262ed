/**
 * Runs the BUILT `pi` (bin/pi.js → dist/) as a child process against the loopback mock server. The agent dir is a
 * temp dir whose models.json has one custom provider per wire API; real provider keys are stripped from the
 * child's environment so no test can reach a real service.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getAllEnvKeyNames } from "@pi/ai";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";

const packageRoot = fileURLToPath(new URL("../..", import.meta.url));
/** The launcher users run. */
export const PI_BIN = join(packageRoot, "bin", "pi.js");

/** Providers in the test models.json: one per wire API, each with a `mock-model`. */
export const MOCK_PROVIDERS = {
	openai: "mock-openai",
	responses: "mock-responses",
	anthropic: "mock-anthropic",
	google: "mock-google",
} as const;

/** `--model` value of the default test model. */
export const MOCK_MODEL = "mock-openai/mock-model";

export function assertBuilt(): void {
	if (!existsSync(join(packageRoot, "dist", "cli.js"))) {
		throw new Error("packages/coding-agent/dist is missing: run `npx tsc -b packages/coding-agent` first.");
	}
}

/** A temp agent dir and project dir wired to `server`. */
export interface TestWorld {
	agentDir: string;
	cwd: string;
	cleanup(): void;
}

export function createWorld(server: MockServer, settings: Record<string, unknown> = {}): TestWorld {
	const root = mkdtempSync(join(tmpdir(), "pi-cli-test-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const provider = (api: string, baseUrl: string, extra: Record<string, unknown> = {}) => ({
		api,
		baseUrl,
		apiKey: "test-key",
		models: [{ id: "mock-model", name: "Mock Model", ...extra }],
	});
	const models = {
		providers: {
			[MOCK_PROVIDERS.openai]: provider("openai-completions", `${server.url}/v1`),
			[MOCK_PROVIDERS.responses]: provider("openai-responses", `${server.url}/v1`),
			[MOCK_PROVIDERS.anthropic]: provider("anthropic-messages", server.url, {
				reasoning: true,
				input: ["text", "image"],
			}),
			[MOCK_PROVIDERS.google]: provider("google-generative-ai", `${server.url}/v1beta`),
		},
	};
	writeFileSync(join(agentDir, "models.json"), JSON.stringify(models, null, 2));
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ retry: { baseDelayMs: 1, maxRetries: 1 }, defaultThinkingLevel: "off", ...settings }),
	);
	return { agentDir, cwd, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The per-project session dir of `cwd` (session-format.md §1). */
export function projectSessionDir(world: TestWorld, cwd: string = world.cwd): string {
	const encoded = cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-");
	return join(world.agentDir, "sessions", `--${encoded}--`);
}

/** Variables through which the AWS and Google SDKs find credentials of their own (Bedrock, Vertex count as usable). */
const AMBIENT_CREDENTIAL_ENV =
	/^(AWS_.*|GOOGLE_APPLICATION_CREDENTIALS|GOOGLE_CLOUD_PROJECT|GCLOUD_PROJECT|CLOUDSDK_CONFIG)$/;

/** The child environment: no real keys or cloud credentials, no PI_* from the developer's shell, the test agent dir. */
export function childEnv(world: TestWorld, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	const blocked = new Set(getAllEnvKeyNames());
	for (const [name, value] of Object.entries(process.env)) {
		if (blocked.has(name) || name.startsWith("PI_") || AMBIENT_CREDENTIAL_ENV.test(name)) continue;
		env[name] = value;
	}
	return { ...env, PI_CODING_AGENT_DIR: world.agentDir, PI_OFFLINE: "1", ...extra };
}

export interface PiResult {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Runs pi to completion. stdin is a closed pipe unless `stdin` text is given. */
export function runPi(
	world: TestWorld,
	args: string[],
	options: { stdin?: string | Buffer; env?: NodeJS.ProcessEnv } = {},
): Promise<PiResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [PI_BIN, ...args], {
			cwd: world.cwd,
			env: childEnv(world, options.env),
			stdio: ["pipe", "pipe", "pipe"],
		});
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.on("error", reject);
		child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
		child.stdin.end(options.stdin ?? "");
	});
}

/** One mock server for a test file. */
export async function startServer(): Promise<MockServer> {
	assertBuilt();
	return startMockServer();
}

export type { MockServer };

/** The mock server and test world of one test file; read them inside tests and hooks, after `beforeAll` ran. */
export interface CliWorld {
	readonly server: MockServer;
	readonly world: TestWorld;
}

/**
 * Registers the hooks that give a test file one mock server and one test world (with `settings` as its settings.json),
 * both torn down after the file. With `resetServerEachTest`, every test starts with no queued replies and no recorded
 * requests.
 */
export function useCliWorld(
	options: { resetServerEachTest?: boolean; settings?: Record<string, unknown> } = {},
): CliWorld {
	let server: MockServer | undefined;
	let world: TestWorld | undefined;
	beforeAll(async () => {
		server = await startServer();
		world = createWorld(server, options.settings);
	});
	afterAll(async () => {
		world?.cleanup();
		await server?.close();
	});
	if (options.resetServerEachTest) beforeEach(() => server!.reset());
	return {
		get server() {
			if (!server) throw new Error("useCliWorld: the mock server is read before beforeAll ran");
			return server;
		},
		get world() {
			if (!world) throw new Error("useCliWorld: the test world is read before beforeAll ran");
			return world;
		},
	};
}

/**
 * The text of the last user message of each request the mock server received (chat-completions bodies, as
 * MOCK_MODEL sends them), text parts joined.
 */
export function requestUserTexts(server: MockServer): string[] {
	return server.requests.map((request) => {
		const messages = request.body.messages as { role: string; content: string | { type: string; text?: string }[] }[];
		const content = messages.filter((m) => m.role === "user").at(-1)!.content;
		return typeof content === "string"
			? content
			: content
					.filter((part) => part.type === "text")
					.map((part) => part.text)
					.join("");
	});
}

/** A running `pi` child driven with raw stdin text (framing, lifecycle and signal tests). */
export interface PiProcess {
	/** Writes raw text or bytes to stdin (add the "\n" yourself). */
	write(text: string | Buffer): void;
	/** Complete stdout lines so far, parsed; a line that is not JSON is kept as `{ unparsed: <line> }`. */
	lines: Record<string, any>[];
	/** Raw stdout text so far. */
	stdout(): string;
	stderr(): string;
	/** Resolves with the first line (already received or later) matching `predicate`. */
	waitFor(predicate: (line: Record<string, any>) => boolean, timeoutMs?: number): Promise<Record<string, any>>;
	endInput(): void;
	kill(signal: NodeJS.Signals): void;
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A {@link PiProcess} in RPC mode. */
export type RawRpc = PiProcess;

function parseOutputLine(line: string): Record<string, any> {
	try {
		return JSON.parse(line);
	} catch {
		return { unparsed: line };
	}
}

/** Starts `pi <args>` with stdin an open pipe. */
export function startPi(world: TestWorld, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): PiProcess {
	const child = spawn(process.execPath, [PI_BIN, ...args], {
		cwd: world.cwd,
		env: childEnv(world, options.env),
		stdio: ["pipe", "pipe", "pipe"],
	});
	let out = "";
	let err = "";
	const lines: Record<string, any>[] = [];
	const watchers = new Set<() => void>();
	child.stdout.on("data", (chunk: Buffer) => {
		out += chunk.toString("utf8");
		const complete = out.split("\n").slice(0, -1);
		for (const line of complete.slice(lines.length)) lines.push(parseOutputLine(line));
		for (const watcher of [...watchers]) watcher();
	});
	child.stderr.on("data", (chunk: Buffer) => {
		err += chunk.toString("utf8");
	});
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.on("close", (code, signal) => resolve({ code, signal })),
	);
	return {
		write: (text) => child.stdin.write(text),
		lines,
		stdout: () => out,
		stderr: () => err,
		waitFor: (predicate, timeoutMs = 15_000) =>
			new Promise((resolve, reject) => {
				const check = () => {
					const found = lines.find(predicate);
					if (!found) return false;
					watchers.delete(check);
					clearTimeout(timer);
					resolve(found);
					return true;
				};
				const timer = setTimeout(() => {
					watchers.delete(check);
					reject(new Error(`timed out waiting for a line; stdout so far:\n${out}\nstderr:\n${err}`));
				}, timeoutMs);
				if (!check()) watchers.add(check);
			}),
		endInput: () => child.stdin.end(),
		kill: (signal) => child.kill(signal),
		exited,
	};
}

/** Starts `pi --mode rpc <args>`. */
export function startRawRpc(
	world: TestWorld,
	args: string[] = [],
	options: { env?: NodeJS.ProcessEnv } = {},
): PiProcess {
	return startPi(world, ["--mode", "rpc", ...args], options);
}

/** Resolves once `condition` holds, checking every 10 ms (e.g. the mock server received a request). */
export async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error("timed out waiting for a condition");
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

/** `node --import` preload that makes every HTTP request write stray text to stdout (stdout purity tests). */
export const NOISY_FETCH_PRELOAD = join(packageRoot, "test", "cli", "fixtures", "noisy-fetch.mjs");
