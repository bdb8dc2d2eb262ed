// Provider faults on all four wire APIs (openai-completions, openai-responses, anthropic-messages,
// google-generative-ai), one trial per API and fault. Each `pi -p` first gets a write tool call (so a tool call and
// its result are in the session), then the fault on the next request, then a good reply. Faults: HTTP 429, 500,
// 502, 503 and 529 with `retry-after: 0.01` and without, the connection cut mid-stream, an SSE error event,
// malformed SSE, a cut or an error event inside a tool call's arguments, an empty 200, HTTP 401, a 429 asking for an
// hour (more than retry.maxDelayMs: final), a server that never answers and one that stalls mid-stream (with
// `httpIdleTimeoutMs` at 3 s, well below the case's 20 s limit per run; its default is 300 s).
// Outcomes: retried (exit 0 with the good reply), reported (non-zero exit with a message and no stack trace), hung
// (still running after the limit) or unclear. Afterwards `pi -c -p` in the same folder must answer, and its request
// must carry no tool call without a result. Settings keep retries fast (baseDelayMs 1, maxRetries 2).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { orphanedToolCalls } from "../lib/session-check.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, FAST_SETTINGS, modelFor, PROVIDERS, runPi } from "../lib/world.mjs";

export const budgetMs = 8 * 60_000;
const RUN_LIMIT_MS = 20_000;
const IDLE_TIMEOUT_MS = 3_000;
const REPLY = "good reply";
const STALL_MS = 2 ** 31 - 1;

const http = (status, retryAfter) => ({
	httpError: {
		status,
		message: `fault ${status}`,
		type: status === 529 ? "overloaded_error" : status === 429 ? "rate_limit_error" : "api_error",
		...(retryAfter ? { retryAfter } : {}),
	},
});

/** Fault kinds: the turn(s) after the tool call and what counts as meeting the goal. */
const FAULTS = [
	...[429, 500, 502, 503, 529].flatMap((status) => [
		{ name: `HTTP ${status}, retry-after 10 ms`, turns: [http(status, "0.01")], want: "retried" },
		{ name: `HTTP ${status}, no retry-after`, turns: [http(status)], want: "retried" },
	]),
	{ name: "connection cut mid-stream", turns: [{ text: "partial answer ".repeat(20), cutAfterEvents: 3 }] },
	{
		name: "SSE error event",
		turns: [{ text: "partial answer ".repeat(20), streamError: { afterEvents: 2, message: "boom upstream" } }],
	},
	{
		name: "malformed SSE",
		turns: [
			{ rawFrames: ['data: {"choices": [{"delta": {"content": "x"\n\n', "garbage without a field\n\n", "data: }\n\n"] },
		],
	},
	{
		name: "connection cut inside a tool call",
		turns: [{ toolCalls: [longCall("call_cut")], chunkSize: 40, cutAfterEvents: 5 }],
	},
	{
		name: "SSE error event inside a tool call",
		turns: [
			{ toolCalls: [longCall("call_err")], chunkSize: 40, streamError: { afterEvents: 5, message: "tool broke" } },
		],
	},
	{ name: "empty 200 response", turns: [{ text: "never sent", closeAfterEvents: 0 }] },
	{ name: "HTTP 401", turns: [http(401)], want: "reported" },
	{
		name: "HTTP 429 asking for 1 hour",
		turns: [http(429, "3600")],
		want: "reported",
		// Reported clearly: the line says why pi did not retry.
		mustSay: /not retried: the server asked to wait 3600 s/,
	},
	{ name: "server never answers", turns: [{ hang: true }], timeout: true },
	{
		name: "stream stalls after 2 events",
		turns: [{ text: "slow ".repeat(50), eventDelayMs: STALL_MS }],
		timeout: true,
	},
];

/** A write call whose arguments span many stream events. */
function longCall(id) {
	return { id, name: "write", arguments: { file_path: "long.txt", content: "z".repeat(2000) } };
}

function toolTurn(n) {
	return {
		toolCalls: [{ id: `call_fault_${n}`, name: "write", arguments: { file_path: `f-${n}.txt`, content: "x\n" } }],
	};
}

function classify(result) {
	if (result.timedOut) return "hung";
	if (result.code === 0 && result.stdout.includes(REPLY)) return "retried";
	const clear = result.stderr.trim() !== "" && !/\n\s+at .+:\d+:\d+/.test(result.stderr);
	if (result.code !== 0 && clear) return "reported";
	return "unclear";
}

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url, {
		settings: { ...FAST_SETTINGS, httpIdleTimeoutMs: IDLE_TIMEOUT_MS },
	});
	const rows = [];
	let n = 0;
	try {
		for (const fault of FAULTS) {
			const tally = { retried: 0, reported: 0, hung: 0, unclear: 0 };
			let continued = 0;
			let strayLines = 0;
			const notes = [];
			for (const api of Object.keys(PROVIDERS)) {
				n++;
				const cwd = join(world.root, `p-${n}`);
				mkdirSync(cwd);
				server.reset();
				server.enqueue(toolTurn(n), ...fault.turns, { text: REPLY });
				const result = await runPi(world, ["-p", "--model", modelFor(api), "do it"], { cwd, timeoutMs: RUN_LIMIT_MS });
				let outcome = classify(result);
				if (outcome === "reported" && fault.mustSay && !fault.mustSay.test(result.stderr)) outcome = "unclear";
				tally[outcome]++;
				const message = result.stderr.trim().split("\n").at(-1) ?? "";
				// pi -p writes one `Error:` line at most; anything else on stderr came from elsewhere (an SDK logging to
				// the console), and in the terminal UI it would be written over the screen.
				const stray = result.stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("Error: "));
				if (stray.length > 0) {
					strayLines += stray.length;
					if (notes.length < 4) notes.push(`${api}: stray stderr: ${stray[0].slice(0, 160)}`);
				}
				if (outcome !== "retried" && notes.length < 4)
					notes.push(`${api}: ${outcome}, exit ${result.code}, ${result.ms} ms: ${message.slice(0, 200)}`);

				server.reset();
				server.enqueue({ text: "continued fine" });
				const after = await runPi(world, ["-c", "-p", "--model", modelFor(api), "again"], {
					cwd,
					timeoutMs: RUN_LIMIT_MS,
				});
				const orphans = server.requests[0] ? orphanedToolCalls(server.requests[0].body) : ["no request"];
				if (after.code === 0 && after.stdout.includes("continued fine") && orphans.length === 0) continued++;
				else if (notes.length < 4)
					notes.push(
						`${api}: pi -c -p exit ${after.code}, orphaned ${orphans.join(",") || "none"}: ${after.stderr.trim().slice(0, 200)}`,
					);
			}
			const trials = Object.keys(PROVIDERS).length;
			const goalMet =
				fault.want === "retried"
					? tally.retried === trials
					: fault.want === "reported"
						? tally.reported === trials
						: tally.hung === 0 && tally.unclear === 0;
			rows.push(
				row(`provider: ${fault.name}`, {
					trials,
					outcomes: `retried ${tally.retried}, reported ${tally.reported}, hung ${tally.hung}, unclear ${tally.unclear}; continued ${continued}/${trials}${strayLines > 0 ? `; ${strayLines} stray stderr lines` : ""}`,
					goal: `${fault.want ?? "retried or reported"}; continued ${trials}/${trials}`,
					met: goalMet && continued === trials && strayLines === 0,
					notes,
				}),
			);
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	return rows;
}
