// Session files: load a 20 MB / 2,000-turn session and list 2,000 session files.
// Uses the built package: run `npx tsc -b packages/coding-agent` first.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listSessions, readSessionInfo, SessionManager } from "../../packages/coding-agent/dist/core/session/index.js";

const TURNS = 2000;
const LISTED_FILES = 2000;
const usage = {
	input: 100,
	output: 20,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: 120,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function line(type, id, parentId, timestamp, payload) {
	return `${JSON.stringify({ type, id, parentId, timestamp: new Date(timestamp).toISOString(), ...payload })}\n`;
}

/** A realistic long session: each turn is a prompt, a tool call, a ~9 KB tool result and an answer. */
function writeBigSession(path) {
	const start = Date.UTC(2026, 0, 1);
	const parts = [
		`${JSON.stringify({ type: "session", version: 3, id: "bench-big", timestamp: new Date(start).toISOString(), cwd: "/bench" })}\n`,
	];
	let parent = null;
	let n = 0;
	const next = () => (++n).toString(16).padStart(8, "0");
	const filler = "const value = compute(input); // some source line of a file the agent read\n".repeat(120);
	for (let turn = 0; turn < TURNS; turn++) {
		const t = start + turn * 60_000;
		let id = next();
		parts.push(
			line("message", id, parent, t, {
				message: {
					role: "user",
					content: [{ type: "text", text: `turn ${turn}: please look at file ${turn}` }],
					timestamp: t,
				},
			}),
		);
		parent = id;
		id = next();
		const call = { type: "toolCall", id: `call_${turn}`, name: "read", arguments: { path: `src/file${turn}.ts` } };
		parts.push(
			line("message", id, parent, t + 1, {
				message: {
					role: "assistant",
					content: [call],
					api: "anthropic-messages",
					provider: "anthropic",
					model: "claude-sonnet-4-5",
					usage,
					stopReason: "toolUse",
					timestamp: t + 1,
				},
			}),
		);
		parent = id;
		id = next();
		parts.push(
			line("message", id, parent, t + 2, {
				message: {
					role: "toolResult",
					toolCallId: `call_${turn}`,
					toolName: "read",
					content: [{ type: "text", text: filler }],
					isError: false,
					timestamp: t + 2,
				},
			}),
		);
		parent = id;
		id = next();
		parts.push(
			line("message", id, parent, t + 3, {
				message: {
					role: "assistant",
					content: [{ type: "text", text: `File ${turn} computes a value.` }],
					api: "anthropic-messages",
					provider: "anthropic",
					model: "claude-sonnet-4-5",
					usage,
					stopReason: "stop",
					timestamp: t + 3,
				},
			}),
		);
		parent = id;
	}
	writeFileSync(path, parts.join(""));
}

/** Typical small sessions of 2–40 turns with short tool results. */
function writeManySessions(dir) {
	mkdirSync(dir, { recursive: true });
	for (let i = 0; i < LISTED_FILES; i++) {
		const start = Date.UTC(2026, 0, 1) + i * 1000;
		const id = `0194${i.toString(16).padStart(4, "0")}-0000-7000-8000-000000000000`;
		const parts = [
			`${JSON.stringify({ type: "session", version: 3, id, timestamp: new Date(start).toISOString(), cwd: "/bench" })}\n`,
		];
		let parent = null;
		const turns = 2 + (i % 39);
		for (let t = 0; t < turns; t++) {
			const ts = start + t * 10;
			const u = `${t.toString(16).padStart(4, "0")}a${(i % 1000).toString().padStart(3, "0")}`;
			parts.push(
				line("message", u, parent, ts, {
					message: { role: "user", content: [{ type: "text", text: `question ${t}` }], timestamp: ts },
				}),
			);
			const r = `${t.toString(16).padStart(4, "0")}b${(i % 1000).toString().padStart(3, "0")}`;
			parts.push(
				line("message", r, u, ts + 1, {
					message: {
						role: "toolResult",
						toolCallId: "c",
						toolName: "ls",
						content: [{ type: "text", text: "a.ts\nb.ts\n".repeat(50) }],
						isError: false,
						timestamp: ts + 1,
					},
				}),
			);
			const a = `${t.toString(16).padStart(4, "0")}c${(i % 1000).toString().padStart(3, "0")}`;
			parts.push(
				line("message", a, r, ts + 2, {
					message: {
						role: "assistant",
						content: [{ type: "text", text: `answer ${t}` }],
						api: "anthropic-messages",
						provider: "anthropic",
						model: "claude-sonnet-4-5",
						usage,
						stopReason: "stop",
						timestamp: ts + 2,
					},
				}),
			);
			parent = a;
		}
		writeFileSync(join(dir, `${new Date(start).toISOString().replace(/[:.]/g, "-")}_${id}.jsonl`), parts.join(""));
	}
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** A memory change with its sign (RSS can shrink when the allocator returns pages freed by earlier work). */
const mbChange = (bytes) => `${bytes < 0 ? "-" : "+"}${mb(Math.abs(bytes))}`;

async function measure(label, fn) {
	globalThis.gc?.();
	const rss0 = process.memoryUsage().rss;
	const heap0 = process.memoryUsage().heapUsed;
	const t0 = performance.now();
	const result = await fn();
	const ms = performance.now() - t0;
	const mem = process.memoryUsage();
	console.log(`${label}: ${ms.toFixed(0)} ms, RSS ${mbChange(mem.rss - rss0)}, heap ${mbChange(mem.heapUsed - heap0)}`);
	return result;
}

export async function run() {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-session-"));
	try {
		const big = join(dir, "big.jsonl");
		writeBigSession(big);
		console.log(`generated ${TURNS}-turn session: ${mb(statSync(big).size)}`);
		const manager = await measure("open 20 MB session (SessionManager.open)", () => SessionManager.open(big, "/bench"));
		console.log(`  entries: ${manager.getEntries().length}`);
		const context = await measure("buildContext at the leaf", () => manager.buildContext());
		console.log(`  context messages: ${context.messages.length}`);
		await measure("append one entry to the loaded session", () => manager.appendSessionInfo("bench"));
		await measure("list data of the 20 MB session (readSessionInfo)", () => readSessionInfo(big));

		const many = join(dir, "project");
		writeManySessions(many);
		const infos = await measure(`list ${LISTED_FILES} session files (listSessions, cold)`, () => listSessions(many));
		console.log(`  sessions listed: ${infos.length}, newest: ${infos[0]?.firstMessage}`);
		await measure(`list ${LISTED_FILES} session files (listSessions, warm)`, () => listSessions(many));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
