/**
 * Extension events in the terminal UI (the built `pi` in a pseudo-terminal): a typed prompt reaches the handlers
 * with source "interactive" and their results reach the model; `!command` goes through `user_bash`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, PiPty, type PtyWorld } from "./harness.js";

const TRACE = fileURLToPath(new URL("../../../fixtures/extensions/events-trace.mjs", import.meta.url));

let server: MockServer;
let world: PtyWorld;
let pi: PiPty | undefined;

beforeAll(async () => {
	server = await startMockServer();
	world = createPtyWorld(server);
});
afterEach(() => {
	pi?.kill();
	pi = undefined;
});
afterAll(async () => {
	await server?.close();
	world?.cleanup();
});

function readTrace(file: string): Record<string, any>[] {
	if (!existsSync(file)) return [];
	return readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

describe("extension events in the terminal UI", () => {
	it("a typed prompt and a !command reach the handlers; /quit ends with session_shutdown", async () => {
		const trace = join(world.root, "tui-trace.jsonl");
		server.enqueue({ text: "typed answer" });
		pi = new PiPty(world, { args: ["-e", TRACE, "--tools", "write"], env: { PI_TEST_EVENTS_TRACE: trace } });
		await pi.waitForScreen("mock/mock-model");
		await pi.waitFor(() => readTrace(trace).length >= 2, "session_start and resources_discover");
		await pi.submit("shout: from the keyboard");
		await pi.waitForText("typed answer");
		await pi.submit("!pretend");
		await pi.waitForText("answered by the extension");
		await pi.submit("/quit");
		expect(await pi.waitForExit()).toBe(0);

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
		const body = server.requests[0]!.body;
		expect(JSON.stringify(body.system)).toContain("TRACE-MARK");
		expect(JSON.stringify(body.messages.at(-1))).toContain("FROM THE KEYBOARD");
		expect(body.temperature).toBe(0.5);
	});
});
