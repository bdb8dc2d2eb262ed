// Start-up with installed packages: `pi -p` against the loopback mock server with 5 packages in settings.json
// (2 npm packages in <agentDir>/npm/node_modules, 2 git clones in <agentDir>/git/<host>/<path>, 1 local folder; laid
// out as pi install leaves them, without running npm or git). Each package has a TypeScript extension (a tool and a
// command), two skills, two prompt templates and a theme, declared by a `pi` manifest or by conventional folders.
// Measured interleaved, one of each per round, after a first run that fills the compiled-extension cache:
// - none: the same request from an agent dir without packages;
// - packages: with the 5 packages (warm cache);
// - loose: the same extensions, skills, templates and themes as plain files in the agent dir (what the packages add
//   beyond loading their resources at all).
// Uses the built package: run `npm run build` first.
//
// Goal: being in packages adds at most 30 ms to a warm start over the same resources as plain files (what loading
// the resources themselves costs, extensions and skills, is reported beside it). Besides wall-clock time, the CPU time of each pi process
// (user + system, from /usr/bin/time where it exists) is reported: on a busy machine it moves far less than wall time.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { importDist, startMockServer } from "../lib/mock-server.mjs";
import { benchEnv, PI_BIN, runCommand, writeMockAgentDir } from "../lib/pi-cli.mjs";
import { formatMs, median } from "../lib/timing.mjs";

const _root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PI = PI_BIN;
const RUNS = 11;
const GOAL_MS = 30;

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** Runs a command to its end; resolves with its CPU time in ms (user + system) when /usr/bin/time measured it. */
async function runTimed(command, args, env, timeFile) {
	if (!TIME) return void (await runCommand(command, args, env, { quiet: true }));
	await runCommand(TIME, ["-f", "%U %S", "-o", timeFile, command, ...args], env, { quiet: true });
	const [user, system] = readFileSync(timeFile, "utf8").trim().split(/\s+/).map(Number);
	return (user + system) * 1000;
}

function write(path, text) {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

/** One package folder; `manifest` decides between a `pi` key and conventional folders. */
function writePackage(dir, index, manifest) {
	const ext = manifest ? "src/extension.ts" : "extensions/index.ts";
	write(
		join(dir, ext),
		`import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
export default function (pi: ExtensionAPI): void {
	pi.registerTool({
		name: "pkg_tool_${index}",
		label: "Tool ${index}",
		description: "Bench tool ${index}",
		parameters: { type: "object", properties: {} },
		async execute() {
			return { content: [{ type: "text" as const, text: "ok" }], details: {} };
		},
	});
	pi.registerCommand("pkg-${index}", { description: "bench", handler: async () => {} });
}
`,
	);
	const skills = manifest ? "res/skills" : "skills";
	const prompts = manifest ? "res/prompts" : "prompts";
	const themes = manifest ? "res/themes" : "themes";
	for (const n of [1, 2]) {
		write(
			join(dir, skills, `skill-${index}-${n}`, "SKILL.md"),
			`---\nname: skill-${index}-${n}\ndescription: Bench skill\n---\nDo it.\n`,
		);
		write(join(dir, prompts, `prompt-${index}-${n}.md`), `---\ndescription: Bench prompt\n---\nSay $1\n`);
	}
	write(join(dir, themes, `theme-${index}.json`), JSON.stringify({ name: `bench-${index}`, colors: {} }));
	const pkg = { name: `bench-pkg-${index}`, version: "1.0.0" };
	if (manifest)
		pkg.pi = {
			extensions: [`./${ext}`],
			skills: [`./${skills}`],
			prompts: [`./${prompts}/*.md`],
			themes: [`./${themes}`],
		};
	write(join(dir, "package.json"), JSON.stringify(pkg));
}

/** Package `index`'s resources as plain files in the agent dir's extensions/, skills/, prompts/, themes/. */
function writeLoose(agentDir, index) {
	const dir = join(agentDir, "loose-src", String(index));
	writePackage(dir, index, false);
	write(join(agentDir, "extensions", `pkg-${index}.ts`), readFileSync(join(dir, "extensions", "index.ts"), "utf8"));
	for (const n of [1, 2]) {
		const skill = `skill-${index}-${n}`;
		write(join(agentDir, "skills", skill, "SKILL.md"), readFileSync(join(dir, "skills", skill, "SKILL.md"), "utf8"));
		const prompt = `prompt-${index}-${n}.md`;
		write(join(agentDir, "prompts", prompt), readFileSync(join(dir, "prompts", prompt), "utf8"));
	}
	write(
		join(agentDir, "themes", `theme-${index}.json`),
		readFileSync(join(dir, "themes", `theme-${index}.json`), "utf8"),
	);
}

export async function run() {
	await importDist("coding-agent", "main.js");
	const server = await startMockServer();
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-pkg-"));
	try {
		const withPackages = writeMockAgentDir(join(dir, "with"), server.url);
		const without = writeMockAgentDir(join(dir, "without"), server.url);
		const loose = writeMockAgentDir(join(dir, "loose"), server.url);
		for (let index = 0; index < 5; index++) writeLoose(loose, index);
		writePackage(join(withPackages, "npm", "node_modules", "bench-npm-0"), 0, true);
		writePackage(join(withPackages, "npm", "node_modules", "@bench", "npm-1"), 1, false);
		writePackage(join(withPackages, "git", "git.example.test", "bench", "git-2"), 2, true);
		writePackage(join(withPackages, "git", "git.example.test", "bench", "git-3"), 3, false);
		writePackage(join(dir, "local-4"), 4, true);
		const packages = [
			"npm:bench-npm-0",
			"npm:@bench/npm-1",
			"git:git.example.test/bench/git-2",
			"https://git.example.test/bench/git-3",
			"../local-4",
		];
		write(join(withPackages, "settings.json"), JSON.stringify({ packages }));
		const args = [PI, "-p", "--no-session", "--model", "mock/mock-model", "say ok"];
		const timeFile = join(dir, "time.txt");
		const pi = (agentDir) => () => {
			server.enqueue({ text: "ok" });
			return runTimed(process.execPath, args, benchEnv(agentDir), timeFile);
		};
		const commands = [pi(without), pi(withPackages), pi(loose)];
		const durations = commands.map(() => []);
		const cpu = commands.map(() => []);
		for (let round = -1; round < RUNS; round++) {
			for (const [index, command] of commands.entries()) {
				const start = performance.now();
				const cpuMs = await command();
				if (round < 0) continue; // round -1 fills the cache
				durations[index].push(performance.now() - start);
				if (cpuMs !== undefined) cpu[index].push(cpuMs);
			}
		}
		const [none, withPkgs, looseFiles] = durations.map(median);
		if (cpu[0].length > 0) {
			const [cpuNone, cpuPkgs, cpuLoose] = cpu.map(median);
			console.log(
				`CPU time (user + system) medians: no packages ${formatMs(cpuNone)}, 5 packages ${formatMs(cpuPkgs)} (+${formatMs(cpuPkgs - cpuNone)}), plain files ${formatMs(cpuLoose)} (+${formatMs(cpuLoose - cpuNone)})`,
			);
		}
		console.log(`pi -p, no packages: median ${formatMs(none)}`);
		console.log(
			`pi -p, 5 packages (5 extensions, 10 skills, 10 prompt templates, 5 themes), warm cache: median ${formatMs(withPkgs)} = +${formatMs(withPkgs - none)}`,
		);
		const overhead = withPkgs - looseFiles;
		const verdict = overhead <= GOAL_MS ? "met" : "MISSED";
		console.log(
			`pi -p, the same resources as plain files in the agent dir: median ${formatMs(looseFiles)}; packaging adds ${overhead >= 0 ? "+" : ""}${formatMs(overhead)} (goal <= +${GOAL_MS} ms: ${verdict})`,
		);
	} finally {
		await server.close();
		rmSync(dir, { recursive: true, force: true });
	}
}
