/**
 * The built `pi` in a pseudo-terminal with an extension loaded by `-e`: its command opens a dialog in the real
 * terminal, and every way out (a quit, SIGTERM) lets it hear `session_shutdown` before pi exits, with the
 * terminal restored.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, KEYS, PiPty, type PtyWorld } from "./harness.js";

let server: MockServer;
let world: PtyWorld;
let pi: PiPty | undefined;
let extensionFile: string;
let logFile: string;

/** An extension that logs session_start/session_shutdown to a file and offers /choose. */
function extensionSource(log: string): string {
	return `import { appendFileSync } from "node:fs";
export default function (pi) {
	const log = (line) => appendFileSync(${JSON.stringify(log)}, line + "\\n");
	pi.registerFlag("greeting", { type: "string", description: "a word to log" });
	pi.on("session_start", (_event, ctx) => {
		log("session_start hasUI=" + ctx.hasUI);
		if (pi.getFlag("greeting")) log("greeting=" + pi.getFlag("greeting"));
	});
	pi.on("session_shutdown", () => log("session_shutdown"));
	pi.registerCommand("choose", {
		description: "Choose a colour",
		async handler(_args, ctx) {
			const colour = await ctx.ui.select("Which colour?", ["red", "green"]);
			ctx.ui.notify("Chosen: " + colour);
		},
	});
}
`;
}

beforeAll(async () => {
	server = await startMockServer();
	world = createPtyWorld(server);
	logFile = join(world.root, "extension.log");
	extensionFile = join(world.root, "logger.mjs");
	writeFileSync(extensionFile, extensionSource(logFile));
});

afterEach(() => {
	pi?.kill();
	pi = undefined;
	if (existsSync(logFile)) writeFileSync(logFile, "");
});

afterAll(async () => {
	await server?.close();
	world?.cleanup();
});

function logLines(): string[] {
	return existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").filter(Boolean) : [];
}

describe("an extension in the terminal", () => {
	it("its command's dialog answers with the choice; /quit ends with session_shutdown", async () => {
		pi = new PiPty(world, { args: ["-e", extensionFile] });
		await pi.waitForScreen("mock/mock-model");
		await pi.waitFor(() => logLines().includes("session_start hasUI=true"), "session_start");
		await pi.submit("/choose");
		await pi.waitForScreen("Which colour?");
		pi.press(KEYS.down);
		pi.press(KEYS.enter);
		await pi.waitForText("Chosen: green");
		await pi.submit("/quit");
		expect(await pi.waitForExit()).toBe(0);
		expect(logLines()).toEqual(["session_start hasUI=true", "session_shutdown"]);
	});

	it("SIGTERM restores the terminal, runs session_shutdown and exits with 143", async () => {
		pi = new PiPty(world, { args: ["-e", extensionFile] });
		await pi.waitForScreen("mock/mock-model");
		await pi.waitFor(() => logLines().length > 0, "session_start");
		pi.kill("SIGTERM");
		expect(await pi.waitForExit()).toBe(143);
		expect(logLines()).toEqual(["session_start hasUI=true", "session_shutdown"]);
		const raw = pi.rawOutput();
		expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
		expect(raw).toContain("\x1b[?2004l");
	});

	it("a flag the extension registered takes its value, which is not sent as a prompt", async () => {
		server.enqueue({ text: "Hello from the mock." });
		const before = server.requests.length;
		pi = new PiPty(world, { args: ["-e", extensionFile, "--greeting", "hi", "say hello"] });
		await pi.waitForText("Hello from the mock.");
		expect(logLines()).toContain("greeting=hi");
		const sent = server.requests.slice(before).map((request) => JSON.stringify(request.body));
		expect(sent).toHaveLength(1);
		expect(sent[0]).toContain("say hello");
		expect(sent[0]).not.toMatch(/"text":"hi"/);
		await pi.submit("/quit");
		expect(await pi.waitForExit()).toBe(0);
	});
});
