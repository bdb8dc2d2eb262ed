import { join } from "node:path";
import type { AgentMessage } from "@pi/agent-core";
import { describe, expect, it } from "vitest";
import {
	type BashExecutionMessage,
	BRANCH_PREFIX,
	bashExecutionToText,
	buildSessionContext,
	COMPACTION_PREFIX,
	convertToLlm,
	loadSessionFile,
	type SessionEntry,
} from "../../../src/core/session/index.js";
import { fixturesDir } from "./helpers.js";

function textOf(message: AgentMessage): string {
	switch (message.role) {
		case "user":
		case "assistant":
			return typeof message.content === "string"
				? message.content
				: message.content.map((block) => ("text" in block ? block.text : "")).join("");
		case "branchSummary":
		case "compactionSummary":
			return message.summary;
		default:
			return "";
	}
}

function describeMessages(messages: AgentMessage[]): string[] {
	return messages.map((m) => `${m.role}: ${textOf(m)}`);
}

const example = loadSessionFile(join(fixturesDir, "v3-worked-example.jsonl"), { cwd: "/x", rewriteMigrated: false });

describe("buildSessionContext: worked example of §7.2", () => {
	it("at the last entry follows the branch through the branch summary", () => {
		const leaf = example.entries[example.entries.length - 1].id;
		expect(leaf).toBe("1b2c3d4e");
		const context = buildSessionContext(example.entries, leaf);
		expect(describeMessages(context.messages)).toEqual([
			"user: fix the build",
			"assistant: Fixed the import in src/a.ts.",
			"branchSummary: Tried adding tests; abandoned.",
			"user: refactor instead",
		]);
		expect(context.messages[2]).toEqual({
			role: "branchSummary",
			summary: "Tried adding tests; abandoned.",
			fromId: "f6b8daec",
			timestamp: Date.parse("2026-01-05T09:07:00.000Z"),
		});
		expect(context.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
		expect(context.thinkingLevel).toBe("medium");
	});

	it("at f6b8daec starts with the compaction summary and keeps from firstKeptEntryId", () => {
		const context = buildSessionContext(example.entries, "f6b8daec");
		expect(describeMessages(context.messages)).toEqual([
			"compactionSummary: ## Goal\nMake the build pass and add tests.",
			"user: now add tests",
			"assistant: Added tests/a.test.ts.",
			"user: run them",
		]);
		expect(context.messages[0]).toMatchObject({ role: "compactionSummary", tokensBefore: 183000 });
		const llm = convertToLlm(context.messages);
		expect(llm[0]).toEqual({
			role: "user",
			content: [
				{
					type: "text",
					text: "The conversation history before this point was compacted into the following summary:\n\n<summary>\n## Goal\nMake the build pass and add tests.\n</summary>",
				},
			],
			timestamp: Date.parse("2026-01-05T09:05:00.000Z"),
		});
	});

	it("gives an empty context before the first entry or without entries", () => {
		const empty = { messages: [], model: null, thinkingLevel: "off" };
		expect(buildSessionContext(example.entries, null)).toEqual(empty);
		expect(buildSessionContext([], "x")).toEqual(empty);
	});
});

function entry(partial: Record<string, unknown>): SessionEntry {
	return { timestamp: "2026-01-01T00:00:00.000Z", ...partial } as unknown as SessionEntry;
}

describe("buildSessionContext: rules", () => {
	it("uses only the last compaction and skips a firstKeptEntryId that is not on the path", () => {
		const entries = [
			entry({ type: "message", id: "u1", parentId: null, message: { role: "user", content: "a", timestamp: 1 } }),
			entry({
				type: "compaction",
				id: "c1",
				parentId: "u1",
				summary: "first",
				firstKeptEntryId: "u1",
				tokensBefore: 1,
			}),
			entry({ type: "message", id: "u2", parentId: "c1", message: { role: "user", content: "b", timestamp: 2 } }),
			entry({
				type: "compaction",
				id: "c2",
				parentId: "u2",
				summary: "second",
				firstKeptEntryId: "nope",
				tokensBefore: 2,
			}),
			entry({ type: "message", id: "u3", parentId: "c2", message: { role: "user", content: "c", timestamp: 3 } }),
		];
		expect(describeMessages(buildSessionContext(entries, "u3").messages)).toEqual([
			"compactionSummary: second",
			"user: c",
		]);
	});

	it("converts custom_message entries, skips empty branch summaries and non-message entries", () => {
		const entries = [
			entry({ type: "custom", id: "x1", parentId: null, customType: "state", data: { a: 1 } }),
			entry({ type: "custom_message", id: "x2", parentId: "x1", customType: "note", content: "hi", display: true }),
			entry({ type: "branch_summary", id: "x3", parentId: "x2", fromId: "root", summary: "" }),
			entry({ type: "label", id: "x4", parentId: "x3", targetId: "x1", label: "start" }),
			entry({ type: "session_info", id: "x5", parentId: "x4", name: "demo" }),
			entry({ type: "something_new", id: "x6", parentId: "x5" }),
		];
		const context = buildSessionContext(entries, "x6");
		expect(context.messages).toEqual([
			{
				role: "custom",
				customType: "note",
				content: "hi",
				display: true,
				details: undefined,
				timestamp: Date.parse("2026-01-01T00:00:00.000Z"),
			},
		]);
	});

	it("takes the model from the later of model_change and assistant message", () => {
		const entries = [
			entry({ type: "model_change", id: "m1", parentId: null, provider: "openai", modelId: "gpt-5" }),
			entry({
				type: "message",
				id: "a1",
				parentId: "m1",
				message: { role: "assistant", content: [], provider: "google", model: "gemini-2.5-pro", stopReason: "stop" },
			}),
		];
		expect(buildSessionContext(entries, "a1").model).toEqual({ provider: "google", modelId: "gemini-2.5-pro" });
		expect(buildSessionContext(entries, "m1").model).toEqual({ provider: "openai", modelId: "gpt-5" });
	});
});

function bash(partial: Partial<BashExecutionMessage>): BashExecutionMessage {
	return {
		role: "bashExecution",
		command: "ls",
		output: "",
		cancelled: false,
		truncated: false,
		timestamp: 5,
		...partial,
	};
}

describe("convertToLlm (§7.1)", () => {
	it("formats a failing bash execution exactly as the spec example", () => {
		const text = bashExecutionToText(
			bash({ command: "ls nope", output: "ls: cannot access 'nope': No such file or directory\n", exitCode: 2 }),
		);
		expect(text).toBe(
			"Ran `ls nope`\n```\nls: cannot access 'nope': No such file or directory\n```\n\nCommand exited with code 2",
		);
	});

	it("covers empty output, cancellation, exit 0 and truncation", () => {
		expect(bashExecutionToText(bash({ exitCode: 0 }))).toBe("Ran `ls`\n```\n(no output)\n```");
		expect(bashExecutionToText(bash({ cancelled: true, exitCode: 1 }))).toBe(
			"Ran `ls`\n```\n(no output)\n```\n\n(command cancelled)",
		);
		expect(bashExecutionToText(bash({ output: "x", truncated: true, fullOutputPath: "/tmp/out.log" }))).toBe(
			"Ran `ls`\n```\nx\n```\n\n[Output truncated. Full output: /tmp/out.log]",
		);
		expect(bashExecutionToText(bash({ output: "x", truncated: true }))).toBe("Ran `ls`\n```\nx\n```");
	});

	it("maps every role and drops excluded bash executions", () => {
		const messages: AgentMessage[] = [
			{ role: "user", content: "u", timestamp: 1 },
			bash({ command: "secret", excludeFromContext: true }),
			bash({ command: "pwd", output: "/p\n", exitCode: 0 }),
			{ role: "custom", customType: "n", content: "c", display: false, timestamp: 2 },
			{ role: "branchSummary", summary: "s", fromId: "root", timestamp: 3 },
			{ role: "compactionSummary", summary: "k", tokensBefore: 9, timestamp: 4 },
		];
		expect(convertToLlm(messages)).toEqual([
			{ role: "user", content: "u", timestamp: 1 },
			{ role: "user", content: [{ type: "text", text: "Ran `pwd`\n```\n/p\n```" }], timestamp: 5 },
			{ role: "user", content: [{ type: "text", text: "c" }], timestamp: 2 },
			{ role: "user", content: [{ type: "text", text: `${BRANCH_PREFIX}\n\n<summary>\ns\n</summary>` }], timestamp: 3 },
			{
				role: "user",
				content: [{ type: "text", text: `${COMPACTION_PREFIX}\n\n<summary>\nk\n</summary>` }],
				timestamp: 4,
			},
		]);
		expect(BRANCH_PREFIX).toBe("The following is a summary of a branch that this conversation came back from:");
	});

	it("replaces images when blockImages is set, collapsing consecutive ones", () => {
		const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
		const messages: AgentMessage[] = [
			{ role: "user", content: [{ type: "text", text: "look" }, image, image], timestamp: 1 },
			{ role: "toolResult", toolCallId: "t", toolName: "read", content: [image], isError: false, timestamp: 2 },
		];
		const blocked = convertToLlm(messages, { blockImages: true });
		expect(blocked[0].content).toEqual([
			{ type: "text", text: "look" },
			{ type: "text", text: "Image reading is disabled." },
		]);
		expect(blocked[1].content).toEqual([{ type: "text", text: "Image reading is disabled." }]);
		expect(convertToLlm(messages)[0].content).toHaveLength(3);
	});
});
