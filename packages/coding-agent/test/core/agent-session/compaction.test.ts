import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPACTION_PREFIX } from "../../../src/core/session/index.js";
import { compactableSession, createTestSession, nextEvent, requestTexts, type TestSession } from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const SUMMARY =
	"## Goal\nShip it.\n\n## Progress\nRead a.txt, wrote b.txt.\n\n## Key decisions\nNone.\n\n## Next steps\nTest.";

describe("AgentSession compaction", () => {
	it("manual compaction refuses a small session and a session that was just compacted", async () => {
		t = await createTestSession();
		t.faux.enqueue({ text: "hi" });
		await t.session.prompt("hello");
		await expect(t.session.compact()).rejects.toThrow("Nothing to compact (session too small)");
		expect(t.types()).not.toContain("compaction_start");
	});

	it("manual compaction summarises older turns, tracks files, keeps recent context and the full file", async () => {
		t = await createTestSession({
			tools: ["read", "write"],
			settingsJson: { compaction: { keepRecentTokens: 2 } },
		});
		writeFileSync(join(t.cwd, "a.txt"), "alpha\n");
		const { session, faux } = t;
		faux.enqueue(
			{
				toolCalls: [
					{ name: "read", arguments: { file_path: "a.txt" } },
					{ name: "write", arguments: { file_path: "b.txt", content: "beta" } },
				],
			},
			{ text: "done" },
			{ text: "ok", usage: { input: 500, output: 20 } },
			{ text: SUMMARY },
		);
		await session.prompt("do the work");
		await session.prompt("next");
		const before = t.fileLines();
		const result = await session.compact("focus on files");

		const nextEntry = before.find((l) => l.type === "message" && l.message.content?.[0]?.text === "next");
		expect(result).toMatchObject({ firstKeptEntryId: nextEntry.id, tokensBefore: 520 });
		expect(result.details).toEqual({ readFiles: ["a.txt"], modifiedFiles: ["b.txt"] });
		expect(result.summary).toContain("## Goal\nShip it.");
		expect(result.summary).toContain("## Files read\n- a.txt");
		expect(result.summary).toContain("## Files modified\n- b.txt");

		// The file keeps everything and gains one compaction entry.
		const after = t.fileLines();
		expect(after.slice(0, before.length)).toEqual(before);
		expect(after.at(-1)).toMatchObject({
			type: "compaction",
			parentId: before.at(-1).id,
			firstKeptEntryId: nextEntry.id,
			tokensBefore: 520,
			details: { readFiles: ["a.txt"], modifiedFiles: ["b.txt"] },
			fromHook: false,
		});
		// The summary request carried the old turns and the instructions, and not the kept ones.
		const summaryRequest = requestTexts(faux, 3).join("\n");
		expect(summaryRequest).toContain("do the work");
		expect(summaryRequest).toContain("focus on files");
		expect(summaryRequest).not.toContain("[User]\nnext");

		expect(session.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
		expect(session.getSessionStats().contextUsage).toEqual({ tokens: null, contextWindow: 200_000, percent: null });
		expect(t.events.filter((e) => e.type.startsWith("compaction"))).toEqual([
			{ type: "compaction_start", reason: "manual" },
			{ type: "compaction_end", reason: "manual", result, aborted: false, willRetry: false },
		]);
		await expect(session.compact()).rejects.toThrow("Already compacted");

		// The next request starts with the summary.
		faux.enqueue({ text: "continuing" });
		await session.prompt("go on");
		expect(requestTexts(faux, 4)[0]).toBe(`user:${COMPACTION_PREFIX}\n\n<summary>\n${result.summary}\n</summary>`);
	});

	it("compacts automatically after a run whose context tokens pass contextWindow − reserveTokens", async () => {
		t = await createTestSession({
			fauxOptions: { contextWindow: 1000 },
			settingsJson: { compaction: { reserveTokens: 200, keepRecentTokens: 2 } },
		});
		const { session, faux } = t;
		faux.enqueue(
			{ text: "one", usage: { input: 100, output: 10 } },
			{ text: "two", usage: { input: 790, output: 20 } },
		);
		faux.enqueue({ text: SUMMARY });
		await session.prompt("first");
		expect(t.types()).not.toContain("compaction_start");
		await session.prompt("second");
		const types = t.types();
		const lastAgentEnd = types.lastIndexOf("agent_end");
		expect(types.slice(lastAgentEnd)).toEqual(["agent_end", "compaction_start", "compaction_end"]);
		expect(t.events.at(-1)).toMatchObject({ reason: "threshold", aborted: false, willRetry: false });
		expect(t.fileLines().at(-1)).toMatchObject({ type: "compaction", tokensBefore: 810 });
		expect(session.isCompacting).toBe(false);
	});

	it("recovers from a context overflow: compact, then re-send once (willRetry: true)", async () => {
		t = await createTestSession({ settingsJson: { compaction: { keepRecentTokens: 2 } } });
		const { session, faux } = t;
		const overflow = { error: "400 prompt is too long", errorInfo: { code: "context_overflow", retryable: false } };
		faux.enqueue({ text: "first answer" }, overflow, { text: SUMMARY }, { text: "recovered" });
		await session.prompt("first");
		await session.prompt("second");
		expect(t.events.filter((e) => e.type.startsWith("compaction"))).toEqual([
			{ type: "compaction_start", reason: "overflow" },
			expect.objectContaining({ type: "compaction_end", reason: "overflow", aborted: false, willRetry: true }),
		]);
		expect(session.getLastAssistantText()).toBe("recovered");
		expect(requestTexts(faux, 3)).toEqual([expect.stringContaining(COMPACTION_PREFIX), "user:second"]);
		expect(t.types().filter((type) => type === "agent_start")).toHaveLength(3);
		expect(t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
	});

	it("a second overflow after recovery ends with the 'persists' error and no further request", async () => {
		t = await createTestSession({ settingsJson: { compaction: { keepRecentTokens: 2 } } });
		const { session, faux } = t;
		const overflow = { error: "400 prompt is too long", errorInfo: { code: "context_overflow", retryable: false } };
		faux.enqueue({ text: "first answer" }, overflow, { text: SUMMARY }, overflow);
		await session.prompt("first");
		await session.prompt("second");
		expect(t.events.filter((e) => e.type === "compaction_end").at(-1)).toEqual({
			type: "compaction_end",
			reason: "overflow",
			aborted: false,
			willRetry: false,
			errorMessage: "Context overflow persists after compaction; not retrying again.",
		});
		expect(faux.requests).toHaveLength(4);
		expect(session.isStreaming).toBe(false);
	});

	it("a prompt sent while a compaction runs waits for it and loses no event or message", async () => {
		t = await compactableSession();
		const { session, faux } = t;
		faux.enqueue({ text: SUMMARY, delayMs: 5 }, { text: "three" });
		const compaction = session.compact();
		expect(session.isCompacting).toBe(true);
		const prompt = session.prompt("during");
		await Promise.all([compaction, prompt]);
		const types = t.types();
		const end = types.indexOf("compaction_end");
		expect(types.slice(end, end + 2)).toEqual(["compaction_end", "agent_start"]);
		const lines = t.fileLines();
		const compactionIndex = lines.findIndex((l) => l.type === "compaction");
		expect(lines.slice(compactionIndex + 1).map((l) => l.message.role)).toEqual(["user", "assistant"]);
		expect(lines[compactionIndex + 1].message.content[0].text).toBe("during");
		expect(session.getLastAssistantText()).toBe("three");
	});

	it("abortCompaction cancels: Compaction cancelled, compaction_end aborted, nothing written", async () => {
		t = await compactableSession();
		const { session, faux } = t;
		faux.enqueue({ text: SUMMARY, delayMs: 20 });
		const before = t.fileLines();
		const started = nextEvent(session, "compaction_start");
		const compaction = session.compact();
		await started;
		session.abortCompaction();
		await expect(compaction).rejects.toThrow("Compaction cancelled");
		expect(t.events.at(-1)).toEqual({ type: "compaction_end", reason: "manual", aborted: true, willRetry: false });
		expect(t.fileLines()).toEqual(before);
	});
});
