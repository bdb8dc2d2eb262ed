// CLI start-up: `pi --version`, `pi --help` and a one-shot `pi -p` against the loopback mock server, each side by
// side with bare `node -e ""` measured in the same run. Uses the built package: run `npm run build` first.
//
// Goals: --version and --help within 60 ms of bare node; -p within 150 ms of bare node plus the mock's own latency
// (one request to the mock server made from this process).
//
// A fresh Node process pays more for its first request than this warm process does. So -p is also shown against
// `node` making the same request from a fresh process, once with node:http (what @pi/ai sends plain requests with)
// and once with fetch (undici compiles its wasm HTTP parser on first use, 100-150 ms that pi avoids).
//
// All commands run interleaved (one of each per round), so load changes on a shared machine hit them alike.
//
// PI_BENCH_REFERENCE="node /path/to/other/pi/cli.js": runs the same cases against that command (same agent dir,
// so its models.json must be understood by it) and prints the ratio ours / reference.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { benchEnv, PI_BIN, runCommand, writeMockAgentDir } from "../lib/pi-cli.mjs";
import { formatMs, median, printRatio, timeRuns } from "../lib/timing.mjs";

const _root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = PI_BIN;
const RUNS = 9;

function writeAgentDir(serverUrl) {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-cli-"));
	return { dir, agentDir: writeMockAgentDir(join(dir, "agent"), serverUrl) };
}

const mockRequest = (url) => ({
	url: `${url}/v1/chat/completions`,
	init: {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify({ model: "mock-model", stream: true, messages: [{ role: "user", content: "hi" }] }),
	},
});

/** One direct request to the mock server from this process: the mock's own latency. */
async function mockLatency(server) {
	server.enqueue({ text: "ok" });
	const { url, init } = mockRequest(server.url);
	await (await fetch(url, init)).text();
}

/** `node -e` sources making the same request from a fresh process, with fetch and with node:http. */
function freshRequestScripts(serverUrl) {
	const { url, init } = mockRequest(serverUrl);
	const { body, ...options } = init;
	return {
		fetch: `fetch(${JSON.stringify(url)}, ${JSON.stringify(init)}).then((r) => r.text())`,
		http: `require("node:http").request(${JSON.stringify(url)}, ${JSON.stringify(options)}, (r) => r.resume()).end(${JSON.stringify(body)})`,
	};
}

/** Runs every command once per round, interleaved; returns each command's durations. */
async function timeInterleaved(commands, runs) {
	const durations = commands.map(() => []);
	for (let round = -1; round < runs; round++) {
		for (const [index, command] of commands.entries()) {
			const start = performance.now();
			await command();
			if (round >= 0) durations[index].push(performance.now() - start); // round -1 warms up
		}
	}
	return durations;
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
		const reference = process.env.PI_BENCH_REFERENCE?.trim().split(/\s+/);
		const once = (entry, command, args) => () => {
			if (entry.needsTurn) server.enqueue({ text: "ok" });
			return runCommand(command, args, env);
		};
		const scripts = freshRequestScripts(server.url);
		const freshRequest = (script) => () => {
			server.enqueue({ text: "ok" });
			return runCommand(process.execPath, ["-e", script], env);
		};
		const commands = [
			() => runCommand(process.execPath, ["-e", ""], env),
			freshRequest(scripts.http),
			freshRequest(scripts.fetch),
			...cases.map((entry) => once(entry, process.execPath, [PI, ...entry.args])),
		];
		const [bareRuns, httpRuns, fetchRuns, ...caseRuns] = await timeInterleaved(commands, RUNS);
		const bare = median(bareRuns);
		const fresh = median(httpRuns);
		const latency = median(await timeRuns(() => mockLatency(server), { runs: RUNS }));
		console.log(`bare node -e "": median ${formatMs(bare)}; mock server request: median ${formatMs(latency)}`);
		console.log(
			`node -e "<the same request>" (fresh process): with node:http median ${formatMs(fresh)}, with fetch median ${formatMs(median(fetchRuns))}`,
		);
		for (const [index, entry] of cases.entries()) {
			const ours = median(caseRuns[index]);
			const allowance = entry.needsTurn ? bare + latency : bare;
			const overhead = ours - allowance;
			const verdict = overhead <= entry.goalMs ? "met" : "MISSED";
			console.log(
				`${entry.name}: median ${formatMs(ours)} = bare node${entry.needsTurn ? " + mock" : ""} + ${formatMs(overhead)} (goal <= +${entry.goalMs} ms: ${verdict})`,
			);
			if (entry.needsTurn) {
				console.log(
					`${entry.name}: = node making the same request with node:http + ${formatMs(ours - fresh)} (pi's own share)`,
				);
			}
			if (reference) {
				const [command, ...prefix] = reference;
				const theirs = median(await timeRuns(once(entry, command, [...prefix, ...entry.args]), { runs: RUNS }));
				printRatio(`${entry.name} vs reference`, ours, theirs, { theirsName: "reference" });
			}
		}
		if (!reference) console.log("set PI_BENCH_REFERENCE to a reference pi command to compare side by side");
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
