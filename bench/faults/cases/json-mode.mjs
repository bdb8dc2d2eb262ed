// `pi --mode json` under provider faults, on all four wire APIs: a tool call then a good reply, an HTTP 500 then a
// good reply, a stream cut mid-answer then a good reply, malformed SSE, HTTP 401. Goals (json-mode.md): stdout is
// JSON lines only, ending the run with `agent_end`; the exit code is 0 for a good reply and 1 for a failed run; the
// error text is in the last assistant message; stderr has no stack trace and nothing but pi's own lines.
import { startFaultServer } from "../lib/mock.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, modelFor, PROVIDERS, runPi } from "../lib/world.mjs";

export const budgetMs = 3 * 60_000;
const REPLY = { text: "json reply" };

const SCENARIOS = [
	{
		name: "tool call, then a reply",
		turns: [{ toolCalls: [{ id: "call_1", name: "write", arguments: { file_path: "j.txt", content: "j\n" } }] }, REPLY],
		exit: 0,
	},
	{ name: "HTTP 500, then a reply", turns: [{ httpError: { status: 500, message: "fault 500" } }, REPLY], exit: 0 },
	{ name: "cut mid-answer, then a reply", turns: [{ text: "partial ".repeat(30), cutAfterEvents: 3 }, REPLY], exit: 0 },
	{ name: "malformed SSE", turns: [{ rawFrames: ['data: {"broken\n\n', "data: }\n\n"] }, REPLY, REPLY], exit: null },
	{ name: "HTTP 401", turns: [{ httpError: { status: 401, message: "bad key" } }], exit: 1 },
];

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url);
	const rows = [];
	try {
		for (const scenario of SCENARIOS) {
			const problems = [];
			const notes = [];
			for (const api of Object.keys(PROVIDERS)) {
				server.reset();
				server.enqueue(...scenario.turns);
				const result = await runPi(world, ["--mode", "json", "--no-session", "--model", modelFor(api), "go"]);
				const lines = result.stdout.split("\n").filter((line) => line !== "");
				const events = [];
				let bad = 0;
				for (const line of lines) {
					try {
						events.push(JSON.parse(line));
					} catch {
						bad++;
					}
				}
				const fail = (text) => {
					problems.push(`${api}: ${text}`);
					if (notes.length < 4) notes.push(`${api}: ${text}; stderr ${JSON.stringify(result.stderr.slice(0, 160))}`);
				};
				if (result.timedOut) fail("hung");
				if (bad > 0) fail(`${bad} stdout lines not JSON`);
				if (events.at(-1)?.type !== "agent_end") fail(`last event ${events.at(-1)?.type ?? "none"}`);
				const expected = scenario.exit ?? (result.code === 0 ? 0 : 1);
				if (result.code !== expected) fail(`exit ${result.code}, expected ${expected}`);
				const last = [...(events.at(-1)?.messages ?? [])].reverse().find((m) => m.role === "assistant");
				if (result.code === 1 && !last?.errorMessage) fail("failed run without an errorMessage");
				if (/\n\s+at .+:\d+:\d+/.test(result.stderr)) fail("stack trace");
				const stray = result.stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("Error: "));
				if (stray.length > 0) fail(`stray stderr: ${stray[0].slice(0, 120)}`);
			}
			rows.push(
				row(`json mode: ${scenario.name}`, {
					trials: Object.keys(PROVIDERS).length,
					outcomes: problems.length === 0 ? "JSON lines only, agent_end last, exit as documented" : problems.join("; "),
					goal: "pure JSON stdout, documented exit",
					met: problems.length === 0,
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
