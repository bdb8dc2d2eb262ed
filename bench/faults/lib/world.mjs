// A throw-away pi world for one fault case: a temp agent dir whose models.json has one provider per wire API (all
// pointing at the loopback mock server), a project dir, and helpers that run the BUILT `pi` in it.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDist } from "../../lib/mock-server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
/** The launcher users run. */
export const PI = join(root, "packages", "coding-agent", "bin", "pi.js");

/** Provider names in the fault models.json: one per wire API, each with a `mock-model`. */
export const PROVIDERS = {
	"openai-completions": "mock-openai",
	"openai-responses": "mock-responses",
	"anthropic-messages": "mock-anthropic",
	"google-generative-ai": "mock-google",
};

/** `--model` value for a wire API. */
export const modelFor = (api) => `${PROVIDERS[api]}/mock-model`;

/** The models.json of a world: `apiKeys` maps a provider name to the key it configures (default "fault-key"). */
export function modelsJson(serverUrl, apiKeys = {}) {
	const base = {
		"openai-completions": `${serverUrl}/v1`,
		"openai-responses": `${serverUrl}/v1`,
		"anthropic-messages": serverUrl,
		"google-generative-ai": `${serverUrl}/v1beta`,
	};
	const providers = {};
	for (const [api, name] of Object.entries(PROVIDERS)) {
		providers[name] = {
			api,
			baseUrl: base[api],
			...(apiKeys[name] === null ? {} : { apiKey: apiKeys[name] ?? "fault-key" }),
			models: [{ id: "mock-model", name: "Mock Model" }],
		};
	}
	return { providers };
}

/** Settings that keep a case fast: short retry waits, no thinking. */
export const FAST_SETTINGS = { retry: { baseDelayMs: 1, maxRetries: 2 }, defaultThinkingLevel: "off" };

/**
 * Creates a world: `{root, agentDir, cwd, cleanup()}`. `settings` replaces FAST_SETTINGS when given; `models` the
 * models.json object.
 */
export function createWorld(serverUrl, { settings = FAST_SETTINGS, models } = {}) {
	const dir = mkdtempSync(join(tmpdir(), "pi-faults-"));
	const agentDir = join(dir, "agent");
	const cwd = join(dir, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(join(agentDir, "models.json"), JSON.stringify(models ?? modelsJson(serverUrl), null, 2));
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings, null, 2));
	return { root: dir, agentDir, cwd, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

let envKeyNames;
/** Every provider API-key variable name @pi/ai knows (stripped from the child's environment). */
export async function providerKeyNames() {
	envKeyNames ??= (await importDist("ai", "index.js")).getAllEnvKeyNames();
	return envKeyNames;
}

/** The child environment: no real keys, no PI_* from the caller's shell, the world's agent dir, offline. */
export async function childEnv(world, extra = {}) {
	const blocked = new Set(await providerKeyNames());
	const env = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (blocked.has(name) || name.startsWith("PI_")) continue;
		env[name] = value;
	}
	return { ...env, PI_CODING_AGENT_DIR: world.agentDir, PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", ...extra };
}

/**
 * Starts `pi <args>` in the world's project dir with piped stdio. Returns `{child, stdout(), stderr(), exited,
 * peakRssKb()}`; `exited` resolves with `{code, signal, ms}`. Peak RSS is VmHWM from /proc, sampled every 50 ms.
 */
export async function startPi(world, args, { env = {}, cwd = world.cwd, asNobody = false } = {}) {
	const started = Date.now();
	const [command, ...commandArgs] = piCommand(args, { asNobody });
	const child = spawn(command, commandArgs, {
		cwd,
		env: await childEnv(world, env),
		stdio: ["pipe", "pipe", "pipe"],
	});
	let out = "";
	let err = "";
	let peak = 0;
	child.stdout.on("data", (chunk) => {
		out += chunk;
	});
	child.stderr.on("data", (chunk) => {
		err += chunk;
	});
	child.stdin.on("error", () => {}); // EPIPE after pi exited is the case's business, not a crash of the suite
	const sample = () => {
		try {
			const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
			if (match) peak = Math.max(peak, Number(match[1]));
		} catch {
			// exited
		}
	};
	const sampler = setInterval(sample, 50);
	const exited = new Promise((resolve) => {
		child.on("close", (code, signal) => {
			clearInterval(sampler);
			resolve({ code, signal, ms: Date.now() - started });
		});
		child.on("error", (error) => {
			clearInterval(sampler);
			err += String(error);
			resolve({ code: null, signal: null, ms: Date.now() - started });
		});
	});
	const peakRssKb = () => {
		sample();
		return peak;
	};
	return { child, stdout: () => out, stderr: () => err, exited, peakRssKb };
}

/**
 * Runs `pi <args>` to completion (stdin: `stdin` text, then closed). A run longer than `timeoutMs` is killed with
 * SIGKILL and reported with `timedOut: true`. Resolves with `{code, signal, stdout, stderr, ms, timedOut}`.
 */
export async function runPi(world, args, { stdin = "", env, cwd, timeoutMs = 30_000, asNobody } = {}) {
	const pi = await startPi(world, args, { env, cwd, asNobody });
	pi.child.stdin.end(stdin);
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		pi.child.kill("SIGKILL");
	}, timeoutMs);
	const { code, signal, ms } = await pi.exited;
	clearTimeout(timer);
	return { code, signal, stdout: pi.stdout(), stderr: pi.stderr(), ms, timedOut };
}

/** Unprivileged ids for runs that need file permissions to matter (root reads a mode-000 file). */
const NOBODY = 65534;

/**
 * The command line that runs pi: `node pi.js <args>`, or with `asNobody` the same through `setpriv` as user and
 * group 65534 (the world must then belong to that user: {@link giveToNobody}).
 */
export function piCommand(args, { asNobody = false } = {}) {
	const line = [process.execPath, PI, ...args];
	if (!asNobody) return line;
	return ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...line];
}

/** Hands the world's files to the unprivileged user (for `asNobody` runs); HOME must then point inside it. */
export function giveToNobody(world) {
	execFileSync("chown", ["-R", `${NOBODY}:${NOBODY}`, world.root]);
	return { HOME: world.root };
}

/** The per-project session dir of `cwd` (session-format.md §1). */
export function sessionDir(world, cwd = world.cwd) {
	const encoded = cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-");
	return join(world.agentDir, "sessions", `--${encoded}--`);
}

/** Session files of the world's project, full paths. */
export function sessionFiles(world) {
	const dir = sessionDir(world);
	if (!existsSync(dir)) return [];
	return readdirSync(dir)
		.filter((name) => name.endsWith(".jsonl"))
		.map((name) => join(dir, name));
}

/** Resolves once `condition()` holds (checked every 10 ms), or rejects after `timeoutMs`. */
export async function until(condition, timeoutMs = 15_000, what = "a condition") {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
