import { readFileSync } from "node:fs";
import { type AssistantMessage, transformMessages } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { convertToLlm, SessionManager } from "../../../src/core/session/index.js";
import { assistant, copyFixture, makeTempDir, user } from "./helpers.js";

const target = { api: "openai-completions", provider: "openai", id: "gpt-5", input: ["text" as const] };

describe("a session whose last turn was cut off (§7, last paragraph)", () => {
	it("loads without changing the file and replays with a result for every tool call", () => {
		const dir = makeTempDir();
		const path = copyFixture("cut-off-tool-calls.jsonl", dir);
		const bytes = readFileSync(path, "utf8");
		const warnings: string[] = [];
		const manager = SessionManager.open(path, dir, { onWarning: (w) => warnings.push(w) });
		expect(readFileSync(path, "utf8")).toBe(bytes);
		expect(warnings).toEqual([`Skipping malformed line 5 of ${path}`]);

		// The context is rebuilt as it is: the torn tool result is gone, call_2 has no result.
		const context = manager.buildContext();
		expect(context.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult"]);

		manager.appendMessage(user("carry on"));
		const replay = transformMessages(convertToLlm(manager.buildContext().messages), target);
		const results = replay.filter((m) => m.role === "toolResult");
		expect(results.map((r) => r.toolCallId)).toEqual(["call_1", "call_2"]);
		expect(results[1]).toMatchObject({
			isError: true,
			content: [{ type: "text", text: "No result: the tool call was interrupted before it finished." }],
		});
		expect(replay.at(-1)?.role).toBe("user");
	});

	it("drops an aborted or failed assistant message from the replay but keeps it in the session", () => {
		const dir = makeTempDir();
		const manager = SessionManager.create("/p", dir);
		manager.appendMessage(user("q"));
		const aborted: AssistantMessage = { ...assistant("half an ans"), stopReason: "aborted", errorMessage: "aborted" };
		manager.appendMessage(aborted);
		manager.appendMessage(user("again"));
		const reloaded = SessionManager.open(manager.getSessionFile() as string, dir);
		const messages = reloaded.buildContext().messages;
		expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
		const replay = transformMessages(convertToLlm(messages), target);
		expect(replay.map((m) => m.role)).toEqual(["user", "user"]);
	});
});
