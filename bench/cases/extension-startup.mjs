// Start-up with extensions: `pi -p` against the loopback mock server with 10 TypeScript extensions discovered in the
// agent dir (generated here: each registers a tool, a command and a handler, imports `Type` from typebox, a value
// from @mariozechner/pi-coding-agent and a local .ts helper), measured three ways, interleaved one of each per round:
// - cold: the compiled-extension cache (<agentDir>/cache/extensions) emptied before the run (esbuild compiles all 10);
// - warm: the cache from the previous run (no compiler loaded: stat + import of the cached modules);
// - none: the same request from an agent dir without extensions.
// Uses the built package: run `npm run build` first.
//
// Goal: the warm start adds at most 30 ms over the start without extensions.
//
// PI_BENCH_PI=/path/to/cli.js runs that file instead of bin/pi.js (e.g. a copy of dist/ that a concurrent
// `tsc -b` cannot make stale: bin/pi.js falls back from the bundle to dist/ when the bundle is older).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { benchEnv, PI_BIN, runCommand, writeMockAgentDir } from "../lib/pi-cli.mjs";
import { formatMs, median } from "../lib/timing.mjs";

const _root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = process.env.PI_BENCH_PI || PI_BIN;
const RUNS = 9;
const EXTENSIONS = 10;
const GOAL_MS = 30;

/** Extension `index` as a folder with index.ts and a helper module. */
function writeExtension(extensionsDir, index) {
	const dir = join(extensionsDir, `bench-${index}`);
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, "counter.ts"),
		`export interface Counter { calls: number }\nexport function count(counter: Counter, by = 1): number {\n\tcounter.calls += by;\n\treturn counter.calls;\n}\n`,
	);
	writeFileSync(
		join(dir, "index.ts"),
		`import { defineTool, type ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { type Counter, count } from "./counter.js";

const counter: Counter = { calls: 0 };

const echo = defineTool({
	name: "bench_echo_${index}",
	label: "Echo ${index}",
	description: "Echoes its text (bench fixture ${index}).",
	parameters: Type.Object({ text: Type.String({ description: "what to echo" }) }),
	async execute(_id: string, params: { text: string }) {
		return { content: [{ type: "text" as const, text: \`\${params.text} #\${count(counter)}\` }], details: {} };
	},
});

export default function (pi: ExtensionAPI): void {
	pi.registerTool(echo);
	pi.registerCommand("bench-${index}", { description: "bench command", handler: async () => {} });
	pi.on("tool_call", (event) => (event.toolName === "never_${index}" ? { block: true, reason: "bench" } : undefined));
}
`,
	);
}

export async function run() {
	await importDist("coding-agent", "main.js");
	const server = await startMockServer();
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-ext-"));
	try {
		const withExtensions = writeMockAgentDir(join(dir, "with"), server.url);
		const without = writeMockAgentDir(join(dir, "without"), server.url);
		for (let index = 0; index < EXTENSIONS; index++) writeExtension(join(withExtensions, "extensions"), index);
		const cacheDir = join(withExtensions, "cache", "extensions");
		const args = [PI, "-p", "--no-session", "--model", "mock/mock-model", "say ok"];
		const pi = (agentDir) => () => {
			server.enqueue({ text: "ok" });
			return runCommand(process.execPath, args, benchEnv(agentDir), { quiet: true });
		};
		const commands = [
			{ name: "none", run: pi(without) },
			{
				name: "cold",
				run: () => {
					rmSync(cacheDir, { recursive: true, force: true });
					return pi(withExtensions)();
				},
			},
			{ name: "warm", run: pi(withExtensions) },
		];
		const durations = commands.map(() => []);
		for (let round = -1; round < RUNS; round++) {
			for (const [index, command] of commands.entries()) {
				const start = performance.now();
				await command.run();
				if (round >= 0) durations[index].push(performance.now() - start); // round -1 warms up
			}
		}
		const [none, cold, warm] = durations.map(median);
		console.log(`pi -p, no extensions: median ${formatMs(none)}`);
		console.log(
			`pi -p, ${EXTENSIONS} TypeScript extensions, first start (empty cache): median ${formatMs(cold)} = +${formatMs(cold - none)}`,
		);
		const verdict = warm - none <= GOAL_MS ? "met" : "MISSED";
		console.log(
			`pi -p, ${EXTENSIONS} TypeScript extensions, second start (cache): median ${formatMs(warm)} = +${formatMs(warm - none)} (goal <= +${GOAL_MS} ms: ${verdict})`,
		);
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
