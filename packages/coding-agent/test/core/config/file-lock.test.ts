import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { FileLockError, withFileLockSync } from "../../../src/core/config/file-lock.js";
import { SettingsManager } from "../../../src/core/config/settings.js";
import { tempDir, warningSink, writeFile } from "./helpers.js";

const run = promisify(execFile);

describe("file lock", () => {
	it("two processes writing different keys under the lock both keep their changes", async () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		const script = join(root, "lock-writer.mjs");
		// Node 20 cannot run TypeScript: bundle the child (with the real settings code) into one ESM file.
		buildSync({
			entryPoints: [join(import.meta.dirname, "lock-writer.ts")],
			bundle: true,
			platform: "node",
			format: "esm",
			outfile: script,
			logLevel: "silent",
		});
		writeFile(join(agentDir, "settings.json"), { keep: "me" });
		// Enough writes to interleave many times; more only adds exposure to a scheduler stall longer than the
		// spec's 200 ms lock wait (10 × 20 ms) on a loaded CI machine, which would skip a write by design.
		const count = "40";
		const [a, b] = await Promise.all([
			run(process.execPath, [script, agentDir, root, "theme", count]),
			run(process.execPath, [script, agentDir, root, "lastChangelogVersion", count]),
		]);
		expect(JSON.parse(a.stdout)).toEqual([]);
		expect(JSON.parse(b.stdout)).toEqual([]);
		const saved = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8"));
		expect(saved).toEqual({ keep: "me", theme: "theme-40", lastChangelogVersion: "lastChangelogVersion-40" });
		expect(existsSync(join(agentDir, "settings.json.lock"))).toBe(false);
	});

	it("removes a stale lock (older than 10 s) and writes", () => {
		const agentDir = tempDir();
		const file = join(agentDir, "settings.json");
		mkdirSync(`${file}.lock`);
		const old = new Date(Date.now() - 20_000);
		utimesSync(`${file}.lock`, old, old);
		const sink = warningSink();
		const settings = SettingsManager.create({ agentDir, cwd: agentDir, onWarning: sink.onWarning });
		settings.setTheme("light");
		expect(sink.warnings).toEqual([]);
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ theme: "light" });
		expect(existsSync(`${file}.lock`)).toBe(false);
	});

	it("skips the write with a warning when the lock stays held; the value stays in memory", () => {
		const agentDir = tempDir();
		const file = join(agentDir, "settings.json");
		writeFile(file, { theme: "dark" });
		mkdirSync(`${file}.lock`);
		const sink = warningSink();
		const settings = SettingsManager.create({ agentDir, cwd: agentDir, onWarning: sink.onWarning });
		settings.setTheme("light");
		expect(sink.warnings).toEqual([`Could not lock ${file}; change not saved`]);
		expect(settings.getTheme()).toBe("light");
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ theme: "dark" });
	});

	it("releases the lock when the critical section throws", () => {
		const file = join(tempDir(), "x.json");
		expect(() =>
			withFileLockSync(file, () => {
				throw new Error("boom");
			}),
		).toThrow("boom");
		expect(withFileLockSync(file, () => 42)).toBe(42);
		mkdirSync(`${file}.lock`);
		expect(() => withFileLockSync(file, () => 1)).toThrow(FileLockError);
	});
});
