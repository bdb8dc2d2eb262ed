// Automatic retry that honours the server: a one-shot `pi -p` whose first two requests get HTTP 529 with
// `retry-after: 0.01` (10 ms) and whose third succeeds, on the loopback mock server (Anthropic Messages wire).
// The same `pi -p` with no failure is timed alongside, so the retry's own cost shows. Uses the built package:
// run `npm run build` first.
//
// Goal (issue 19): with PI_BENCH_REFERENCE="node /path/to/other/pi/cli.js", ours <= 1.2x the reference's wall
// time for the 2x 529 run. Both sides get the same agent dir (a models.json custom provider pointing at the mock)
// and default settings; every run checks the reply and that exactly three requests reached the server.
//
// All commands run interleaved (one of each per round), so load changes on a shared machine hit them alike.
//
// PI_BENCH_RETRY_NINE=1 adds a slow, reported-only scenario (three rounds, about a minute each): nine HTTP 500s
// without retry-after, then success, with default settings. It shows the default attempt budget at work (the wait
// of each retry is random: expect a spread).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { benchEnv, PI_BIN, runCommand, writeMockAgentDir } from "../lib/pi-cli.mjs";
import { formatMs, median, printRatio } from "../lib/timing.mjs";

const _root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = PI_BIN;
const RUNS = 9;
const GOAL = 1.2;
const REPLY = "ok after retries";

const INTERNAL = { httpError: { status: 500, type: "api_error", message: "Internal server error" } };
const NINE_ROUNDS = 3;

const OVERLOADED = {
	httpError: { status: 529, type: "overloaded_error", message: "Overloaded", retryAfter: "0.01" },
};

function writeAgentDir(serverUrl) {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-retry-"));
	return { dir, agentDir: writeMockAgentDir(join(dir, "agent"), serverUrl) };
}

/**
 * One timed `pi -p` (the given command) against `turns`; checks the reply and that every scripted turn was
 * used, so a side that gave up or retried differently cannot pass as fast.
 */
function scripted(server, env, [command, ...prefix], turns) {
	const args = [...prefix, "-p", "--no-session", "--model", "mock/mock-model", "say ok"];
	return async () => {
		server.reset();
		server.enqueue(...turns);
		const start = performance.now();
		const stdout = await runCommand(command, args, env);
		const elapsed = performance.now() - start;
		if (stdout.trim() !== REPLY) throw new Error(`${command} ${args.join(" ")} printed ${JSON.stringify(stdout)}`);
		if (server.requests.length !== turns.length) {
			throw new Error(`${command} made ${server.requests.length} requests, expected ${turns.length}`);
		}
		return elapsed;
	};
}

export async function run() {
	await importDist("coding-agent", "main.js");
	const server = await startMockServer();
	const { dir, agentDir } = writeAgentDir(server.url);
	const env = benchEnv(agentDir, { PI_SKIP_VERSION_CHECK: "1" });
	const reference = process.env.PI_BENCH_REFERENCE?.trim().split(/\s+/);
	const sides = [{ name: "ours", command: [process.execPath, PI] }];
	if (reference) sides.push({ name: "reference", command: reference });
	const scenarios = [
		{ name: "pi -p, 2x 529 with retry-after 10 ms", turns: [OVERLOADED, OVERLOADED, { text: REPLY }] },
		{ name: "pi -p, no failure", turns: [{ text: REPLY }] },
	];
	const runs = sides.flatMap((side) =>
		scenarios.map((scenario) => ({ side, scenario, once: scripted(server, env, side.command, scenario.turns) })),
	);
	try {
		const durations = runs.map(() => []);
		for (let round = -1; round < RUNS; round++) {
			for (const [index, entry] of runs.entries()) {
				const elapsed = await entry.once();
				if (round >= 0) durations[index].push(elapsed); // round -1 warms up
			}
		}
		const medianOf = (side, scenario) =>
			median(durations[runs.findIndex((entry) => entry.side === side && entry.scenario === scenario)]);
		for (const side of sides) {
			const [retried, plain] = scenarios.map((scenario) => medianOf(side, scenario));
			console.log(
				`${side.name}: ${scenarios[0].name}: median ${formatMs(retried)}; ${scenarios[1].name}: median ${formatMs(plain)}; retry cost ${formatMs(retried - plain)}`,
			);
		}
		if (reference) {
			for (const scenario of scenarios) {
				const goal = scenario === scenarios[0] ? { goal: GOAL } : {};
				printRatio(scenario.name, medianOf(sides[0], scenario), medianOf(sides[1], scenario), {
					theirsName: "reference",
					...goal,
				});
			}
		} else {
			console.log("set PI_BENCH_REFERENCE to a reference pi command to compare side by side");
		}
		if (process.env.PI_BENCH_RETRY_NINE === "1") await runNine(server, env, sides);
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}

/** The reported-only scenario: nine 500s, then success (PI_BENCH_RETRY_NINE=1). */
async function runNine(server, env, sides) {
	const turns = [...Array.from({ length: 9 }, () => INTERNAL), { text: REPLY }];
	const durations = sides.map(() => []);
	for (let round = 0; round < NINE_ROUNDS; round++) {
		for (const [index, side] of sides.entries())
			durations[index].push(await scripted(server, env, side.command, turns)());
	}
	for (const [index, side] of sides.entries()) {
		const runs = durations[index].map(formatMs).join(", ");
		console.log(
			`${side.name}: pi -p, 9x 500 then success (10 requests): median ${formatMs(median(durations[index]))} (${runs})`,
		);
	}
}
