/**
 * Extension events in the terminal UI (the built `pi` in a pseudo-terminal): a typed prompt reaches the handlers
 * with source "interactive" and their results reach the model; `!command` goes through `user_bash`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PiPty, usePtyWorld } from "./harness.js";

const TRACE = fileURLToPath(new URL("../../../fixtures/extensions/events-trace.mjs", import.meta.url));

const e2e = usePtyWorld();

function readTrace(file: string): Record<string, any>[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

describe("extension events in the terminal UI", () => {
	it("a typed prompt and a !command reach the handlers; /quit ends with session_shutdown", async () => {
		const trace = join(e2e.world.root, "tui-trace.jsonl");
		e2e.server.enqueue({ text: "typed answer" });
		e2e.pi = new PiPty(e2e.world, { args: ["-e", TRACE, "--tools", "write"], env: { PI_TEST_EVENTS_TRACE: trace } });
		await e2e.pi.waitForScreen("mock/mock-model");
		await e2e.pi.waitFor(() => readTrace(trace).length >= 2, "session_start and resources_discover");
		await e2e.pi.submit("shout: from the keyboard");
		await e2e.pi.waitForText("typed answer");
		await e2e.pi.submit("!pretend");
		await e2e.pi.waitForText("answered by the extension");
		await e2e.pi.submit("/quit");
		expect(await e2e.pi.waitForExit()).toBe(0);

		const events = readTrace(trace);
		expect(events.slice(0, 2)).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", reason: "startup" },
		]);
		expect(events.find((event) => event.type === "input")).toEqual({
			type: "input",
			text: "shout: from the keyboard",
			source: "interactive",
		});
		expect(events.filter((event) => event.type === "turn_start")).toEqual([{ type: "turn_start", turnIndex: 0 }]);
		expect(events.find((event) => event.type === "user_bash")).toEqual({
			type: "user_bash",
			command: "pretend",
			excludeFromContext: false,
		});
		expect(events.at(-1)).toEqual({ type: "session_shutdown", reason: "quit" });
		const body = e2e.server.requests[0]!.body;
		expect(JSON.stringify(body.system)).toContain("TRACE-MARK");
		expect(JSON.stringify(body.messages.at(-1))).toContain("FROM THE KEYBOARD");
		expect(body.temperature).toBe(0.5);
	});
});
