import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager, sessionFileName, sessionMessages } from "../../../src/core/session/index.js";
import { assistant, makeTempDir, readJsonl, user, warningCollector } from "./helpers.js";

describe("new sessions and R1 (creation at the first prompt)", () => {
	it("holds entries until the first user message, then writes header and all entries with exclusive create", () => {
		const dir = join(makeTempDir(), "--home-alice-proj--");
		const manager = SessionManager.create("/home/alice/proj", dir, {
			model: { provider: "anthropic", modelId: "claude-sonnet-4-5" },
			thinkingLevel: "high",
		});
		const file = manager.getSessionFile() as string;
		expect(basename(file)).toBe(sessionFileName(manager.getHeader()));
		manager.appendSessionInfo("  my task  ");
		manager.appendMessage({
			role: "bashExecution",
			command: "ls",
			output: "",
			cancelled: false,
			truncated: false,
			timestamp: 1,
		});
		expect(existsSync(dir)).toBe(false);
		expect(manager.isPersisted()).toBe(false);

		const userId = manager.appendMessage(user("hello"));
		expect(manager.isPersisted()).toBe(true);
		const lines = readJsonl(file);
		expect(lines[0]).toEqual({
			type: "session",
			version: 3,
			id: manager.getSessionId(),
			timestamp: manager.getHeader().timestamp,
			cwd: "/home/alice/proj",
		});
		expect(lines.slice(1).map((l) => l.type)).toEqual([
			"model_change",
			"thinking_level_change",
			"session_info",
			"message",
			"message",
		]);
		expect(lines[1]).toMatchObject({ parentId: null, provider: "anthropic", modelId: "claude-sonnet-4-5" });
		expect(lines[3].name).toBe("my task");
		expect(lines[5].id).toBe(userId);
		for (const line of lines.slice(1))
			expect(Object.keys(line).slice(0, 4)).toEqual(["type", "id", "parentId", "timestamp"]);
		expect(readFileSync(file, "utf8").endsWith("\n")).toBe(true);
		expect(readFileSync(file, "utf8")).not.toMatch(/": /);
	});

	it("writes nothing for a session that never gets a prompt, and nothing at all in memory", () => {
		const dir = join(makeTempDir(), "project");
		const manager = SessionManager.create("/p", dir, { model: { provider: "a", modelId: "b" }, thinkingLevel: "off" });
		manager.sync();
		expect(existsSync(dir)).toBe(false);

		const memory = SessionManager.inMemory("/p");
		memory.appendMessage(user("hi"));
		memory.appendMessage(assistant("hello"));
		expect(memory.getSessionFile()).toBeUndefined();
		expect(memory.buildContext().messages).toHaveLength(2);
	});

	it("never overwrites an existing file at creation and retries before the next append", () => {
		const dir = makeTempDir();
		const { warnings, onWarning } = warningCollector();
		const manager = SessionManager.create("/p", dir, { onWarning });
		const file = manager.getSessionFile() as string;
		writeFileSync(file, "someone else's file\n");
		manager.appendMessage(user("hello"));
		expect(readFileSync(file, "utf8")).toBe("someone else's file\n");
		expect(warnings[0]).toContain(file);
		rmSync(file);
		manager.appendMessage(assistant("answer"));
		expect(readJsonl(file).map((l) => l.type)).toEqual(["session", "message", "message"]);
	});

	it("starts a /new session in the same directory", () => {
		const dir = makeTempDir();
		const manager = SessionManager.create("/p", dir);
		manager.appendMessage(user("one"));
		const first = manager.getSessionFile();
		const second = manager.newSession({ model: { provider: "openai", modelId: "gpt-5" }, thinkingLevel: "low" });
		expect(second).not.toBe(first);
		expect(manager.getEntries().map((e) => e.type)).toEqual(["model_change", "thinking_level_change"]);
		expect(manager.buildContext()).toEqual({
			messages: [],
			model: { provider: "openai", modelId: "gpt-5" },
			thinkingLevel: "low",
		});
		expect(readdirSync(dir)).toHaveLength(1);
	});

	it("--session with a missing path writes a new session at exactly that path", () => {
		const dir = makeTempDir();
		const manager = SessionManager.openOrCreate("sub/mine.jsonl", dir);
		expect(manager.getSessionFile()).toBe(join(dir, "sub/mine.jsonl"));
		manager.appendMessage(user("x"));
		expect(readJsonl(join(dir, "sub/mine.jsonl"))).toHaveLength(2);
		expect(SessionManager.openOrCreate("sub/mine.jsonl", dir).getEntries()).toHaveLength(1);
	});
});

describe("entry API", () => {
	it("writes every entry type with the spec's fields and returns its id", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir);
		const u = m.appendMessage(user("hi", 111));
		const mc = m.appendModelChange("openai", "gpt-5");
		const tl = m.appendThinkingLevelChange("xhigh");
		const c = m.appendCompaction("sum", u, 1234, { readFiles: ["a"], modifiedFiles: [] });
		const ch = m.appendCompaction("hook sum", u, 99, undefined, true);
		const bs = m.appendBranchSummary("root", "bsum");
		const ce = m.appendCustomEntry("ext", { n: 1 });
		const cm = m.appendCustomMessageEntry("ext", [{ type: "text", text: "t" }], false, { d: 2 });
		const lb = m.appendLabel(u, "start");
		const si = m.appendSessionInfo("name");
		const lines = readJsonl(m.getSessionFile() as string).slice(1);
		const strip = ({ timestamp: _t, ...rest }: Record<string, unknown>) => rest;
		expect(lines.map(strip)).toEqual([
			{
				type: "message",
				id: u,
				parentId: null,
				message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 111 },
			},
			{ type: "model_change", id: mc, parentId: u, provider: "openai", modelId: "gpt-5" },
			{ type: "thinking_level_change", id: tl, parentId: mc, thinkingLevel: "xhigh" },
			{
				type: "compaction",
				id: c,
				parentId: tl,
				summary: "sum",
				firstKeptEntryId: u,
				tokensBefore: 1234,
				details: { readFiles: ["a"], modifiedFiles: [] },
				fromHook: false,
			},
			{
				type: "compaction",
				id: ch,
				parentId: c,
				summary: "hook sum",
				firstKeptEntryId: u,
				tokensBefore: 99,
				fromHook: true,
			},
			{ type: "branch_summary", id: bs, parentId: ch, fromId: "root", summary: "bsum", fromHook: false },
			{ type: "custom", id: ce, parentId: bs, customType: "ext", data: { n: 1 } },
			{
				type: "custom_message",
				id: cm,
				parentId: ce,
				customType: "ext",
				content: [{ type: "text", text: "t" }],
				display: false,
				details: { d: 2 },
			},
			{ type: "label", id: lb, parentId: cm, targetId: u, label: "start" },
			{ type: "session_info", id: si, parentId: lb, name: "name" },
		]);
		for (const line of lines) expect(line.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(m.getLabel(u)).toBe("start");
		expect(m.getSessionName()).toBe("name");
		expect(m.getEntry(cm)?.type).toBe("custom_message");
	});

	it("replays labels (last wins, empty clears) and names (latest non-empty)", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir);
		const u = m.appendMessage(user("hi"));
		m.appendLabel(u, "a");
		m.appendLabel(u, "b");
		m.appendSessionInfo("first");
		m.appendSessionInfo("  ");
		const reloaded = SessionManager.open(m.getSessionFile() as string, dir);
		expect(reloaded.getLabel(u)).toBe("b");
		expect(reloaded.getSessionName()).toBe("first");
		reloaded.appendLabel(u);
		expect(reloaded.getLabel(u)).toBeUndefined();
		expect(SessionManager.open(m.getSessionFile() as string, dir).getLabel(u)).toBeUndefined();
		expect(() => reloaded.appendLabel("nope", "x")).toThrow(sessionMessages.entryNotFound("nope"));
	});

	it("redacts secrets in what is written but not in memory (R6)", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir, { secrets: ["sk-live-ABCDEFGH1234"] });
		m.setSecrets(["sk-live-ABCDEFGH1234", "tiny", "hdr-secret-value"]);
		m.appendMessage(user("my key is sk-live-ABCDEFGH1234 and tiny"));
		m.appendCustomEntry("ext", { nested: ["x hdr-secret-value y"] });
		const text = readFileSync(m.getSessionFile() as string, "utf8");
		expect(text).not.toContain("sk-live-ABCDEFGH1234");
		expect(text).not.toContain("hdr-secret-value");
		expect(text).toContain("my key is [REDACTED] and tiny");
		expect(text).toContain("x [REDACTED] y");
		const context = m.buildContext();
		expect(context.messages[0]).toMatchObject({ content: [{ text: "my key is sk-live-ABCDEFGH1234 and tiny" }] });
	});
});

describe("append reliability (R2, R5)", () => {
	it("re-creates a deleted file atomically with every in-memory entry and warns", () => {
		const dir = makeTempDir();
		const { warnings, onWarning } = warningCollector();
		const m = SessionManager.create("/p", dir, { onWarning });
		m.appendMessage(user("one"));
		const file = m.getSessionFile() as string;
		rmSync(file);
		m.appendMessage(assistant("two"));
		expect(warnings).toEqual([`Session file was missing; re-created ${file}`]);
		expect(readJsonl(file).map((l) => l.type)).toEqual(["session", "message", "message"]);
		expect(existsSync(`${file}.tmp`)).toBe(false);
	});

	it("notices a moved file instead of writing to a new one at the old place", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir, { onWarning: () => {} });
		m.appendMessage(user("one"));
		const file = m.getSessionFile() as string;
		renameSync(file, join(dir, "moved.jsonl"));
		m.appendMessage(assistant("two"));
		expect(readJsonl(join(dir, "moved.jsonl"))).toHaveLength(2);
		expect(readJsonl(file)).toHaveLength(3);
	});

	it("keeps a failed entry in memory and writes it before the next one", () => {
		const dir = makeTempDir();
		const { warnings, onWarning } = warningCollector();
		const m = SessionManager.create("/p", dir, { onWarning });
		m.appendMessage(user("one"));
		const file = m.getSessionFile() as string;
		const saved = readFileSync(file, "utf8");
		rmSync(file);
		mkdirSync(file); // appending now fails with EISDIR
		const lost = m.appendMessage(assistant("two"));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(file);
		expect(m.buildContext().messages).toHaveLength(2);
		rmSync(file, { recursive: true });
		writeFileSync(file, saved);
		const next = m.appendMessage(user("three"));
		expect(
			readJsonl(file)
				.slice(1)
				.map((l) => l.id),
		).toEqual([m.getEntries()[0].id, lost, next]);
		m.sync();
	});
});

describe("tree operations (§6, §10)", () => {
	function conversation(dir: string) {
		const m = SessionManager.create("/p", dir, { model: { provider: "anthropic", modelId: "claude-sonnet-4-5" } });
		const u1 = m.appendMessage(user("first"));
		const a1 = m.appendMessage(assistant("answer one"));
		const u2 = m.appendMessage(user("second"));
		const a2 = m.appendMessage(assistant("answer two"));
		return { m, u1, a1, u2, a2 };
	}

	it("branch() moves the leaf in memory; the next append records it through parentId", () => {
		const dir = makeTempDir();
		const { m, a1, a2 } = conversation(dir);
		const size = readFileSync(m.getSessionFile() as string, "utf8").length;
		m.branch(a1);
		expect(readFileSync(m.getSessionFile() as string, "utf8").length).toBe(size);
		const alt = m.appendMessage(user("alternative"));
		expect(m.getEntry(alt)?.parentId).toBe(a1);
		expect(m.getChildren(a1).map((e) => e.id)).toHaveLength(2);
		expect(m.getBranch().map((e) => e.id)).toEqual([...m.getBranch(a1).map((e) => e.id), alt]);
		const reloaded = SessionManager.open(m.getSessionFile() as string, dir);
		expect(reloaded.getLeafId()).toBe(alt);
		expect(reloaded.getBranch(a2).at(-1)?.id).toBe(a2);
		expect(() => m.branch("nope")).toThrow(sessionMessages.entryNotFound("nope"));
	});

	it("resetLeaf() makes the next append a new root; the tree lists roots and children by timestamp", () => {
		const dir = makeTempDir();
		const { m, u1 } = conversation(dir);
		m.resetLeaf();
		expect(m.buildContext().messages).toEqual([]);
		const root2 = m.appendMessage(user("fresh start"));
		expect(m.getEntry(root2)?.parentId).toBeNull();
		const tree = m.getTree();
		expect(tree.map((n) => n.entry.id)).toEqual([m.getEntries()[0].id, root2]);
		expect(tree[0].children[0].entry.id).toBe(u1);
		expect(m.getChildren(null).map((e) => e.id)).toEqual([m.getEntries()[0].id, root2]);
	});

	it("orders children by timestamp, ties by file order, and attaches labels in the tree", () => {
		const dir = makeTempDir();
		const path = join(dir, "t.jsonl");
		writeFileSync(
			path,
			[
				'{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p"}',
				'{"type":"custom","id":"r","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","customType":"x"}',
				'{"type":"custom","id":"late","parentId":"r","timestamp":"2026-01-01T00:00:09.000Z","customType":"x"}',
				'{"type":"custom","id":"tie1","parentId":"r","timestamp":"2026-01-01T00:00:05.000Z","customType":"x"}',
				'{"type":"custom","id":"tie2","parentId":"r","timestamp":"2026-01-01T00:00:05.000Z","customType":"x"}',
				'{"type":"label","id":"l","parentId":"tie2","timestamp":"2026-01-01T00:00:10.000Z","targetId":"tie1","label":"here"}',
			].join("\n"),
		);
		const m = SessionManager.open(path, dir);
		const tree = m.getTree();
		expect(tree[0].children.map((n) => n.entry.id)).toEqual(["tie1", "tie2", "late"]);
		expect(tree[0].children[0].label).toBe("here");
	});

	it("branchWithSummary() records the abandoned leaf and continues from the chosen entry", () => {
		const dir = makeTempDir();
		const { m, a1, a2 } = conversation(dir);
		const summaryId = m.branchWithSummary(a1, "tried the second thing", { readFiles: ["x"], modifiedFiles: [] });
		expect(m.getEntry(summaryId)).toMatchObject({
			type: "branch_summary",
			parentId: a1,
			fromId: a2,
			summary: "tried the second thing",
			fromHook: false,
		});
		expect(m.buildContext().messages.map((msg) => msg.role)).toEqual(["user", "assistant", "branchSummary"]);
		m.resetLeaf();
		const rootSummary = m.branchWithSummary(null, "from nowhere");
		expect(m.getEntry(rootSummary)).toMatchObject({ parentId: null, fromId: "root" });
	});

	it("getForkMessages() lists every user message of all branches in file order", () => {
		const dir = makeTempDir();
		const { m, u1, u2, a1 } = conversation(dir);
		m.branch(a1);
		const u3 = m.appendMessage({
			role: "user",
			content: [
				{ type: "text", text: "a" },
				{ type: "text", text: "b" },
			],
			timestamp: 1,
		});
		expect(m.getForkMessages()).toEqual([
			{ entryId: u1, text: "first" },
			{ entryId: u2, text: "second" },
			{ entryId: u3, text: "a\nb" },
		]);
	});

	it("createBranchedSession() copies the path verbatim without labels, then fresh labels; written at once", () => {
		const dir = makeTempDir();
		const { m, u1, a1, u2 } = conversation(dir);
		m.appendLabel(u1, "begin");
		m.appendLabel(u2, "off-path");
		m.branch(a1);
		m.appendLabel(a1, "answer");
		const source = m.getSessionFile() as string;
		const pathBefore = m.getBranch(a1);
		const file = m.createBranchedSession(a1) as string;
		expect(file).not.toBe(source);
		expect(m.getHeader().parentSession).toBe(source);
		const lines = readJsonl(file);
		expect(lines[0].parentSession).toBe(source);
		expect(lines.slice(1, 4)).toEqual(JSON.parse(JSON.stringify(pathBefore)));
		const labels = lines.slice(4);
		expect(labels.map((l) => [l.type, l.targetId, l.label])).toEqual([
			["label", u1, "begin"],
			["label", a1, "answer"],
		]);
		expect(labels[0].parentId).toBe(a1);
		expect(labels[1].parentId).toBe(labels[0].id);
		expect(m.getLeafId()).toBe(labels[1].id);
		expect(m.getLabel(u1)).toBe("begin");
		expect(m.getLabel(u2)).toBeUndefined();
	});

	it("a branched session without messages is written only at the first prompt", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir, { model: { provider: "a", modelId: "b" } });
		m.appendMessage(user("hi"));
		const file = m.createBranchedSession(m.getEntries()[0].id) as string;
		expect(existsSync(file)).toBe(false);
		m.appendMessage(user("now"));
		expect(readJsonl(file).map((l) => l.type)).toEqual(["session", "model_change", "message"]);
	});

	it("fork() of a user message with a parent branches root..parent and returns the text", () => {
		const dir = makeTempDir();
		const { m, u1, a1, u2 } = conversation(dir);
		const source = m.getSessionFile();
		const result = m.fork(u2);
		expect(result.text).toBe("second");
		expect(result.sessionFile).toBe(m.getSessionFile());
		expect(m.getEntries().map((e) => e.id)).toEqual([m.getEntries()[0].id, u1, a1]);
		expect(m.getHeader().parentSession).toBe(source);
		expect(readJsonl(result.sessionFile as string)).toHaveLength(4);
	});

	it("fork() of a root user message starts an empty session; fork() of other entries fails", () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir);
		const root = m.appendMessage(user("only"));
		const a = m.appendMessage(assistant("reply"));
		const source = m.getSessionFile();
		expect(() => m.fork(a)).toThrow(`Entry ${a} is not a user message; fork needs the id of a user message entry.`);
		const result = m.fork(root, { model: { provider: "x", modelId: "y" }, thinkingLevel: "low" });
		expect(result.text).toBe("only");
		expect(m.getHeader().parentSession).toBe(source);
		expect(m.getEntries().map((e) => e.type)).toEqual(["model_change", "thinking_level_change"]);
		expect(existsSync(result.sessionFile as string)).toBe(false);
	});

	it("clone() copies the current path; without a leaf it fails", () => {
		const dir = makeTempDir();
		const { m, a2 } = conversation(dir);
		const file = m.clone() as string;
		expect(readJsonl(file).at(-1)?.id).toBe(a2);
		const empty = SessionManager.inMemory("/p");
		expect(() => empty.clone()).toThrow("Cannot clone session: no current entry selected");
	});

	it("forkFrom() copies every entry of another project's session into a new session here", () => {
		const root = makeTempDir();
		const { m } = conversation(join(root, "a"));
		m.branch(m.getEntries()[1].id);
		m.appendMessage(user("other branch"));
		const source = m.getSessionFile() as string;
		const fork = SessionManager.forkFrom(source, "/here", join(root, "b"));
		const lines = readJsonl(fork.getSessionFile() as string);
		expect(lines[0]).toMatchObject({ cwd: "/here", parentSession: source });
		expect(lines[0].id).not.toBe(m.getSessionId());
		expect(lines.slice(1)).toEqual(readJsonl(source).slice(1));
		expect(() => SessionManager.forkFrom(join(root, "nope.jsonl"), "/here", root)).toThrow(
			`Session file not found: ${join(root, "nope.jsonl")}`,
		);
	});
});
