// A signal while the bash tool runs a long command that also started a background process: `pi -p`, `--mode json`
// and the terminal UI (in a pty) get SIGTERM, SIGHUP or SIGINT once the command is running. Goals: pi exits with
// 128 + the signal number within 5 s, and no process of the command (the foreground `sleep` and the one it put in
// the background) is left running; the session file keeps the prompt.

import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { startFaultServer } from "../lib/mock.mjs";
import { startPiInPty } from "../lib/pty.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, FAST_SETTINGS, modelFor, sessionFiles, sleep, startPi, until } from "../lib/world.mjs";

export const budgetMs = 3 * 60_000;
const EXIT_LIMIT_MS = 5_000;
const CODES = { SIGTERM: 143, SIGHUP: 129, SIGINT: 130 };

/** Processes whose command line contains `marker` (the command's own sleeps), by pid. */
function processesWith(marker) {
	const found = [];
	for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
		try {
			if (readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").includes(marker)) found.push(Number(pid));
		} catch {
			// gone
		}
	}
	return found;
}

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url, {
		settings: { ...FAST_SETTINGS, defaultProvider: "mock-openai", defaultModel: "mock-model" },
	});
	const rows = [];
	try {
		for (const mode of ["print", "json", "interactive"]) {
			for (const signal of Object.keys(CODES)) {
				// A unique sleep length marks this trial's processes in the process table.
				const seconds = 300 + (randomBytes(2).readUInt16BE() % 600);
				const marker = `sleep ${seconds}`;
				const command = `(sleep ${seconds}.5 &) ; ${marker}`;
				server.reset();
				server.enqueue(
					{ toolCalls: [{ id: "call_long", name: "bash", arguments: { command } }] },
					{ text: "after the command" },
				);
				const problems = [];
				let code;
				let waitedMs = 0;
				if (mode === "interactive") {
					const term = await startPiInPty(world, []);
					try {
						await until(() => term.output().includes("\x1b[?2004h"), 20_000, "the UI");
						await sleep(300);
						term.write("run it\r");
						await until(() => processesWith(marker).length > 0, 15_000, "the command to start");
						await sleep(200);
						const pid = await term.piPid();
						const sent = Date.now();
						process.kill(pid, signal);
						const ended = await Promise.race([
							term.exited.then(() => true),
							sleep(EXIT_LIMIT_MS + 2_000).then(() => false),
						]);
						waitedMs = Date.now() - sent;
						code = ended ? Number(/PI-EXIT:(\d+)/.exec(term.output())?.[1]) : undefined;
					} finally {
						term.kill();
					}
				} else {
					const args = mode === "json" ? ["--mode", "json"] : ["-p"];
					const pi = await startPi(world, [...args, "--model", modelFor("openai-completions"), "run it"]);
					pi.child.stdin.end();
					await until(() => processesWith(marker).length > 0, 15_000, "the command to start");
					await sleep(200);
					const sent = Date.now();
					pi.child.kill(signal);
					const timer = setTimeout(() => pi.child.kill("SIGKILL"), EXIT_LIMIT_MS + 2_000);
					const exit = await pi.exited;
					clearTimeout(timer);
					waitedMs = Date.now() - sent;
					code = exit.code ?? undefined;
				}
				if (code !== CODES[signal]) problems.push(`exit ${code ?? "none (killed)"}`);
				if (waitedMs > EXIT_LIMIT_MS) problems.push(`took ${waitedMs} ms`);
				await sleep(1_500); // the SIGKILL step of a killed group comes 1 s after SIGTERM at the latest
				const left = processesWith(`sleep ${seconds}`);
				if (left.length > 0) {
					problems.push(`${left.length} command processes left`);
					for (const pid of left) process.kill(pid, "SIGKILL");
				}
				const saved = sessionFiles(world).some((file) => readFileSync(file, "utf8").includes("run it"));
				if (!saved) problems.push("prompt not in a session file");
				rows.push(
					row(`${signal} during a bash tool run (${mode})`, {
						trials: 1,
						outcomes:
							problems.length === 0 ? `exit ${code} after ${waitedMs} ms, no process left` : problems.join(", "),
						goal: `exit ${CODES[signal]} within 5 s, no process left`,
						met: problems.length === 0,
					}),
				);
			}
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	return rows;
}
