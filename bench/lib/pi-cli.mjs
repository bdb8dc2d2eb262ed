// What the cases that start the built `pi` as a child process share: an agent dir whose models.json points at the
// loopback mock server, an environment without real provider keys, and running a command to its end.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The launcher users run. */
export const PI_BIN = join(
	dirname(fileURLToPath(import.meta.url)),
	"..",
	"..",
	"packages",
	"coding-agent",
	"bin",
	"pi.js",
);

/** `--model` of the mock provider below. */
export const MOCK_MODEL = "mock/mock-model";

/** Creates `agentDir` (with parents) holding a models.json whose provider `mock` is the mock server at `serverUrl`. */
export function writeMockAgentDir(agentDir, serverUrl) {
	mkdirSync(agentDir, { recursive: true });
	const models = {
		providers: {
			mock: {
				api: "openai-completions",
				baseUrl: `${serverUrl}/v1`,
				apiKey: "bench-key",
				models: [{ id: "mock-model", name: "Mock Model" }],
			},
		},
	};
	writeFileSync(join(agentDir, "models.json"), JSON.stringify(models));
	return agentDir;
}

/** The child environment: this process's, without provider keys or tokens, with `agentDir` and no network checks. */
export function benchEnv(agentDir, extra = {}) {
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", ...extra };
	for (const name of Object.keys(env)) if (/_API_KEY$|_TOKEN$/.test(name)) delete env[name];
	return env;
}

/**
 * Runs a command to its end, asynchronously so an in-process mock server keeps answering; resolves with its stdout.
 * Rejects on a non-zero exit, and with `quiet` also when anything was written to stderr.
 */
export function runCommand(command, args, env, { quiet = false } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.on("error", reject);
		child.on("close", (code) => {
			if (code === 0 && !(quiet && stderr !== "")) resolve(stdout);
			else reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr}`));
		});
	});
}
