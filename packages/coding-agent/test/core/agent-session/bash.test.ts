import { afterEach, describe, expect, it } from "vitest";
import { createGateTool, createTestSession, messageRoles, requestTexts, type TestSession } from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

describe("AgentSession user shell", () => {
	it("records an idle command as a bashExecution message the next request sees", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		const chunks: string[] = [];
		const result = await session.executeBash("echo hi; exit 3", (chunk) => chunks.push(chunk));
		expect(result).toEqual({ output: "hi", exitCode: 3, cancelled: false, truncated: false });
		expect(chunks.join("")).toContain("hi");
		expect(session.messages.at(-1)).toMatchObject({ role: "bashExecution", command: "echo hi; exit 3", exitCode: 3 });
		faux.enqueue({ text: "seen" });
		await session.prompt("what happened?");
		expect(requestTexts(faux, 0)[0]).toBe("user:Ran `echo hi; exit 3`\n```\nhi\n```\n\nCommand exited with code 3");
		const roles = messageRoles(t.fileLines());
		expect(roles).toEqual(["bashExecution", "user", "assistant"]);
	});

	it("excludeFromContext keeps the command in the file but out of the request", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		await session.executeBash("echo secret", undefined, { excludeFromContext: true });
		faux.enqueue({ text: "ok" });
		await session.prompt("hello");
		expect(requestTexts(faux, 0)).toEqual(["user:hello"]);
		expect(t.fileLines().find((l) => l.message?.role === "bashExecution").message.excludeFromContext).toBe(true);
	});

	it("a command finished during a run is recorded right after the run ends", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = session.prompt("start");
		await gate.started;
		await session.executeBash("echo during");
		expect(session.messages.some((m) => m.role === "bashExecution")).toBe(false);
		gate.release();
		await run;
		const roles = messageRoles(t.fileLines());
		expect(roles).toEqual(["user", "assistant", "toolResult", "assistant", "bashExecution"]);
	});

	it("runs one command at a time; abortBash cancels", async () => {
		t = await createTestSession();
		const { session } = t;
		const long = session.executeBash("sleep 5");
		await expect(session.executeBash("echo two")).rejects.toThrow("A bash command is already running.");
		expect(session.isBashRunning).toBe(true);
		session.abortBash();
		const result = await long;
		expect(result.cancelled).toBe(true);
		expect(result.exitCode).toBeUndefined();
		expect(session.messages.at(-1)).toMatchObject({ role: "bashExecution", cancelled: true });
	});
});
