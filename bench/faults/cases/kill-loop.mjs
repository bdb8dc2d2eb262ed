// SIGKILL of `pi -p` at random moments of a 30-turn tool loop (write and bash `echo` calls), then `pi -c -p` in the
// same folder. Per trial, the session file is read right before the kill and after it:
// - lost: complete lines (ending in "\n") on disk before the kill that are missing after the kill, or after the
//   continuation (a torn last line may go, and only if the continuation does not choke on it; every 5th trial
//   appends half a line to the killed file, since a real SIGKILL rarely lands inside a write);
// - unreadable: a complete line that is not JSON, or a continuation that did not load the killed run's session
//   (its request lacks the killed run's prompt, or it started another session file);
// - crashes: the continuation exits non-zero, times out, or sends a tool call without a result (a real provider
//   refuses such a request, so every later request of the session would fail).
// Goal 0 / 0 / 0. PI_FAULTS_TRIALS (default 50) sets the trials, PI_FAULTS_SEED replays the kill moments.
import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { SEED, seededRandom, trialCount } from "../lib/random.mjs";
import { fileLines, missingLines, orphanedToolCalls, unparsableLines } from "../lib/session-check.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, modelFor, runPi, sessionFiles, sleep, startPi, until } from "../lib/world.mjs";

export const budgetMs = 12 * 60_000;
const TURNS = 30;
const API = "openai-completions";

function loopTurns() {
	const turns = [];
	for (let n = 1; n <= TURNS; n++) {
		const call =
			n % 3 === 0
				? { id: `call_${n}`, name: "bash", arguments: { command: `echo ${n}` } }
				: { id: `call_${n}`, name: "write", arguments: { file_path: `note-${n}.txt`, content: `note ${n}\n` } };
		turns.push({ text: `step ${n}`, toolCalls: [call] });
	}
	turns.push({ text: "loop done" });
	return turns;
}

export async function run() {
	const trials = trialCount(50);
	const random = seededRandom(SEED);
	const server = await startFaultServer();
	const world = createWorld(server.url);
	const counts = { unreadable: 0, lost: 0, crashes: 0, noSession: 0, torn: 0, fakedTorn: 0 };
	const notes = [`seed ${SEED} (PI_FAULTS_SEED)`];
	const note = (text) => {
		if (notes.length < 6) notes.push(text);
	};
	try {
		// One uncut run sets the span the kill moments are drawn from.
		const calibrate = join(world.root, "calibrate");
		mkdirSync(calibrate);
		server.reset();
		server.enqueue(...loopTurns());
		const calibration = await startPi(world, ["-p", "--model", modelFor(API), "loop"], { cwd: calibrate });
		calibration.child.stdin.end();
		await until(() => server.requests.length > 0, 60_000, "the first request");
		const loopStart = Date.now();
		const full = await calibration.exited;
		if (full.code !== 0) throw new Error(`the uncut loop failed (${full.code}): ${calibration.stderr()}`);
		const span = Date.now() - loopStart;
		notes.push(`uncut 30-turn loop: ${span} ms from its first request; kills drawn from that span`);

		for (let trial = 0; trial < trials; trial++) {
			const cwd = join(world.root, `trial-${trial}`);
			mkdirSync(cwd);
			const marker = `loop prompt ${trial}`;
			server.reset();
			server.enqueue(...loopTurns());
			const pi = await startPi(world, ["-p", "--model", modelFor(API), marker], { cwd });
			pi.child.stdin.end();
			const exited = pi.exited.then(() => true);
			await Promise.race([until(() => server.requests.length > 0, 60_000, "the first request"), exited]);
			await Promise.race([sleep(Math.floor(random() * span)), exited]);
			const files = () => sessionFiles({ ...world, cwd });
			const before = files().map((file) => fileLines(file));
			pi.child.kill("SIGKILL");
			await pi.exited;
			const afterKill = files();
			if (afterKill.length === 0) {
				counts.noSession++;
				continue;
			}
			let killed = fileLines(afterKill[0]);
			const lostAtKill = before.length === 0 ? 0 : missingLines(before[0].complete, killed.complete);
			if (killed.torn !== undefined) counts.torn++;
			else if (trial % 5 === 4 && killed.complete.length > 0) {
				// A SIGKILL rarely lands inside a write (one small write per entry): every 5th trial fakes one, the first
				// half of a copy of the last line with no "\n", which the continuation must read past.
				const last = killed.complete.at(-1);
				appendFileSync(afterKill[0], last.slice(0, Math.floor(last.length / 2)));
				killed = fileLines(afterKill[0]);
				counts.fakedTorn++;
			}
			const bad = unparsableLines(killed.complete).length;

			server.reset();
			server.enqueue({ text: "continued" });
			const cont = await runPi(world, ["-c", "-p", "--model", modelFor(API), "continue"], { cwd, timeoutMs: 30_000 });
			const afterCont = files();
			const final = fileLines(afterKill[0]);
			const lostAtContinue = missingLines(killed.complete, final.complete);
			const request = server.requests[0]?.body;
			const hadPrompt = killed.complete.some((line) => line.includes(marker));
			const loaded = !hadPrompt || JSON.stringify(request ?? {}).includes(marker);
			const orphans = request ? orphanedToolCalls(request) : [];

			if (bad > 0 || !loaded || afterCont.length !== 1) {
				counts.unreadable++;
				note(
					`trial ${trial}: unreadable (${bad} bad lines, loaded ${loaded}, ${afterCont.length} session files) ${cont.stderr.trim().slice(0, 200)}`,
				);
			}
			if (lostAtKill + lostAtContinue > 0) {
				counts.lost += lostAtKill + lostAtContinue;
				note(`trial ${trial}: ${lostAtKill} lines lost at the kill, ${lostAtContinue} at the continuation`);
			}
			if (cont.code !== 0 || cont.timedOut || orphans.length > 0 || cont.stdout.trim() !== "continued") {
				counts.crashes++;
				note(
					`trial ${trial}: continuation exit ${cont.code}${cont.timedOut ? " (timed out)" : ""}, orphaned calls ${orphans.join(",") || "none"}, stdout ${JSON.stringify(cont.stdout.slice(0, 80))}, stderr ${cont.stderr.trim().slice(0, 200)}`,
				);
			}
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	notes.push(
		`${counts.noSession} kills came before the session file existed; ${counts.torn} left a torn last line, ${counts.fakedTorn} more had one appended (each continuation read past it)`,
	);
	const met = counts.unreadable === 0 && counts.lost === 0 && counts.crashes === 0;
	return [
		row("SIGKILL during a 30-turn tool loop, then pi -c -p", {
			trials,
			outcomes: `unreadable ${counts.unreadable} / lost ${counts.lost} / crashes ${counts.crashes}`,
			goal: "0 / 0 / 0",
			met,
			notes,
		}),
	];
}
