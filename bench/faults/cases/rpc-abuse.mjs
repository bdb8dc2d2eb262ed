// `pi --mode rpc` under abuse: garbage lines, a 10 MB line, 1,000 commands in one write, unknown commands, commands
// while a reply streams, stdin closed mid-stream, SIGTERM and SIGHUP mid-stream. Per scenario: every command line
// answered exactly once (by id; lines without an id by count), no crash (expected exit code, no stack trace on
// stderr), no hang (exit within the limit), and the peak RSS (VmHWM, sampled every 50 ms) reported.
import { randomBytes } from "node:crypto";
import { startFaultServer } from "../lib/mock.mjs";
import { answeredOnce, startRpc } from "../lib/rpc.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, modelFor, sleep } from "../lib/world.mjs";

export const budgetMs = 4 * 60_000;
const MODEL = modelFor("anthropic-messages");
const TEN_MB = 10 * 1024 * 1024;
/** A reply that streams for about 4 s: 200 events, 20 ms apart. */
const SLOW_REPLY = { text: "word ".repeat(800), chunkSize: 20, eventDelayMs: 20 };

/** Lines that are not commands; a third carry an id (those get it back), the rest are answered without one. */
function garbageLines(count) {
	const makers = [
		(i) => ({ line: `{"id":"g${i}"}`, id: `g${i}` }),
		(i) => ({ line: `{"id":"g${i}","type":7}`, id: `g${i}` }),
		(i) => ({ line: `{"id":"g${i}","type":"prompt"}`, id: `g${i}` }),
		() => ({ line: "not json at all" }),
		() => ({ line: "[1,2,3]" }),
		() => ({ line: "null" }),
		() => ({ line: '{"type":"get_state"' }),
		() => ({
			line: randomBytes(64)
				.toString("latin1")
				.replace(/[\n\r]/g, "x"),
		}),
		(i) => ({ line: `\u0000\u0007{"id":"g${i}"\u0000` }),
	];
	const made = Array.from({ length: count }, (_, i) => makers[i % makers.length](i));
	const ids = made.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
	return { text: `${made.map((entry) => entry.line).join("\n")}\n`, ids, anonymous: made.length - ids.length };
}

const noStack = (stderr) => !/\n\s+at .+:\d+:\d+/.test(stderr) && !/Unhandled|uncaught/i.test(stderr);

/** The scenarios: each drives one pi and returns {ids, anonymous, expectExit, exitLimitMs}. */
const SCENARIOS = [
	{
		name: "garbage lines (300)",
		async drive(rpc) {
			const { text, ids, anonymous } = garbageLines(300);
			await rpc.write(text);
			await rpc.send([{ id: "after", type: "get_state" }]);
			await rpc.until((lines) => lines.some((l) => l.id === "after"), 15_000, "the get_state after the garbage");
			rpc.end();
			return { ids: [...ids, "after"], anonymous, expectExit: 0 };
		},
	},
	{
		name: "a 10 MB line (command and non-JSON)",
		async drive(rpc) {
			await rpc.write(`${JSON.stringify({ id: "big", type: "get_state", pad: "x".repeat(TEN_MB) })}\n`);
			await rpc.write(`${"y".repeat(TEN_MB)}\n`);
			await rpc.send([{ id: "after", type: "get_state" }]);
			await rpc.until((lines) => lines.some((l) => l.id === "after"), 30_000, "the get_state after the big lines");
			rpc.end();
			return { ids: ["big", "after"], anonymous: 1, expectExit: 0 };
		},
	},
	{
		name: "a 10 MB prompt, answered",
		turns: [{ text: "got it" }],
		async drive(rpc) {
			await rpc.send([{ id: "huge", type: "prompt", message: "z".repeat(TEN_MB) }]);
			await rpc.until((lines) => lines.some((l) => l.type === "agent_end"), 60_000, "agent_end");
			const end = rpc.lines.find((l) => l.type === "agent_end");
			const reply = end.messages?.at(-1)?.content?.[0]?.text;
			if (reply !== "got it") throw new Error(`the run ended without the reply (${JSON.stringify(reply)})`);
			rpc.end();
			return { ids: ["huge"], anonymous: 0, expectExit: 0 };
		},
	},
	{
		name: "1,000 commands in one write",
		async drive(rpc) {
			const kinds = [
				(id) => ({ id, type: "get_state" }),
				(id) => ({ id, type: "get_messages" }),
				(id) => ({ id, type: "set_thinking_level", level: "low" }),
				(id) => ({ id, type: "get_session_stats" }),
			];
			const commands = Array.from({ length: 1000 }, (_, i) => kinds[i % kinds.length](`c${i}`));
			await rpc.send(commands);
			await rpc.until((lines) => lines.some((l) => l.id === "c999"), 30_000, "the 1,000th response");
			rpc.end();
			return { ids: commands.map((c) => c.id), anonymous: 0, expectExit: 0 };
		},
	},
	{
		name: "unknown commands (100)",
		async drive(rpc) {
			const commands = Array.from({ length: 100 }, (_, i) => ({ id: i, type: `fly_${i}` }));
			await rpc.send(commands);
			await rpc.until((lines) => lines.some((l) => l.id === 99), 15_000, "the last unknown command");
			rpc.end();
			return { ids: commands.map((c) => c.id), anonymous: 0, expectExit: 0 };
		},
	},
	{
		name: "200 commands while a reply streams",
		turns: [SLOW_REPLY],
		async drive(rpc) {
			await rpc.send([{ id: "p", type: "prompt", message: "stream slowly" }]);
			await rpc.until((lines) => lines.some((l) => l.type === "message_update"), 15_000, "the stream");
			const kinds = [
				(id) => ({ id, type: "get_state" }),
				(id) => ({ id, type: "prompt", message: "while busy" }),
				(id) => ({ id, type: "get_messages" }),
				(id) => ({ id, type: "set_thinking_level", level: "high" }),
				(id) => ({ id, type: "nonsense" }),
			];
			const commands = Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length](`s${i}`));
			await rpc.send(commands);
			await rpc.until((lines) => lines.some((l) => l.type === "agent_end"), 30_000, "agent_end");
			rpc.end();
			return { ids: ["p", ...commands.map((c) => c.id)], anonymous: 0, expectExit: 0 };
		},
	},
	{
		name: "stdin closed mid-stream",
		turns: [SLOW_REPLY],
		async drive(rpc) {
			await rpc.send([
				{ id: "p", type: "prompt", message: "stream slowly" },
				{ id: "q", type: "get_state" },
			]);
			await rpc.until((lines) => lines.some((l) => l.type === "message_update"), 15_000, "the stream");
			await rpc.send([{ id: "last", type: "get_state" }]);
			rpc.end();
			return { ids: ["p", "q", "last"], anonymous: 0, expectExit: 0, exitLimitMs: 3_000 };
		},
	},
	...["SIGTERM", "SIGHUP"].map((signal) => ({
		name: `${signal} mid-stream`,
		turns: [SLOW_REPLY],
		async drive(rpc) {
			await rpc.send([{ id: "p", type: "prompt", message: "stream slowly" }]);
			await rpc.until((lines) => lines.some((l) => l.type === "message_update"), 15_000, "the stream");
			await rpc.send([{ id: "q", type: "get_state" }]);
			await rpc.until((lines) => lines.some((l) => l.id === "q"), 15_000, "the get_state");
			rpc.pi.child.kill(signal);
			return { ids: ["p", "q"], anonymous: 0, expectExit: signal === "SIGTERM" ? 143 : 129, exitLimitMs: 5_000 };
		},
	})),
];

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url);
	const rows = [];
	try {
		for (const scenario of SCENARIOS) {
			server.reset();
			if (scenario.turns) server.enqueue(...scenario.turns);
			const rpc = await startRpc(world, ["--model", MODEL]);
			const notes = [];
			let expected;
			try {
				expected = await scenario.drive(rpc);
			} catch (error) {
				notes.push(String(error.message ?? error));
				rpc.end();
			}
			const started = Date.now();
			const exit = await rpc.exit(expected?.exitLimitMs ?? 10_000);
			const exitMs = Date.now() - started;
			await sleep(20);
			const responses = rpc.responses();
			const ids = expected?.ids ?? [];
			const { missing, duplicated } = answeredOnce(responses, ids);
			const anonymous = responses.filter((r) => r.id === undefined).length;
			const stderr = rpc.pi.stderr();
			const problems = [];
			if (!expected) problems.push("scenario failed");
			if (missing.length > 0) problems.push(`${missing.length} unanswered`);
			if (duplicated.length > 0) problems.push(`${duplicated.length} answered twice`);
			if (expected && anonymous !== expected.anonymous)
				problems.push(`${anonymous} id-less responses for ${expected.anonymous} id-less lines`);
			if (exit.hung) problems.push("hung");
			else if (expected && exit.code !== expected.expectExit) problems.push(`exit ${exit.code ?? exit.signal}`);
			if (!noStack(stderr)) problems.push("stack trace");
			if (rpc.unparsedLines() > 0) problems.push(`${rpc.unparsedLines()} stdout lines not JSON`);
			if (problems.length > 0 && stderr.trim()) notes.push(`stderr: ${stderr.trim().slice(-300)}`);
			if (missing.length > 0) notes.push(`unanswered: ${missing.slice(0, 5).join(", ")}`);
			const total = ids.length + (expected?.anonymous ?? 0);
			rows.push(
				row(`rpc: ${scenario.name}`, {
					trials: total,
					outcomes: `${problems.length === 0 ? "all answered once" : problems.join(", ")}; exit ${exit.code ?? exit.signal} after ${exitMs} ms; peak RSS ${Math.round(rpc.pi.peakRssKb() / 1024)} MB`,
					goal: "each answered once, no crash/hang",
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
