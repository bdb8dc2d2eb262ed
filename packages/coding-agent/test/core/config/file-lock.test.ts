import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmdirSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import {
	ASYNC_LOCK_STALE_AFTER_MS,
	FileLockError,
	LOCK_TOUCH_INTERVAL_MS,
	LOCK_WAIT_NOTICE_MS,
	withFileLock,
	withFileLockSync,
} from "../../../src/core/config/file-lock.js";
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

	it("an auth.json save waits out a 20 s old lock (another process's refresh) instead of taking it over", () => {
		const agentDir = tempDir();
		const file = join(agentDir, "auth.json");
		mkdirSync(`${file}.lock`);
		const old = new Date(Date.now() - 20_000);
		utimesSync(`${file}.lock`, old, old);
		const sink = warningSink();
		const auth = AuthStorage.create({ agentDir, onWarning: sink.onWarning });
		auth.setApiKey("openai", "sk-test-key-123456");
		expect(sink.warnings).toEqual([`Could not lock ${file}; change not saved`]);
		expect(existsSync(file)).toBe(false);
		// Untouched: the mtime we set (to the millisecond; the file system stores it as a float).
		expect(Math.abs(statSync(`${file}.lock`).mtimeMs - old.getTime())).toBeLessThan(1);
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

describe("async file lock (held across network waits)", () => {
	const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

	it("runs one holder at a time; the second waits for the first and then runs", async () => {
		const file = join(tempDir(), "auth.json");
		const log: string[] = [];
		const holder = (name: string) =>
			withFileLock(file, async () => {
				log.push(`${name} in`);
				await pause(100);
				log.push(`${name} out`);
				return name;
			});
		expect(await Promise.all([holder("a"), holder("b")])).toEqual(["a", "b"]);
		// Whoever got the lock first, the other entered only after it left.
		const first = log[0]!.slice(0, 1);
		const second = first === "a" ? "b" : "a";
		expect(log).toEqual([`${first} in`, `${first} out`, `${second} in`, `${second} out`]);
		expect(existsSync(`${file}.lock`)).toBe(false);
	});

	it("keeps the lock directory's mtime fresh while held, so nobody takes it for stale", async () => {
		const file = join(tempDir(), "auth.json");
		const started = Date.now();
		await withFileLock(file, async () => {
			const old = new Date(started - 60_000);
			utimesSync(`${file}.lock`, old, old);
			await pause(LOCK_TOUCH_INTERVAL_MS + 500);
			expect(statSync(`${file}.lock`).mtimeMs).toBeGreaterThanOrEqual(started - 1000);
			// The sync lock of another writer does not remove it meanwhile.
			expect(() => withFileLockSync(file, () => 1)).toThrow(FileLockError);
		});
	});

	it("takes over a stale lock (no touch for over 30 s) and gives up on a live one after its timeout", async () => {
		const file = join(tempDir(), "auth.json");
		mkdirSync(`${file}.lock`);
		const old = new Date(Date.now() - 40_000);
		utimesSync(`${file}.lock`, old, old);
		expect(await withFileLock(file, async () => "taken")).toBe("taken");
		mkdirSync(`${file}.lock`);
		await expect(withFileLock(file, async () => "never", { timeoutMs: 150 })).rejects.toThrow(FileLockError);
		expect(existsSync(`${file}.lock`)).toBe(true);
	});

	it("does not take over the original pi's live lock, touched only every 15 s (proper-lockfile, stale 30 s)", async () => {
		expect(ASYNC_LOCK_STALE_AFTER_MS).toBe(30_000);
		const file = join(tempDir(), "auth.json");
		mkdirSync(`${file}.lock`);
		const fifteenSecondsAgo = new Date(Date.now() - 15_000);
		utimesSync(`${file}.lock`, fifteenSecondsAgo, fifteenSecondsAgo);
		let ran = false;
		await expect(
			withFileLock(
				file,
				async () => {
					ran = true;
				},
				{ timeoutMs: 300 },
			),
		).rejects.toThrow(FileLockError);
		expect(ran).toBe(false);
		expect(existsSync(`${file}.lock`)).toBe(true);
		expect(Math.round(statSync(`${file}.lock`).mtimeMs / 1000)).toBe(Math.round(fifteenSecondsAgo.getTime() / 1000));
	});

	it("says why it waits when another process holds auth.json's lock for a while, then goes on", async () => {
		const agentDir = tempDir();
		const lock = join(agentDir, "auth.json.lock");
		mkdirSync(lock);
		const sink = warningSink();
		const auth = AuthStorage.create({ agentDir, onWarning: sink.onWarning });
		// The other holder finishes a little after the notice threshold.
		setTimeout(() => rmdirSync(lock), LOCK_WAIT_NOTICE_MS + 200);
		const result = await auth.withLock(async () => "ran");
		expect(result).toBe("ran");
		expect(sink.warnings).toEqual([
			`Waiting for ${lock}: another pi process is refreshing a sign-in (a lock left by a crashed process is taken over after 30 s).`,
		]);
	});

	it("releases the lock when the critical section rejects", async () => {
		const file = join(tempDir(), "auth.json");
		await expect(
			withFileLock(file, async () => {
				throw new Error("boom");
			}),
		).rejects.toThrow("boom");
		expect(existsSync(`${file}.lock`)).toBe(false);
	});
});
