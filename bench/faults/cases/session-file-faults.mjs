// The session file disturbed while `pi -p` runs a 30-turn tool loop: deleted, truncated mid-line, made unwritable
// (its folder read-only, as uid 65534 since root writes anyway), and `--session` pointing at a directory. Goals:
// pi finishes the run (exit 0, the reply printed) or refuses clearly, without a stack trace; a deleted file comes
// back whole (every entry of the run); a later `pi -c -p` continues with the run's context.
import { chmodSync, mkdirSync, readFileSync, rmSync, truncateSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { fileLines } from "../lib/session-check.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, giveToNobody, modelFor, runPi, sessionDir, sessionFiles, startPi, until } from "../lib/world.mjs";

export const budgetMs = 3 * 60_000;
const TURNS = 30;
const API = "openai-completions";
const AS_ROOT = process.getuid?.() === 0;

function loopTurns() {
	const turns = Array.from({ length: TURNS }, (_, i) => ({
		toolCalls: [{ id: `call_${i}`, name: "write", arguments: { file_path: `n-${i}.txt`, content: `${i}\n` } }],
		eventDelayMs: 5,
	}));
	return [...turns, { text: "loop done" }];
}

const noStack = (text) => !/\n\s+at .+:\d+:\d+/.test(text);

/** Runs the loop in a fresh folder, calling `disturb(file)` once the 5th request arrived. */
async function disturbedLoop(server, world, name, disturb, options = {}) {
	const cwd = join(world.root, name);
	mkdirSync(cwd);
	if (options.asNobody) Object.assign(options, { env: giveToNobody(world) });
	server.reset();
	server.enqueue(...loopTurns());
	const pi = await startPi(world, ["-p", "--model", modelFor(API), `loop ${name}`], { cwd, ...options });
	pi.child.stdin.end();
	const exitedEarly = pi.exited.then(() => true);
	await Promise.race([until(() => server.requests.length >= 5, 30_000, "the 5th request"), exitedEarly]);
	const files = sessionFiles({ ...world, cwd });
	if (files[0]) disturb(files[0], cwd);
	const exit = await pi.exited;
	return { cwd, file: files[0], exit, stdout: pi.stdout(), stderr: pi.stderr() };
}

async function continues(server, world, cwd, marker) {
	server.reset();
	server.enqueue({ text: "continued" });
	const result = await runPi(world, ["-c", "-p", "--model", modelFor(API), "go on"], { cwd });
	const body = JSON.stringify(server.requests[0]?.body ?? {});
	return result.code === 0 && result.stdout.trim() === "continued" && body.includes(marker);
}

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url);
	const rows = [];
	const add = (name, problems, outcome, notes = []) =>
		rows.push(
			row(`session file: ${name}`, {
				trials: 1,
				outcomes: problems.length === 0 ? outcome : problems.join(", "),
				goal: "run finishes, nothing lost, continues",
				met: problems.length === 0,
				notes,
			}),
		);
	try {
		{
			const run = await disturbedLoop(server, world, "deleted", (file) => rmSync(file));
			const problems = [];
			if (run.exit.code !== 0 || run.stdout.trim() !== "loop done") problems.push(`exit ${run.exit.code}`);
			if (!noStack(run.stderr)) problems.push("stack trace");
			const { complete } = fileLines(run.file);
			const results = complete.filter((line) => line.includes('"toolResult"')).length;
			if (results !== TURNS) problems.push(`${results}/${TURNS} tool results in the re-created file`);
			if (!(await continues(server, world, run.cwd, "loop deleted"))) problems.push("pi -c -p did not continue");
			add("deleted mid-run", problems, `re-created with all ${TURNS} tool results; continued`, [
				`stderr: ${run.stderr.trim().split("\n")[0]?.slice(0, 200) ?? ""}`,
			]);
		}
		{
			const run = await disturbedLoop(server, world, "truncated", (file) => {
				const size = readFileSync(file).length;
				truncateSync(file, Math.floor(size * 0.6));
			});
			const problems = [];
			if (run.exit.code !== 0 || run.stdout.trim() !== "loop done") problems.push(`exit ${run.exit.code}`);
			if (!noStack(run.stderr)) problems.push("stack trace");
			if (!(await continues(server, world, run.cwd, "loop truncated"))) problems.push("pi -c -p did not continue");
			add("truncated mid-line mid-run", problems, "run finished; continued (the cut lines are the truncation's)");
		}
		{
			const problems = [];
			const notes = [];
			const run = await disturbedLoop(
				server,
				world,
				"readonly",
				(file) => {
					chmodSync(sessionDir({ ...world, cwd: join(world.root, "readonly") }), 0o555);
					chmodSync(file, 0o444);
				},
				{ asNobody: AS_ROOT },
			);
			if (run.exit.code !== 0 || run.stdout.trim() !== "loop done") problems.push(`exit ${run.exit.code}`);
			if (!noStack(run.stderr)) problems.push("stack trace");
			if (!run.stderr.includes(run.file ?? "?")) problems.push("no warning naming the file");
			notes.push(`stderr: ${run.stderr.trim().split("\n")[0]?.slice(0, 200) ?? ""}`);
			if (AS_ROOT) notes.push("run as uid 65534 through setpriv (root writes a read-only file)");
			add("made read-only mid-run", problems, "run finished, write failure reported", notes);
		}
		{
			const dir = join(world.root, "a-directory.jsonl");
			mkdirSync(dir);
			server.reset();
			server.enqueue({ text: "unused" });
			const result = await runPi(world, ["-p", "--session", dir, "--model", modelFor(API), "hi"]);
			const problems = [];
			if (result.timedOut) problems.push("hung");
			if (!noStack(result.stderr)) problems.push("stack trace");
			if (result.code === 0 && !result.stderr.includes(dir)) problems.push("exit 0 without naming the path");
			if (result.code !== 0 && !result.stderr.includes("a-directory.jsonl"))
				problems.push("refusal not naming the path");
			add("--session names a directory", problems, `exit ${result.code}, path named`, [
				`stderr: ${result.stderr.trim().slice(0, 200)}`,
			]);
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	return rows;
}
