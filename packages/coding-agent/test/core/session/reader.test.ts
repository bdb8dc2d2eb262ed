import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSessionFile, SessionError, SessionManager, sessionMessages } from "../../../src/core/session/index.js";
import { copyFixture, makeTempDir, readJsonl, warningCollector } from "./helpers.js";

describe("tolerant loading (R3)", () => {
	it("keeps the rest of a file with a corrupted middle line and a torn last line, and warns", () => {
		const dir = makeTempDir();
		const path = copyFixture("corrupted-middle-torn-tail.jsonl", dir);
		const { warnings, onWarning } = warningCollector();
		const manager = SessionManager.open(path, dir, { onWarning });
		expect(manager.getEntries().map((e) => e.id)).toEqual(["c0000001", "c0000003"]);
		expect(warnings).toContain(`Skipping malformed line 3 of ${path}`);
		expect(warnings).toContain(`Skipping malformed line 5 of ${path}`);
		// c0000003's parent c0000002 was the corrupted line: attached to the nearest preceding valid entry.
		expect(manager.getEntry("c0000003")?.parentId).toBe("c0000001");
		expect(warnings.some((w) => w.includes("c0000003") && w.includes("c0000002"))).toBe(true);
		expect(manager.getLeafId()).toBe("c0000003");
	});

	it("starts the next append on a fresh line after a torn tail and never rewrites the file", () => {
		const dir = makeTempDir();
		const path = copyFixture("corrupted-middle-torn-tail.jsonl", dir);
		const before = readFileSync(path, "utf8");
		const manager = SessionManager.open(path, dir);
		const id = manager.appendSessionInfo("after the crash");
		const after = readFileSync(path, "utf8");
		expect(after.startsWith(before)).toBe(true);
		expect(after.slice(before.length, before.length + 1)).toBe("\n");
		const reloaded = SessionManager.open(path, dir);
		expect(reloaded.getLeafId()).toBe(id);
		expect(reloaded.getEntry(id)?.parentId).toBe("c0000003");
		expect(reloaded.getSessionName()).toBe("after the crash");
	});

	it("skips entries without ids and duplicate ids", () => {
		const dir = makeTempDir();
		const path = join(dir, "dups.jsonl");
		writeFileSync(
			path,
			[
				'{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}',
				'{"type":"session_info","id":"e1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","name":"one"}',
				'{"type":"session_info","parentId":"e1","timestamp":"2026-01-01T00:00:00.000Z","name":"no id"}',
				'{"type":"session_info","id":"e1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","name":"dup"}',
				"[1,2]",
				"",
				'{"type":"session_info","id":"e2","parentId":"e1","timestamp":"2026-01-01T00:00:00.000Z","name":"two"}\r',
			].join("\n"),
		);
		const { warnings, onWarning } = warningCollector();
		const loaded = loadSessionFile(path, { cwd: dir, onWarning });
		expect(loaded.entries.map((e) => e.id)).toEqual(["e1", "e2"]);
		expect([...warnings].sort()).toEqual(
			[
				sessionMessages.entryWithoutId(3, path),
				sessionMessages.duplicateId("e1", 4, path),
				sessionMessages.malformedLine(5, path),
				sessionMessages.malformedLine(6, path),
			].sort(),
		);
		expect(loaded.missingFinalNewline).toBe(true);
	});

	it("reconstructs a missing header from the file name", () => {
		const dir = makeTempDir();
		const path = join(dir, "2026-03-04T05-06-07-089Z_0195aaaa-bbbb-7ccc-8ddd-eeeeffff0000.jsonl");
		writeFileSync(
			path,
			'{"type":"message","id":"m1","parentId":null,"timestamp":"2026-03-04T05:06:08.000Z","message":{"role":"user","content":"hi","timestamp":1}}\n',
		);
		const { warnings, onWarning } = warningCollector();
		const loaded = loadSessionFile(path, { cwd: "/current", onWarning });
		expect(loaded.header).toEqual({
			type: "session",
			version: 3,
			id: "0195aaaa-bbbb-7ccc-8ddd-eeeeffff0000",
			timestamp: "2026-03-04T05:06:07.089Z",
			cwd: "/current",
		});
		expect(loaded.headerReconstructed).toBe(true);
		expect(warnings).toEqual([sessionMessages.missingHeader(path)]);
		expect(readFileSync(path, "utf8").startsWith('{"type":"message"')).toBe(true);
	});

	it("refuses a file with no valid line and leaves it untouched", () => {
		const dir = makeTempDir();
		const path = join(dir, "garbage.jsonl");
		writeFileSync(path, "hello\nworld\n");
		expect(() => SessionManager.open(path, dir)).toThrow(new SessionError(`Not a pi session file: ${path}`));
		expect(readFileSync(path, "utf8")).toBe("hello\nworld\n");
		expect(() => SessionManager.open(join(dir, "missing.jsonl"), dir)).toThrow(
			`Session file not found: ${join(dir, "missing.jsonl")}`,
		);
	});

	it("uses an empty file as the file of a new session, written at the first prompt by appending", () => {
		const dir = makeTempDir();
		const path = join(dir, "empty.jsonl");
		writeFileSync(path, "  \n");
		const manager = SessionManager.open(path, dir);
		manager.appendModelChange("openai", "gpt-5");
		expect(readFileSync(path, "utf8")).toBe("  \n");
		manager.appendMessage({ role: "user", content: "go", timestamp: 1 });
		const lines = readJsonl(path);
		expect(lines.map((l) => l.type)).toEqual(["session", "model_change", "message"]);
		expect(SessionManager.open(path, dir).getEntries()).toHaveLength(2);
	});

	it("loads lines that span read chunks", () => {
		const dir = makeTempDir();
		const path = join(dir, "big.jsonl");
		const big = "x".repeat(3 * 1024 * 1024 + 7);
		writeFileSync(
			path,
			`{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}\n` +
				`{"type":"message","id":"m1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"${big}","timestamp":1}}\n` +
				`{"type":"session_info","id":"m2","parentId":"m1","timestamp":"2026-01-01T00:00:00.000Z","name":"é ü\u2028"}\n`,
		);
		const loaded = loadSessionFile(path, { cwd: dir });
		expect(loaded.entries).toHaveLength(2);
		expect((loaded.entries[0] as { message: { content: string } }).message.content).toHaveLength(big.length);
		expect(loaded.entries[1]).toMatchObject({ name: "é ü\u2028" });
	});
});

describe("migration (§8)", () => {
	it("migrates v1: fresh ids, linear parents, firstKeptEntryIndex → id, hookMessage → custom, with a backup", () => {
		const dir = makeTempDir();
		const path = copyFixture("v1-linear.jsonl", dir);
		const original = readFileSync(path, "utf8");
		const manager = SessionManager.open(path, dir);
		const entries = manager.getEntries();
		expect(entries.map((e) => e.type)).toEqual([
			"thinking_level_change",
			"message",
			"message",
			"message",
			"message",
			"compaction",
			"message",
		]);
		entries.forEach((entry, i) => {
			expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
			expect(entry.parentId).toBe(i === 0 ? null : entries[i - 1].id);
		});
		const compaction = entries[5] as { firstKeptEntryId?: string; firstKeptEntryIndex?: number };
		expect(compaction.firstKeptEntryId).toBe(entries[3].id); // index 4 in the file = "second question"
		expect(compaction).not.toHaveProperty("firstKeptEntryIndex");
		expect((entries[4] as { message: { role: string } }).message.role).toBe("custom");

		expect(readFileSync(`${path}.v1.bak`, "utf8")).toBe(original);
		const rewritten = readJsonl(path);
		expect(rewritten[0]).toEqual({
			type: "session",
			version: 3,
			id: "0193e000-0000-7000-8000-000000000001",
			timestamp: "2025-10-01T08:00:00.000Z",
			cwd: "/home/alice/older",
		});
		expect(rewritten.slice(1).map((e) => e.id)).toEqual(entries.map((e) => e.id));
		expect(Object.keys(rewritten[1]).slice(0, 4)).toEqual(["type", "id", "parentId", "timestamp"]);

		const context = manager.buildContext();
		expect(context.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "custom", "user"]);
		expect(context.thinkingLevel).toBe("low");
	});

	it("migrates v2 (hookMessage → custom) and is idempotent", () => {
		const dir = makeTempDir();
		const path = copyFixture("v2-hook-message.jsonl", dir);
		const { warnings, onWarning } = warningCollector();
		const manager = SessionManager.open(path, dir, { onWarning });
		expect(warnings).toEqual([sessionMessages.migrated(path, 2, `${path}.v2.bak`)]);
		expect(manager.getEntry("aa000003")).toMatchObject({ message: { role: "custom", customType: "reminder" } });
		expect(existsSync(`${path}.v2.bak`)).toBe(true);
		const lines = readJsonl(path);
		expect(lines[0].version).toBe(3);
		expect(lines[3].message.role).toBe("custom");
		expect(lines.map((l) => l.id).slice(1)).toEqual(["aa000001", "aa000002", "aa000003", "aa000004", "aa000005"]);

		const mtime = statSync(path).mtimeMs;
		const bytes = readFileSync(path, "utf8");
		const again = warningCollector();
		SessionManager.open(path, dir, { onWarning: again.onWarning });
		expect(again.warnings).toEqual([]);
		expect(readFileSync(path, "utf8")).toBe(bytes);
		expect(statSync(path).mtimeMs).toBe(mtime);
	});

	it("never rewrites a v3 file on load", () => {
		const dir = makeTempDir();
		const path = copyFixture("v3-worked-example.jsonl", dir);
		const bytes = readFileSync(path, "utf8");
		SessionManager.open(path, dir);
		expect(readFileSync(path, "utf8")).toBe(bytes);
		expect(existsSync(`${path}.v3.bak`)).toBe(false);
	});
});
