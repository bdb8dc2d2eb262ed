import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	findMostRecentSession,
	getProjectSessionDir,
	getSessionsRoot,
	listAllSessions,
	listSessions,
	resolveSessionArgument,
	SessionManager,
} from "../../../src/core/session/index.js";
import { assistant, copyFixture, makeTempDir, user } from "./helpers.js";

describe("listSessions (§9)", () => {
	it("reports every field and sorts by modified, newest first", async () => {
		const dir = makeTempDir();
		copyFixture("v3-worked-example.jsonl", dir);
		const m = SessionManager.create("/p", dir);
		m.appendMessage(user("look at this", Date.UTC(2030, 0, 1)));
		m.appendMessage({
			role: "toolResult",
			toolCallId: "t",
			toolName: "read",
			content: [],
			isError: false,
			timestamp: Date.UTC(2031, 0, 1),
		});
		m.appendSessionInfo("named");
		const empty = SessionManager.create("/p", dir, { model: { provider: "a", modelId: "b" } });
		empty.appendModelChange("a", "c");
		empty.createBranchedSession(empty.getLeafId() as string); // no message: not written
		writeFileSync(join(dir, "garbage.jsonl"), "not json\n");
		writeFileSync(join(dir, "old.jsonl.v2.bak"), "{}\n");
		writeFileSync(join(dir, "notes.txt"), "x\n");

		const list = await listSessions(dir);
		expect(list.map((s) => s.id)).toEqual([m.getSessionId(), "0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f"]);
		expect(list[0]).toMatchObject({
			path: m.getSessionFile(),
			cwd: "/p",
			name: "named",
			messageCount: 2,
			firstMessage: "look at this",
			modified: new Date(Date.UTC(2030, 0, 1)),
			created: new Date(m.getHeader().timestamp),
		});
		expect(list[1]).toMatchObject({
			cwd: "/home/alice/proj",
			messageCount: 6,
			firstMessage: "fix the build",
			created: new Date("2026-01-05T09:00:00.000Z"),
			modified: new Date(1767604080000),
		});
		expect(list[1].name).toBeUndefined();
	});

	it("uses the header timestamp without messages, parent session, header-less and older-format files", async () => {
		const dir = makeTempDir();
		writeFileSync(
			join(dir, "a.jsonl"),
			'{"type":"session","version":3,"id":"forked","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/p","parentSession":"/x/y.jsonl"}\n{"type":"model_change","id":"m","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","provider":"a","modelId":"b"}\n',
		);
		copyFixture("v1-linear.jsonl", dir);
		copyFixture("corrupted-middle-torn-tail.jsonl", dir);
		const list = await listSessions(dir);
		const byId = new Map(list.map((s) => [s.id, s]));
		expect(byId.get("forked")).toMatchObject({
			parentSessionPath: "/x/y.jsonl",
			firstMessage: "(no messages)",
			messageCount: 0,
			modified: new Date("2026-01-01T00:00:00.000Z"),
		});
		expect(byId.get("0193e000-0000-7000-8000-000000000001")).toMatchObject({
			messageCount: 5,
			firstMessage: "first question",
			modified: new Date(1759305606000),
		});
		expect(byId.get("0194aaaa-0000-7000-8000-00000000c0c0")).toMatchObject({ messageCount: 2, firstMessage: "one" });
	});

	it("lists all projects under the sessions root", async () => {
		const agentDir = makeTempDir();
		for (const cwd of ["/a", "/b"]) {
			const m = SessionManager.create(cwd, getProjectSessionDir(agentDir, cwd));
			m.appendMessage(user(`in ${cwd}`, cwd === "/a" ? 1000 : 2000));
		}
		const all = await listAllSessions(getSessionsRoot(agentDir));
		expect(all.map((s) => s.firstMessage)).toEqual(["in /b", "in /a"]);
		expect(await listAllSessions(join(agentDir, "missing"))).toEqual([]);
	});
});

describe("selection (§9)", () => {
	it("--continue picks the loadable file with the newest mtime", async () => {
		const dir = makeTempDir();
		const a = copyFixture("v3-worked-example.jsonl", dir, "a.jsonl");
		const b = copyFixture("v2-hook-message.jsonl", dir, "b.jsonl");
		writeFileSync(join(dir, "c.jsonl"), "garbage\n");
		utimesSync(a, 1000, 1000);
		utimesSync(b, 2000, 2000);
		expect(await findMostRecentSession(dir)).toBe(b);
		utimesSync(a, 3000, 3000);
		const m = await SessionManager.continueRecent("/p", dir);
		expect(m.getSessionFile()).toBe(a);
		expect(m.getLeafId()).toBe("1b2c3d4e");
		const fresh = await SessionManager.continueRecent("/p", join(dir, "empty"));
		expect(fresh.getEntries()).toEqual([]);
		expect(fresh.isPersisted()).toBe(false);
	});

	it("resolves --session arguments as paths or id prefixes, with the spec's errors", async () => {
		const agentDir = makeTempDir();
		const root = getSessionsRoot(agentDir);
		const here = getProjectSessionDir(agentDir, "/here");
		const there = getProjectSessionDir(agentDir, "/there");
		mkdirSync(here, { recursive: true });
		mkdirSync(there, { recursive: true });
		const write = (dir: string, id: string, cwd: string) =>
			writeFileSync(
				join(dir, `2026-01-01T00-00-00-000Z_${id}.jsonl`),
				`{"type":"session","version":3,"id":"${id}","timestamp":"2026-01-01T00:00:00.000Z","cwd":"${cwd}"}\n`,
			);
		write(here, "abc11111", "/here");
		write(here, "abc22222", "/here");
		write(there, "def33333", "/there");
		write(there, "abc33333", "/there");
		const scope = { cwd: "/here", projectDir: here, sessionsRoot: root };

		expect(await resolveSessionArgument("ABC1", scope)).toMatchObject({
			kind: "id",
			id: "abc11111",
			otherProject: false,
		});
		await expect(resolveSessionArgument("abc", scope)).rejects.toThrow(
			"Session id prefix 'abc' is ambiguous: 2 sessions match",
		);
		expect(await resolveSessionArgument("def", scope)).toMatchObject({
			kind: "id",
			id: "def33333",
			cwd: "/there",
			otherProject: true,
		});
		await expect(resolveSessionArgument("zzz", scope)).rejects.toThrow("No session found matching 'zzz'");
		expect(await resolveSessionArgument("x.jsonl", scope)).toEqual({
			kind: "path",
			path: "/here/x.jsonl",
			exists: false,
		});
		expect(await resolveSessionArgument(join(there, "2026-01-01T00-00-00-000Z_def33333.jsonl"), scope)).toMatchObject({
			kind: "path",
			exists: true,
		});
	});
});

describe("round trip", () => {
	it("a listed session opens with the same messages", async () => {
		const dir = makeTempDir();
		const m = SessionManager.create("/p", dir);
		m.appendMessage(user("q"));
		m.appendMessage(assistant("a"));
		const [info] = await listSessions(dir);
		expect(SessionManager.open(info.path, "/p").buildContext().messages).toEqual(m.buildContext().messages);
	});
});
