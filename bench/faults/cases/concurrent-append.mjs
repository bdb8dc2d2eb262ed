// Two `pi -p --session <file>` processes appending to the same session file at once, each running a tool loop whose
// write calls carry 16 KB of content (so every entry line is far larger than a pipe buffer). Afterwards:
// - interleaved: a complete line of the file that is not one JSON object (two writes mixed into one line);
// - lost: a tool call of either process without its assistant entry or its tool-result entry in the file, for a
//   process that did not refuse (a refusal must exit non-zero and say why);
// - unreadable: a third `pi --session <file> -p` fails to load it or to answer.
// Goal 0 / 0 / 0. PI_FAULTS_TRIALS scales the trials (default 5).
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { trialCount } from "../lib/random.mjs";
import { fileLines, unparsableLines } from "../lib/session-check.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, modelFor, runPi } from "../lib/world.mjs";

export const budgetMs = 6 * 60_000;
const CALLS = 20; // shared by both processes
const CONTENT = "x".repeat(16 * 1024);
const API = "openai-completions";

export async function run() {
	const trials = Math.max(1, Math.round(trialCount(50) / 10));
	const server = await startFaultServer();
	const world = createWorld(server.url);
	const counts = { interleaved: 0, lost: 0, unreadable: 0, refusals: 0 };
	const notes = [];
	const note = (text) => {
		if (notes.length < 5) notes.push(text);
	};
	try {
		for (let trial = 0; trial < trials; trial++) {
			const file = join(world.root, `shared-${trial}.jsonl`);
			server.reset();
			server.enqueue({ text: "seeded" });
			const seed = await runPi(world, ["-p", "--session", file, "--model", modelFor(API), "seed"]);
			if (seed.code !== 0) throw new Error(`seeding the session failed: ${seed.stderr}`);

			server.reset();
			const ids = [];
			for (let n = 0; n < CALLS; n++) {
				const id = `call_t${trial}_${n}`;
				ids.push(id);
				server.enqueue({
					toolCalls: [{ id, name: "write", arguments: { file_path: `out-${trial}-${n}.txt`, content: CONTENT } }],
				});
			}
			server.enqueue({ text: "first done" }, { text: "second done" });
			const args = (who) => ["-p", "--session", file, "--model", modelFor(API), `writer ${who}`];
			const [a, b] = await Promise.all([
				runPi(world, args("a"), { timeoutMs: 60_000 }),
				runPi(world, args("b"), { timeoutMs: 60_000 }),
			]);
			const refused = [a, b].filter((r) => r.code !== 0);
			counts.refusals += refused.length;
			for (const r of refused) note(`trial ${trial}: a writer exited ${r.code}: ${r.stderr.trim().slice(0, 200)}`);

			const { complete } = fileLines(file);
			const bad = unparsableLines(complete).length;
			counts.interleaved += bad;
			if (bad > 0) note(`trial ${trial}: ${bad} lines are not one JSON object`);
			if (refused.length === 0) {
				const text = complete.join("\n");
				const missing = ids.filter((id) => text.split(`"${id}"`).length - 1 < 2);
				counts.lost += missing.length;
				if (missing.length > 0) note(`trial ${trial}: no call + result entry for ${missing.join(", ")}`);
			}

			server.reset();
			server.enqueue({ text: "read back" });
			const after = await runPi(world, ["-p", "--session", file, "--model", modelFor(API), "after"]);
			if (after.code !== 0 || after.stdout.trim() !== "read back") {
				counts.unreadable++;
				note(`trial ${trial}: reading the file back exited ${after.code}: ${after.stderr.trim().slice(0, 200)}`);
			}
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	if (counts.refusals > 0) notes.push(`${counts.refusals} writers refused (allowed when they say why)`);
	return [
		row("two pi processes appending to one session file", {
			trials,
			outcomes: `interleaved ${counts.interleaved} / lost ${counts.lost} / unreadable ${counts.unreadable}`,
			goal: "0 / 0 / 0",
			met: counts.interleaved === 0 && counts.lost === 0 && counts.unreadable === 0,
			notes,
		}),
	];
}
