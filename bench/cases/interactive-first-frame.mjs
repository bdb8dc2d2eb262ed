// Time to the first frame of the interactive TUI: `pi` spawned in a pseudo-terminal (@lydell/node-pty) with a temp
// agent dir whose models.json points at the loopback mock server, timed until the footer (the last row of the
// first frame) is on the screen. Printed side by side with a bare `node -e ""` in the same pty; the goal is to be
// within 150 ms of bare Node start.
// Run: npm run build && node bench/run.mjs interactive-first-frame
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pty from "@lydell/node-pty";
import { startMockServer } from "../lib/mock-server.mjs";
import { median } from "../lib/timing.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI_BIN = join(root, "packages", "coding-agent", "bin", "pi.js");
const RUNS = 9;
const GOAL_MS = 150;

/** Spawns argv in a pty; resolves with ms until `marker` appears in the output (or the process exits). */
function timeUntil(argv, { cwd, env, marker }) {
	return new Promise((resolve, reject) => {
		const start = performance.now();
		const child = pty.spawn(process.execPath, argv, { name: "xterm-256color", cols: 120, rows: 40, cwd, env });
		let output = "";
		let done = false;
		const finish = (value) => {
			if (done) return;
			done = true;
			clearTimeout(timer);
			try {
				child.kill("SIGKILL");
			} catch {}
			value instanceof Error ? reject(value) : resolve(value);
		};
		const timer = setTimeout(() => finish(new Error(`no first frame within 10 s:\n${output}`)), 10_000);
		child.onData((data) => {
			output += data;
			if (marker && output.includes(marker)) finish(performance.now() - start);
		});
		child.onExit(() =>
			marker ? finish(new Error(`exited before the first frame:\n${output}`)) : finish(performance.now() - start),
		);
	});
}

export async function run() {
	const server = await startMockServer();
	const base = mkdtempSync(join(tmpdir(), "pi-bench-tui-"));
	const agentDir = join(base, "agent");
	const cwd = join(base, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(
		join(agentDir, "models.json"),
		JSON.stringify({
			providers: {
				mock: {
					api: "anthropic-messages",
					baseUrl: server.url,
					apiKey: "bench-key-0123456789",
					models: [{ id: "bench-model" }],
				},
			},
		}),
	);
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", TERM: "xterm-256color" };
	for (const name of Object.keys(env)) if (/_API_KEY$|_TOKEN$/.test(name)) delete env[name];
	try {
		const pi = [];
		const bare = [];
		// Alternate the two so machine noise hits both alike; the first pair warms the file cache.
		for (let i = 0; i <= RUNS; i++) {
			const ours = await timeUntil([PI_BIN], { cwd, env, marker: "mock/bench-model" });
			const node = await timeUntil(["-e", ""], { cwd, env });
			if (i > 0) {
				pi.push(ours);
				bare.push(node);
			}
		}
		const ours = median(pi);
		const theirs = median(bare);
		const overhead = ours - theirs;
		console.log(
			`first frame: pi ${ours.toFixed(1)} ms vs bare node ${theirs.toFixed(1)} ms = +${overhead.toFixed(1)} ms (goal <= +${GOAL_MS} ms: ${overhead <= GOAL_MS ? "met" : "MISSED"})`,
		);
	} finally {
		await server.close();
		rmSync(base, { recursive: true, force: true });
	}
}
