/**
 * Extension events around the session (faux model): start and resources, compaction (cancel, supplied summary),
 * tree moves, fork/clone/new/switch (cancel, shutdown and start reasons), user shell commands and shutdown
 * (model events: events-provider.test.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionAPI, ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createTestSession, type TestSession, twoExchanges } from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const ext = (path: string, factory: ExtensionFactory) => ({ path, factory });

/** An extension recording every event of `names` as the event object. */
function recordEvents(seen: any[], names: Parameters<ExtensionAPI["on"]>[0][]): ExtensionFactory {
	return (pi) => {
		for (const name of names) {
			pi.on(name, (event: any) => {
				const { signal: _signal, ...rest } = event;
				seen.push(rest);
			});
		}
	};
}

describe("session start and resources", () => {
	it("start() fires session_start then resources_discover; discovered templates expand, skills are listed", async () => {
		const seen: any[] = [];
		t = await createTestSession({
			tools: ["read"],
			extensionFactories: [
				ext("/ext/resources", (pi) => {
					pi.on("session_start", (event) => void seen.push(event));
					pi.on("resources_discover", (event) => {
						seen.push(event);
						return {
							promptPaths: [join(event.cwd, "extra-prompts")],
							skillPaths: [join(event.cwd, "extra-skills")],
							themePaths: ["/themes/ignored"],
						};
					});
				}),
			],
		});
		mkdirSync(join(t.cwd, "extra-prompts"));
		writeFileSync(join(t.cwd, "extra-prompts", "greet.md"), "Say hello to $1.");
		mkdirSync(join(t.cwd, "extra-skills", "tidy"), { recursive: true });
		writeFileSync(join(t.cwd, "extra-skills", "tidy", "SKILL.md"), "---\ndescription: Tidy a folder.\n---\nSteps.");
		expect(t.session.agent.state.systemPrompt).not.toContain("<name>tidy</name>");
		await t.session.extensions.start();
		expect(seen).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", cwd: t.cwd, reason: "startup" },
		]);
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("/greet Bob");
		expect((t.faux.requests[0]!.context.messages[0]!.content as any)[0].text).toBe("Say hello to Bob.");
		expect(t.faux.requests[0]!.context.systemPrompt).toContain("<name>tidy</name>");
		expect(t.session.getCommands().map((command) => command.name)).toEqual(["greet", "skill:tidy"]);
	});
});

describe("compaction events", () => {
	it("session_before_compact can cancel: compact() fails as cancelled and session_compact_failed follows", async () => {
		const seen: any[] = [];
		t = await twoExchanges({
			settingsJson: { compaction: { keepRecentTokens: 2 } },
			extensionFactories: [
				ext("/ext/no-compact", (pi) => {
					pi.on("session_before_compact", (event) => {
						seen.push({ reason: event.reason, aborted: event.signal.aborted });
						return { cancel: true };
					});
					pi.on("session_compact_failed", (event) => void seen.push(event));
				}),
			],
		});
		const entries = t.fileLines().length;
		await expect(t.session.compact()).rejects.toThrow("Compaction cancelled");
		expect(t.fileLines()).toHaveLength(entries);
		expect(t.faux.requests).toHaveLength(2);
		expect(seen).toEqual([
			{ reason: "manual", aborted: false },
			{
				type: "session_compact_failed",
				reason: "manual",
				aborted: true,
				willRetry: false,
				fromExtension: false,
			},
		]);
		expect(t.events.at(-1)).toMatchObject({ type: "compaction_end", aborted: true });
	});

	it("a compaction supplied by an extension is stored as is (fromHook) without asking the model", async () => {
		const seen: any[] = [];
		t = await twoExchanges({
			settingsJson: { compaction: { keepRecentTokens: 2 } },
			extensionFactories: [
				ext("/ext/custom", (pi) => {
					pi.on("session_before_compact", (event) => {
						const { preparation } = event;
						seen.push({
							summarised: preparation.messagesToSummarize.length,
							split: preparation.isSplitTurn,
							tokens: typeof preparation.tokensBefore,
							branch: event.branchEntries.length > 0,
							instructions: event.customInstructions,
						});
						return {
							compaction: {
								summary: "custom summary",
								firstKeptEntryId: preparation.firstKeptEntryId,
								tokensBefore: preparation.tokensBefore,
								details: { mine: true },
							},
						};
					});
					pi.on("session_compact", (event) => void seen.push(event));
				}),
			],
		});
		const result = await t.session.compact("focus on files");
		expect(result.summary).toBe("custom summary");
		expect(t.faux.requests).toHaveLength(2);
		const stored = t.fileLines().at(-1);
		expect(stored).toMatchObject({
			type: "compaction",
			summary: "custom summary",
			fromHook: true,
			details: { mine: true },
		});
		expect(seen[0]).toEqual({
			summarised: 2,
			split: false,
			tokens: "number",
			branch: true,
			instructions: "focus on files",
		});
		expect(seen[1]).toMatchObject({
			type: "session_compact",
			fromExtension: true,
			reason: "manual",
			willRetry: false,
			compactionEntry: { id: stored.id, summary: "custom summary" },
		});
		expect(t.session.messages[0]).toMatchObject({ role: "compactionSummary", summary: "custom summary" });
	});
});

describe("handlers that hang in cancellable events", () => {
	it("aborting a compaction stops waiting for a session_before_compact handler that never returns", async () => {
		let entered!: () => void;
		const inHandler = new Promise<void>((resolve) => {
			entered = resolve;
		});
		t = await twoExchanges({
			settingsJson: { compaction: { keepRecentTokens: 2 } },
			extensionFactories: [
				ext("/ext/stuck", (pi) =>
					pi.on("session_before_compact", () => {
						entered();
						return new Promise(() => {});
					}),
				),
			],
		});
		const compacting = t.session.compact();
		await inHandler;
		t.session.abortCompaction();
		await expect(compacting).rejects.toThrow("Compaction cancelled");
		expect(t.session.isCompacting).toBe(false);
		expect(t.events.filter((e) => e.type === "extension_error")).toEqual([
			{
				type: "extension_error",
				extensionPath: "/ext/stuck",
				event: "session_before_compact",
				error: extensionTexts.abandonedOnAbort("session_before_compact"),
			},
		]);
	});
});

describe("tree and session replacement events", () => {
	it("session_before_tree can cancel; a supplied summary is stored and session_tree reports the move", async () => {
		const seen: any[] = [];
		let cancel = true;
		t = await twoExchanges({
			extensionFactories: [
				ext("/ext/tree", (pi) => {
					pi.on("session_before_tree", (event) => {
						seen.push(event.preparation);
						return cancel ? { cancel: true } : { summary: { summary: "left behind" }, label: "kept" };
					});
					pi.on("session_tree", (event) => void seen.push(event));
				}),
			],
		});
		const lines = t.fileLines();
		const first = lines.find((l) => l.type === "message" && l.message.content[0].text === "one");
		const leaf = t.session.getLeafId();
		expect(await t.session.navigateTree(first.id)).toEqual({ cancelled: true });
		expect(t.session.getLeafId()).toBe(leaf);
		cancel = false;
		await t.session.navigateTree(first.id);
		const summary = t.fileLines().find((l) => l.type === "branch_summary");
		expect(summary).toMatchObject({ summary: "left behind", fromHook: true, parentId: first.id });
		expect(t.session.getLabel(summary.id)).toBe("kept");
		expect(seen[0]).toMatchObject({ targetId: first.id, oldLeafId: leaf, commonAncestorId: first.id });
		expect(seen[0].entriesToSummarize.map((e: any) => e.message.content[0].text)).toEqual(["second", "two"]);
		expect(seen[2]).toMatchObject({
			type: "session_tree",
			oldLeafId: leaf,
			summaryEntry: { id: summary.id, summary: "left behind" },
			fromExtension: true,
		});
	});

	it("fork, clone, new and switch can be cancelled; otherwise shutdown and start carry the reason and files", async () => {
		const seen: any[] = [];
		let cancel = true;
		t = await twoExchanges({
			extensionFactories: [
				ext("/ext/guard", (pi) => {
					pi.on("session_before_fork", (event) => {
						seen.push(event);
						return cancel ? { cancel: true } : undefined;
					});
					pi.on("session_before_switch", (event) => {
						seen.push(event);
						return cancel ? { cancel: true } : undefined;
					});
				}),
				ext("/ext/watch", recordEvents(seen, ["session_shutdown", "session_start"])),
			],
		});
		const original = t.session.sessionFile!;
		const second = t.fileLines().find((l) => l.type === "message" && l.message.content[0].text === "second");
		expect(await t.session.fork(second.id)).toEqual({ text: "", cancelled: true });
		expect(await t.session.clone()).toEqual({ cancelled: true });
		expect(await t.session.newSession()).toEqual({ cancelled: true });
		expect(await t.session.switchSession(original)).toEqual({ cancelled: true });
		expect(t.session.sessionFile).toBe(original);
		expect(seen).toEqual([
			{ type: "session_before_fork", entryId: second.id, position: "before" },
			{ type: "session_before_fork", entryId: t.session.getLeafId(), position: "at" },
			{ type: "session_before_switch", reason: "new" },
			{ type: "session_before_switch", reason: "resume", targetSessionFile: original },
		]);
		seen.length = 0;
		cancel = false;
		await t.session.fork(second.id);
		const forked = t.session.sessionFile!;
		await t.session.switchSession(original);
		await t.session.newSession();
		expect(seen.filter((e) => e.type !== "session_before_fork" && e.type !== "session_before_switch")).toEqual([
			{ type: "session_shutdown", reason: "fork" },
			{ type: "session_start", reason: "fork", previousSessionFile: original },
			{ type: "session_shutdown", reason: "resume", targetSessionFile: original },
			{ type: "session_start", reason: "resume", previousSessionFile: forked },
			{ type: "session_shutdown", reason: "new" },
			{ type: "session_start", reason: "new", previousSessionFile: original },
		]);
	});
});

describe("user shell and shutdown events", () => {
	it("user_bash: a full result replaces the run; operations run the command with output kept", async () => {
		const calls: unknown[] = [];
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/bash", (pi) =>
					pi.on("user_bash", (event) => {
						calls.push(event);
						if (event.command === "remote") {
							return {
								operations: {
									exec: async (command: string, cwd: string, options: { onData: (data: Buffer) => void }) => {
										calls.push(["exec", command, cwd]);
										options.onData(Buffer.from("line one\nline two\n"));
										return { exitCode: 3 };
									},
								},
							};
						}
						return { result: { output: "pretend", exitCode: 0, cancelled: false, truncated: false } };
					}),
				),
			],
		});
		const chunks: string[] = [];
		expect(await t.session.executeBash("ls", undefined, { excludeFromContext: true })).toEqual({
			output: "pretend",
			exitCode: 0,
			cancelled: false,
			truncated: false,
		});
		const remote = await t.session.executeBash("remote", (chunk) => chunks.push(chunk));
		expect(remote).toMatchObject({ output: "line one\nline two", exitCode: 3, cancelled: false });
		expect(chunks.join("")).toBe("line one\nline two\n");
		expect(calls).toEqual([
			{ type: "user_bash", command: "ls", excludeFromContext: true, cwd: t.cwd },
			{ type: "user_bash", command: "remote", excludeFromContext: false, cwd: t.cwd },
			["exec", "remote", t.cwd],
		]);
		expect(t.session.messages.map((m: any) => [m.role, m.output])).toEqual([
			["bashExecution", "pretend"],
			["bashExecution", "line one\nline two"],
		]);
	});

	it("session_info_changed follows the session name; session_shutdown says quit", async () => {
		const seen: any[] = [];
		t = await createTestSession({
			extensionFactories: [ext("/ext/info", recordEvents(seen, ["session_info_changed", "session_shutdown"]))],
		});
		await t.session.setSessionName("  my work ");
		await t.session.shutdown();
		expect(seen).toEqual([
			{ type: "session_info_changed", name: "my work" },
			{ type: "session_shutdown", reason: "quit" },
		]);
	});
});
