import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionTreeNode } from "../../../src/core/session/index.js";
import { createTestSession, readSessionLines, requestTexts, type TestSession, twoExchanges } from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

/** The node of entry `id` anywhere in the tree. */
function nodeOf(nodes: SessionTreeNode[], id: string): SessionTreeNode | undefined {
	for (const node of nodes) {
		if (node.entry.id === id) return node;
		const found = nodeOf(node.children, id);
		if (found) return found;
	}
	return undefined;
}

describe("AgentSession navigation", () => {
	it("fork at a user message writes a branched session of the path before it (session-format §10.1)", async () => {
		t = await twoExchanges();
		const { session } = t;
		const source = session.sessionFile!;
		const original = readSessionLines(source);
		const second = original.find((l) => l.type === "message" && l.message.content?.[0]?.text === "second");
		expect(session.getForkMessages().map((m) => m.text)).toEqual(["first", "second"]);
		const result = await session.fork(second.id);
		expect(result).toEqual({ text: "second", cancelled: false });
		expect(session.sessionFile).not.toBe(source);
		const forked = readSessionLines(session.sessionFile!);
		expect(forked[0]).toMatchObject({ type: "session", version: 3, parentSession: source, cwd: t.cwd });
		expect(forked[0].id).not.toBe(original[0].id);
		// Entries root..parent of "second", copied verbatim.
		const parentIndex = original.findIndex((l) => l.id === second.parentId);
		expect(forked.slice(1)).toEqual(original.slice(1, parentIndex + 1));
		expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(readSessionLines(source)).toEqual(original);
	});

	it("fork of a non-user entry fails with the spec's message", async () => {
		t = await twoExchanges();
		const assistant = t.fileLines().find((l) => l.type === "message" && l.message.role === "assistant");
		await expect(t.session.fork(assistant.id)).rejects.toThrow(
			`Entry ${assistant.id} is not a user message; fork needs the id of a user message entry.`,
		);
	});

	it("clone copies the whole current path into a new file", async () => {
		t = await twoExchanges();
		const source = t.session.sessionFile!;
		await t.session.clone();
		const cloned = readSessionLines(t.session.sessionFile!);
		expect(cloned[0].parentSession).toBe(source);
		expect(cloned.slice(1)).toEqual(readSessionLines(source).slice(1));
	});

	it("navigateTree with summarize appends a branch_summary and continues on the new branch", async () => {
		t = await twoExchanges();
		const { session, faux } = t;
		const before = t.fileLines();
		const firstReply = before.find((l) => l.type === "message" && l.message.content?.[0]?.text === "one");
		const oldLeaf = before.at(-1).id;
		faux.enqueue({ text: "## Goal\nTried a second step." }, { text: "three" });
		const result = await session.navigateTree(firstReply.id, { summarize: true });
		expect(result).toEqual({ editorText: undefined, cancelled: false });
		const summaryEntry = t.fileLines().at(-1);
		expect(summaryEntry).toMatchObject({
			type: "branch_summary",
			parentId: firstReply.id,
			fromId: oldLeaf,
			summary: "## Goal\nTried a second step.",
			details: { readFiles: [], modifiedFiles: [] },
			fromHook: false,
		});
		expect(requestTexts(faux, 2).join("\n")).toContain("second");
		expect(session.messages.map((m) => m.role)).toEqual(["user", "assistant", "branchSummary"]);
		await session.prompt("third");
		const last = t.fileLines().at(-2);
		expect(last).toMatchObject({ type: "message", parentId: summaryEntry.id });
		expect(t.fileLines().slice(0, before.length)).toEqual(before);
	});

	it("navigateTree to a user message moves to its parent and returns the text for the editor", async () => {
		t = await twoExchanges();
		const second = t.fileLines().find((l) => l.type === "message" && l.message.content?.[0]?.text === "second");
		const result = await t.session.navigateTree(second.id);
		expect(result).toEqual({ editorText: "second", cancelled: false });
		expect(t.session.getLeafId()).toBe(second.parentId);
		expect(t.session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("switchSession restores messages; a missing file fails with Session file not found", async () => {
		t = await twoExchanges();
		const { session, faux } = t;
		const first = session.sessionFile!;
		await session.newSession();
		expect(session.messages).toEqual([]);
		expect(session.sessionFile).not.toBe(first);
		faux.enqueue({ text: "other" });
		await session.prompt("other session");
		await session.switchSession(first);
		expect(session.sessionFile).toBe(first);
		expect(session.getLastAssistantText()).toBe("two");
		expect(session.messages).toHaveLength(4);
		const missing = join(t.cwd, "nope.jsonl");
		await expect(session.switchSession(missing)).rejects.toThrow(`Session file not found: ${missing}`);
	});

	it("setSessionName trims, records session_info and emits session_info_changed", async () => {
		t = await twoExchanges();
		await expect(t.session.setSessionName("   ")).rejects.toThrow("Session name cannot be empty");
		await t.session.setSessionName("  Build fix  ");
		expect(t.fileLines().at(-1)).toMatchObject({ type: "session_info", name: "Build fix" });
		expect(t.events.at(-1)).toEqual({ type: "session_info_changed", name: "Build fix" });
		expect(t.session.getState().sessionName).toBe("Build fix");
		expect(t.session.sessionName).toBe("Build fix");
	});

	it("setLabel shows in getLabel and on the entry's node of getTree; an empty label clears it", async () => {
		t = await twoExchanges();
		const first = t.fileLines().find((l) => l.type === "message" && l.message.content?.[0]?.text === "first");
		t.session.setLabel(first.id, "start");
		expect(t.session.getLabel(first.id)).toBe("start");
		expect(nodeOf(t.session.getTree(), first.id)?.label).toBe("start");
		t.session.setLabel(first.id);
		expect(t.session.getLabel(first.id)).toBeUndefined();
		expect(nodeOf(t.session.getTree(), first.id)).toBeDefined();
		expect(nodeOf(t.session.getTree(), first.id)?.label).toBeUndefined();
	});

	it("export fails for an in-memory session and before the first prompt", async () => {
		t = await createTestSession({ session: { kind: "memory" } });
		await expect(t.session.exportToHtml()).rejects.toThrow("Cannot export an in-memory session");
		t.cleanup();
		t = await createTestSession();
		await expect(t.session.exportToHtml()).rejects.toThrow("Nothing to export yet: start a conversation first");
	});
});

describe("AgentSession HTML export", () => {
	it("writes pi-session-<file name>.html in the cwd by default, holding the conversation", async () => {
		t = await twoExchanges();
		await t.session.setSessionName("Export me");
		const path = await t.session.exportToHtml();
		const base = t.session
			.sessionFile!.split("/")
			.pop()!
			.replace(/\.jsonl$/, "");
		expect(path).toBe(join(t.cwd, `pi-session-${base}.html`));
		const html = readFileSync(path, "utf8");
		expect(html).toContain("<html");
		expect(html).toContain("Export me");
		const custom = await t.session.exportToHtml("out/../custom.html");
		expect(custom).toBe(join(t.cwd, "custom.html"));
	});
});
