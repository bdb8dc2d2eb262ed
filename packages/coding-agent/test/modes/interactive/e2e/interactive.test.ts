/**
 * The interactive checklist, end to end: the BUILT `pi` in a pseudo-terminal, read through a terminal emulator,
 * against the loopback mock server. One long session walks prompt → streaming → tool call with diff → abort →
 * steering → cycling → shell → commands → exit; a second run resumes it with -c.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, delay, KEYS, PiPty, type PtyWorld } from "./harness.js";

let server: MockServer;
let world: PtyWorld;
let pi: PiPty;
const clipboardFile = () => join(world.root, "clipboard.txt");

beforeAll(async () => {
	server = await startMockServer();
	// Keep almost nothing verbatim, so /compact has something to summarise in a short session.
	world = createPtyWorld(server, { compaction: { keepRecentTokens: 1 } });
	writeFileSync(join(world.cwd, "notes.txt"), "hello world\nsecond line\n");
	pi = new PiPty(world, { env: { PI_CLIPBOARD_COMMAND: `cat > '${join(world.root, "clipboard.txt")}'` } });
});

afterAll(async () => {
	pi?.kill();
	await server?.close();
	world?.cleanup();
});

describe("interactive mode in a terminal", () => {
	it("starts with the header, the editor and a footer naming the model", async () => {
		await pi.waitForScreen("pi v");
		await pi.waitForScreen("mock/mock-model");
		expect(pi.screen()).toContain("project");
	});

	it("streams an answer, runs a tool call and shows its diff", async () => {
		server.enqueue(
			{
				text: "I will edit the file.",
				toolCalls: [
					{ name: "edit", arguments: { file_path: "notes.txt", old_string: "hello world", new_string: "hello pi" } },
				],
				usage: { input: 1200, output: 40 },
			},
			{ text: "Edited **notes.txt** for you.", usage: { input: 1400, output: 20 } },
		);
		await pi.submit("please edit notes.txt");
		await pi.waitForText("Edited notes.txt for you.");
		const text = pi.allText();
		expect(text).toContain("please edit notes.txt");
		expect(text).toContain("I will edit the file.");
		expect(text).toMatch(/-.*hello world/);
		expect(text).toMatch(/\+.*hello pi/);
		expect(readFileSync(join(world.cwd, "notes.txt"), "utf8")).toBe("hello pi\nsecond line\n");
		// Footer: tokens in/out after the run.
		await pi.waitForScreen(/↑2\.6k/);
	});

	it("aborts a streaming answer with Escape", async () => {
		server.enqueue({ text: "word ".repeat(400), chunkSize: 5, eventDelayMs: 30 });
		await pi.submit("write a lot");
		await pi.waitForScreen("word word word");
		pi.press(KEYS.escape);
		await pi.waitForText("Aborted");
		await pi.waitFor(() => !pi.screen().includes("Working…"), "the spinner to stop");
	});

	it("queues a steering message while a tool runs and delivers it", async () => {
		server.enqueue(
			{ toolCalls: [{ name: "bash", arguments: { command: "sleep 1.5; echo slept" } }] },
			{ text: "Steered answer." },
		);
		await pi.submit("run a slow command");
		await pi.waitForScreen("sleep 1.5");
		await pi.submit("also check the tests");
		await pi.waitForScreen("Steering: also check the tests");
		await pi.waitForText("Steered answer.");
		await pi.waitFor(() => !pi.screen().includes("Steering:"), "the pending area to clear");
		const last = server.requests[server.requests.length - 1]!;
		expect(JSON.stringify(last.body.messages)).toContain("also check the tests");
	});

	it("cycles models with Ctrl+P and thinking levels with Shift+Tab", async () => {
		pi.press(KEYS.ctrlP);
		await pi.waitForScreen("mock/mock-small");
		pi.press(KEYS.ctrlP);
		await pi.waitForScreen(/mock\/mock-model/);
		pi.press(KEYS.shiftTab);
		await pi.waitForText("Thinking level: minimal");
		await pi.waitForScreen("mock/mock-model • minimal");
	});

	it("runs !ls and shows its output", async () => {
		await pi.submit("!ls");
		await pi.waitForText("$ ls");
		await pi.waitForText("notes.txt");
	});

	it("switches the model with /model", async () => {
		await pi.submit("/model");
		await pi.waitForScreen("Select model");
		pi.type("small");
		await pi.waitForScreen("→ mock/mock-small");
		pi.press(KEYS.enter);
		await pi.waitForScreen("mock/mock-small");
		await pi.submit("/model mock-model");
		await pi.waitForText("Model: mock/mock-model");
	});

	it("exports the session with /export and copies the last answer with /copy", async () => {
		const out = join(world.root, "session.html");
		await pi.submit(`/export ${out}`);
		await pi.waitForText(`Exported to: ${out}`);
		expect(readFileSync(out, "utf8")).toContain("please edit notes.txt");
		await pi.submit("/copy");
		await pi.waitForText("Copied the last answer");
		expect(readFileSync(clipboardFile(), "utf8")).toBe("Steered answer.");
	});

	it("compacts the context with /compact", async () => {
		server.enqueue({ text: "## Goal\nEdit notes.txt\n\n## Progress\nDone." });
		await pi.submit("/compact keep it short");
		await pi.waitForText("Compacted the context");
		const request = server.requests[server.requests.length - 1]!;
		expect(JSON.stringify(request.body)).toContain("keep it short");
	});

	it("navigates with /tree and forks with /fork", async () => {
		await pi.submit("/tree");
		await pi.waitForScreen("Session tree");
		pi.press(KEYS.escape);
		await pi.waitFor(() => !pi.screen().includes("Session tree"), "the tree to close");
		await pi.submit("/fork");
		await pi.waitForScreen("Fork from a message");
		pi.type("slow command");
		await delay(100);
		pi.press(KEYS.enter);
		await pi.waitForText("Forked into a new session");
		// The forked message is back in the editor, ready to edit.
		await pi.waitForScreen(/run a slow command\s*$/m);
		pi.press(KEYS.ctrlC);
	});

	it("completes slash commands and @file paths", async () => {
		pi.type("/compa");
		await pi.waitForScreen("Summarise older messages to free context");
		pi.press(KEYS.escape);
		pi.press(KEYS.ctrlC);
		await delay(600);
		pi.type("look at @note");
		await pi.waitForScreen(/notes\.txt/);
		pi.press(KEYS.tab);
		await pi.waitForScreen("look at @notes.txt");
		pi.press(KEYS.ctrlC);
	});

	it("exits on Ctrl+C pressed twice and restores the terminal", async () => {
		await delay(600);
		pi.press(KEYS.ctrlC);
		await delay(50);
		pi.press(KEYS.ctrlC);
		expect(await pi.waitForExit()).toBe(0);
		// The cursor is shown again and bracketed paste is off.
		const raw = pi.rawOutput();
		expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
		expect(raw).toContain("\x1b[?2004l");
	});

	it("continues the most recent session with -c, showing its history, and resumes another with /resume", async () => {
		const resumed = new PiPty(world, { args: ["-c"] });
		try {
			// The most recent session is the fork: the history up to the forked message.
			await resumed.waitForText("please edit notes.txt");
			await resumed.waitForText("write a lot");
			expect(resumed.allText()).not.toContain("Steered answer.");
			await resumed.submit("/resume");
			await resumed.waitForScreen("Resume session (this project)");
			resumed.press(KEYS.enter);
			await resumed.waitForText("Resumed");
			// The original session was compacted: its context is the summary plus what came after.
			await resumed.waitForText(/Compacted .* tokens into a summary/);
			await resumed.waitForText("$ ls");
			expect(existsSync(join(world.agentDir, "sessions"))).toBe(true);
			resumed.press(KEYS.ctrlC);
			await delay(50);
			resumed.press(KEYS.ctrlC);
			expect(await resumed.waitForExit()).toBe(0);
		} finally {
			resumed.kill();
		}
	});
});
