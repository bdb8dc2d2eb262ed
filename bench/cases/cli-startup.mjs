// CLI start-up: `pi --version`, `pi --help` and a one-shot `pi -p` against the loopback mock server, each side by
// side with bare `node -e ""` measured in the same run. Uses the built package: run `npm run build` first.
//
// Goals: --version and --help within 60 ms of bare node; -p within 150 ms of bare node plus the mock's own latency
// (one request to the mock server made from this process).
//
// PI_BENCH_REFERENCE="node /path/to/other/pi/cli.js": runs the same cases against that command (same agent dir,
// so its models.json must be understood by it) and prints the ratio ours / reference.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { formatMs, median, printRatio, timeRuns } from "../lib/timing.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = join(root, "packages", "coding-agent", "bin", "pi.js");
const RUNS = 9;

/** Runs a command to completion (async, so the in-process mock server keeps answering); rejects on failure. */
function runCommand(command, args, env) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
		let stderr = "";
		child.stdout.resume();
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.on("error", reject);
		child.on("close", (code) =>
			code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr}`)),
		);
	});
}

function benchEnv(agentDir) {
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" };
	for (const name of Object.keys(env)) if (/_API_KEY$|_TOKEN$/.test(name)) delete env[name];
	return env;
}

function writeAgentDir(serverUrl) {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-cli-"));
	const agentDir = join(dir, "agent");
	mkdirSync(agentDir);
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
	return { dir, agentDir };
}

/** One direct request to the mock server from this process: the mock's own latency. */
async function mockLatency(server) {
	server.enqueue({ text: "ok" });
	const response = await fetch(`${server.url}/v1/chat/completions`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({ model: "mock-model", stream: true, messages: [{ role: "user", content: "hi" }] }),
	});
	await response.text();
}

export async function run() {
	await importDist("coding-agent", "main.js");
	const server = await startMockServer();
	const { dir, agentDir } = writeAgentDir(server.url);
	const env = benchEnv(agentDir);
	const printArgs = ["-p", "--no-session", "--model", "mock/mock-model", "say ok"];
	const cases = [
		{ name: "pi --version", args: ["--version"], goalMs: 60 },
		{ name: "pi --help", args: ["--help"], goalMs: 60 },
		{ name: "pi -p (mock server)", args: printArgs, goalMs: 150, needsTurn: true },
	];
	try {
		const bare = median(await timeRuns(() => runCommand(process.execPath, ["-e", ""], env), { runs: RUNS }));
		const latency = median(await timeRuns(() => mockLatency(server), { runs: RUNS }));
		console.log(`bare node -e "": median ${formatMs(bare)}; mock server request: median ${formatMs(latency)}`);
		const reference = process.env.PI_BENCH_REFERENCE?.trim().split(/\s+/);
		for (const entry of cases) {
			const once = (command, args) => {
				if (entry.needsTurn) server.enqueue({ text: "ok" });
				return runCommand(command, args, env);
			};
			const ours = median(await timeRuns(() => once(process.execPath, [PI, ...entry.args]), { runs: RUNS }));
			const allowance = entry.needsTurn ? bare + latency : bare;
			const overhead = ours - allowance;
			const verdict = overhead <= entry.goalMs ? "met" : "MISSED";
			console.log(
				`${entry.name}: median ${formatMs(ours)} = bare node${entry.needsTurn ? " + mock" : ""} + ${formatMs(overhead)} (goal <= +${entry.goalMs} ms: ${verdict})`,
			);
			if (reference) {
				const [command, ...prefix] = reference;
				const theirs = median(await timeRuns(() => once(command, [...prefix, ...entry.args]), { runs: RUNS }));
				printRatio(`${entry.name} vs reference`, ours, theirs, { theirsName: "reference" });
			}
		}
		if (!reference) console.log("set PI_BENCH_REFERENCE to a reference pi command to compare side by side");
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
