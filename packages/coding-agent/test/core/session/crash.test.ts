import { spawn } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadSessionFile } from "../../../src/core/session/index.js";
import { makeTempDir } from "./helpers.js";

const child = fileURLToPath(new URL("./crash-child.mjs", import.meta.url));
const dist = fileURLToPath(new URL("../../../dist/core/session/index.js", import.meta.url));
const KILLS = 50;

interface Run {
	file?: string;
	leafAtStart?: string;
	/** Appends the child reported as completed: [id, parentId]. */
	completed: [string, string][];
}

/** Starts the child, kills it with SIGKILL after a random number of completed appends, returns what it reported. */
function runAndKill(args: string[], killAfterAppends: number): Promise<Run> {
	return new Promise((resolve, reject) => {
		const proc = spawn(process.execPath, [child, ...args], { stdio: ["ignore", "pipe", "pipe"] });
		const run: Run = { completed: [] };
		let buffer = "";
		let stderr = "";
		let killed = false;
		proc.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		proc.stdout.on("data", (chunk) => {
			buffer += chunk;
			let nl = buffer.indexOf("\n");
			while (nl >= 0) {
				const [kind, a, b] = buffer.slice(0, nl).split(" ");
				buffer = buffer.slice(nl + 1);
				if (kind === "FILE") run.file = a;
				else if (kind === "LEAF") run.leafAtStart = a;
				else if (kind === "OK") run.completed.push([a, b]);
				nl = buffer.indexOf("\n");
			}
			if (!killed && run.completed.length >= killAfterAppends) {
				killed = true;
				proc.kill("SIGKILL");
			}
		});
		proc.on("exit", (_code, signal) => {
			if (signal === "SIGKILL") resolve(run);
			else reject(new Error(`child exited without being killed: ${stderr}`));
		});
	});
}

describe("crash safety (§11)", () => {
	it("a session killed at 50 random moments loads, keeps every completed append and continues", async () => {
		expect(existsSync(dist), "build first: npx tsc -b packages/coding-agent").toBe(true);
		const dir = makeTempDir();
		let file: string | undefined;
		const reported = new Set<string>();
		for (let i = 0; i < KILLS; i++) {
			const run = await runAndKill(file ? ["open", file] : ["create", dir], 1 + Math.floor(Math.random() * 20));
			file ??= run.file;
			expect(file).toBeDefined();
			const warnings: string[] = [];
			const loaded = loadSessionFile(file as string, { cwd: dir, onWarning: (w) => warnings.push(w) });
			const ids = new Set(loaded.entries.map((e) => e.id));
			for (const [id] of run.completed) reported.add(id);
			for (const id of reported) expect(ids.has(id), `entry ${id} lost after kill ${i}`).toBe(true);
			// Appending continued from the last valid entry of the previous run.
			if (i > 0 && run.completed.length > 0) expect(run.completed[0][1]).toBe(run.leafAtStart);
			// Every parent link is intact.
			for (const entry of loaded.entries) if (entry.parentId !== null) expect(ids.has(entry.parentId)).toBe(true);
			// Now and then also simulate a write torn by the OS: the next run must not lose its first entry to it.
			if (i % 10 === 5) appendFileSync(file as string, '{"type":"message","id":"torn","parentId":null,"timest');
		}
		expect(reported.size).toBeGreaterThan(KILLS);
	}, 60_000);
});
