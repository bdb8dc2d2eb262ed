// What MCP servers cost at start-up (docs/mcp.md): the same commands with no mcp.json and with three stdio servers
// configured (the MCP tests' fake server, a Node process on the official SDK), interleaved round by round:
// - `pi --version` and `pi -p` (the -p prompt waits for starting servers, so it includes their start);
// - interactive first frame (header and editor drawn, in a pseudo-terminal);
// - `pi --mode rpc`: the first response (to `get_state`), then the time until every server is connected and its
//   tools offered ("tools ready"), and pi's resident memory at that point (the per-connection cost is the
//   difference to no servers, divided by three; the servers' own processes are not counted).
// Goal (issue 17): first frame and RPC first response within 20 ms of the no-MCP run.
// Run: npm run build && node bench/run.mjs mcp-startup
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pty from "@lydell/node-pty";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { writeMockAgentDir } from "../lib/pi-cli.mjs";
import { formatMs, median } from "../lib/timing.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = join(root, "packages", "coding-agent", "bin", "pi.js");
const FAKE_SERVER = join(root, "packages", "coding-agent", "test", "core", "mcp", "fixtures", "fake-server.mjs");
const RUNS = 7;
const GOAL_MS = 20;
const SERVERS = 3;

function makeAgentDir(serverUrl, withMcp) {
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-mcp-"));
	const agentDir = join(dir, "agent");
	const cwd = join(dir, "project");
	writeMockAgentDir(agentDir, serverUrl);
	mkdirSync(cwd);
	writeFileSync(
		join(agentDir, "settings.json"),
		JSON.stringify({ defaultProvider: "mock", defaultModel: "mock-model" }),
	);
	if (withMcp) {
		const mcpServers = {};
		for (let i = 1; i <= SERVERS; i++) mcpServers[`s${i}`] = { command: process.execPath, args: [FAKE_SERVER, "ok"] };
		writeFileSync(join(agentDir, "mcp.json"), JSON.stringify({ mcpServers }));
	}
	const env = { ...process.env, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" };
	for (const name of Object.keys(env)) if (/_API_KEY$|_TOKEN$/.test(name)) delete env[name];
	return { dir, cwd, env };
}

function runToEnd(args, { cwd, env }) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [PI, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
		let stderr = "";
		child.stdout.resume();
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`pi ${args.join(" ")}: ${stderr}`))));
	});
}

/** ms until the TUI's first frame (header and editor border) is on the screen. */
function firstFrame({ cwd, env }) {
	return new Promise((resolve, reject) => {
		const start = performance.now();
		const child = pty.spawn(process.execPath, [PI], { name: "xterm-256color", cols: 120, rows: 40, cwd, env });
		let output = "";
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error("no first frame within 10 s"));
		}, 10_000);
		child.onData((data) => {
			output += data;
			const text = output.replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]/g, "").replace(/\x1b\][^\x07]*\x07/g, "");
			if (/pi v\S+[\s\S]*─{10}/.test(text)) {
				const ms = performance.now() - start;
				clearTimeout(timer);
				child.kill("SIGKILL");
				resolve(ms);
			}
		});
	});
}

/** ms for SERVERS fake servers started in parallel to answer `initialize`: the servers' own share of "tools ready". */
function bareHandshakes() {
	const start = performance.now();
	const initialize = {
		jsonrpc: "2.0",
		id: 1,
		method: "initialize",
		params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } },
	};
	const one = () =>
		new Promise((resolve, reject) => {
			const child = spawn(process.execPath, [FAKE_SERVER, "ok"], { stdio: ["pipe", "pipe", "ignore"] });
			createInterface({ input: child.stdout }).once("line", () => {
				child.stdin.end();
				resolve();
			});
			child.on("error", reject);
			child.stdin.write(`${JSON.stringify(initialize)}\n`);
		});
	return Promise.all(Array.from({ length: SERVERS }, one)).then(() => performance.now() - start);
}

/** Resolves once no fake server process is left (a killed TUI leaves its servers to finish starting first). */
async function serversGone() {
	const running = () =>
		readdirSync("/proc").some((pid) => {
			if (!/^\d+$/.test(pid)) return false;
			try {
				return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(FAKE_SERVER);
			} catch {
				return false;
			}
		});
	for (let i = 0; i < 500 && running(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
}

function rssKb(pid) {
	const match = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
	return match ? Number(match[1]) : Number.NaN;
}

/** RPC mode: ms to the first get_state response; ms until every MCP server is connected; pi's RSS then (kB). */
function rpcTimes({ cwd, env }, withMcp) {
	return new Promise((resolve, reject) => {
		const start = performance.now();
		const child = spawn(process.execPath, [PI, "--mode", "rpc", "--no-session"], { cwd, env, stdio: "pipe" });
		let first;
		let id = 0;
		const ask = () => child.stdin.write(`${JSON.stringify({ id: ++id, type: "get_state" })}\n`);
		const lines = createInterface({ input: child.stdout });
		const timer = setTimeout(() => {
			child.kill("SIGKILL");
			reject(new Error("RPC tools not ready within 10 s"));
		}, 10_000);
		lines.on("line", (line) => {
			const message = JSON.parse(line);
			if (message.type !== "response") return;
			const now = performance.now() - start;
			first ??= now;
			const servers = message.data.mcpServers ?? [];
			const ready = withMcp ? servers.length === SERVERS && servers.every((s) => s.state === "connected") : true;
			if (!ready) return void setTimeout(ask, 5);
			const rss = rssKb(child.pid);
			clearTimeout(timer);
			child.stdin.end();
			child.on("close", () => resolve({ first, ready: now, rss }));
		});
		ask();
	});
}

export async function run() {
	await importDist("coding-agent", "main.js");
	const server = await startMockServer();
	const none = makeAgentDir(server.url, false);
	const mcp = makeAgentDir(server.url, true);
	const results = { none: { version: [], print: [], frame: [], rpc: [], ready: [], rss: [] } };
	const handshakes = [];
	results.mcp = structuredClone(results.none);
	try {
		for (let round = -1; round < RUNS; round++) {
			// Which setup goes first alternates, and each measurement starts once the last one's servers are gone.
			const order = [
				["none", none],
				["mcp", mcp],
			];
			if (round % 2 === 1) order.reverse();
			for (const [name, setup] of order) {
				const record = (key, value) => round >= 0 && results[name][key].push(value);
				let start = performance.now();
				await runToEnd(["--version"], setup);
				record("version", performance.now() - start);
				server.enqueue({ text: "ok" });
				start = performance.now();
				await runToEnd(["-p", "--no-session", "say ok"], setup);
				record("print", performance.now() - start);
				await serversGone();
				record("frame", await firstFrame(setup));
				await serversGone();
				const rpc = await rpcTimes(setup, name === "mcp");
				record("rpc", rpc.first);
				record("ready", rpc.ready);
				record("rss", rpc.rss);
				await serversGone();
			}
			if (round >= 0) handshakes.push(await bareHandshakes());
			await serversGone();
		}
		const row = (label, key, goal) => {
			const a = median(results.none[key]);
			const b = median(results.mcp[key]);
			const verdict = goal === undefined ? "" : ` (goal <= +${goal} ms: ${b - a <= goal ? "met" : "MISSED"})`;
			console.log(
				`${label}: none ${formatMs(a)}, ${SERVERS} servers ${formatMs(b)}, added ${formatMs(b - a)}${verdict}`,
			);
		};
		row("pi --version", "version");
		row("pi -p (waits for the servers)", "print");
		row("interactive first frame", "frame", GOAL_MS);
		row("rpc first response (get_state)", "rpc", GOAL_MS);
		row("rpc start to tools ready", "ready");
		console.log(
			`the ${SERVERS} servers alone (spawned in parallel, until each answered initialize): ${formatMs(median(handshakes))}`,
		);
		const rss = median(results.mcp.rss) - median(results.none.rss);
		console.log(
			`pi RSS with tools ready: none ${median(results.none.rss)} kB, ${SERVERS} servers ${median(results.mcp.rss)} kB: ${Math.round(rss / SERVERS)} kB per idle server connection (SDK loaded once included)`,
		);
	} finally {
		await server.close();
		rmSync(none.dir, { recursive: true, force: true });
		rmSync(mcp.dir, { recursive: true, force: true });
	}
}
