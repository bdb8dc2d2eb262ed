/**
 * The built `pi` in a pseudo-terminal around the edges of a session: signals restore the terminal (the bytes
 * written at exit), a resize in the middle of a streamed answer loses nothing, Ctrl+C twice at tmux-like timing
 * exits, and `--session` naming another project's session asks before forking it here.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, delay, KEYS, PiPty, type PtyWorld } from "./harness.js";

/** What a terminal that speaks the Kitty keyboard protocol answers to pi's `CSI ? u` query. */
const KITTY_FLAGS_REPLY = "\x1b[?1u";
const SEQ = {
	hideCursor: "\x1b[?25l",
	showCursor: "\x1b[?25h",
	bracketedPasteOff: "\x1b[?2004l",
	kittyPush: "\x1b[>7u",
	kittyPop: "\x1b[<u",
} as const;

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

/** The bytes pi wrote after it last hid the cursor (the restore sequence at exit is among them). */
function tailAfterLastHide(raw: string): string {
	return raw.slice(raw.lastIndexOf(SEQ.hideCursor));
}

describe("terminal restore on signals", () => {
	it("SIGTERM: cursor shown, bracketed paste and the Kitty keyboard protocol switched off", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.press(KITTY_FLAGS_REPLY);
		await pi.waitFor(() => pi!.rawOutput().includes(SEQ.kittyPush), "the Kitty protocol to be enabled");
		pi.kill("SIGTERM");
		await pi.waitForExit();
		const tail = tailAfterLastHide(pi.rawOutput());
		expect(tail).toContain(SEQ.showCursor);
		expect(tail).toContain(SEQ.bracketedPasteOff);
		expect(tail).toContain(SEQ.kittyPop);
	});

	it("SIGHUP: cursor shown and bracketed paste off", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.kill("SIGHUP");
		await pi.waitForExit();
		const tail = tailAfterLastHide(pi.rawOutput());
		expect(tail).toContain(SEQ.showCursor);
		expect(tail).toContain(SEQ.bracketedPasteOff);
	});
});

describe("resize while an answer streams", () => {
	it("shows every row of the answer after the terminal narrows mid-stream", async () => {
		const rows = Array.from({ length: 60 }, (_, i) => `row ${String(i).padStart(3, "0")} of the answer`);
		server.enqueue({ text: rows.join("\n\n"), chunkSize: 40, eventDelayMs: 15 });
		pi = new PiPty(world, { columns: 100, rows: 24 });
		await pi.waitForScreen("mock/mock-model");
		await pi.submit("stream rows");
		await pi.waitForText("row 010 of the answer");
		pi.resize(60, 20);
		await pi.waitForText("row 059 of the answer", 15_000);
		await pi.waitFor(() => !pi!.screen().includes("Working…"), "the run to end");
		const text = pi.allText();
		for (const row of rows) expect(text).toContain(row);
		// The editor and footer are still drawn at the new width, at the bottom.
		expect(pi.screen()).toMatch(/mock\/mock-model/);
	});
});

describe("Ctrl+C", () => {
	it("exits when pressed twice 100 ms apart (as tmux delivers a quick double press)", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.type("some draft");
		await pi.waitForScreen("some draft");
		// First press clears the draft, the second (100 ms later) exits.
		pi.press(KEYS.ctrlC);
		await delay(100);
		pi.press(KEYS.ctrlC);
		expect(await pi.waitForExit()).toBe(0);
	});

	it("exits on a double press sent as modifyOtherKeys sequences", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.press("\x1b[27;5;99~");
		await delay(100);
		pi.press("\x1b[27;5;99~");
		expect(await pi.waitForExit()).toBe(0);
	});

	it("exits on a double press sent in the Kitty keyboard protocol", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.press(KITTY_FLAGS_REPLY);
		await pi.waitFor(() => pi!.rawOutput().includes(SEQ.kittyPush), "the Kitty protocol to be enabled");
		pi.press("\x1b[99;5u");
		await delay(100);
		pi.press("\x1b[99;5u");
		expect(await pi.waitForExit()).toBe(0);
	});
});

describe("--session naming another project's session", () => {
	const otherId = "0194abcd-1111-7000-8000-00000000f0f0";

	beforeAll(() => {
		const dir = join(world.agentDir, "sessions", "--elsewhere-proj--");
		mkdirSync(dir, { recursive: true });
		const lines = [
			{ type: "session", version: 3, id: otherId, timestamp: "2026-01-05T09:00:00.000Z", cwd: "/elsewhere/proj" },
			{
				type: "message",
				id: "e0000001",
				parentId: null,
				timestamp: "2026-01-05T09:01:00.000Z",
				message: { role: "user", content: [{ type: "text", text: "question from elsewhere" }], timestamp: 1 },
			},
		];
		writeFileSync(
			join(dir, `2026-01-05T09-00-00-000Z_${otherId}.jsonl`),
			lines.map((l) => JSON.stringify(l)).join("\n"),
		);
	});

	it("asks to fork it here; yes copies it into a new session of this project", async () => {
		pi = new PiPty(world, { args: ["--session", "0194abcd"] });
		await pi.waitForScreen("Fork this session into the current directory? [y/N]");
		expect(pi.screen()).toContain("/elsewhere/proj");
		pi.press("y");
		await pi.waitForText("question from elsewhere");
		await pi.waitForScreen("mock/mock-model");
		// The copy lives in this project's session dir, pointing back at its source.
		const sessionsRoot = join(world.agentDir, "sessions");
		const copies = readdirSync(sessionsRoot)
			.filter((name) => name !== "--elsewhere-proj--")
			.flatMap((dir) => readdirSync(join(sessionsRoot, dir)).map((file) => join(sessionsRoot, dir, file)))
			.map((path) => readFileSync(path, "utf8"))
			.filter((text) => text.includes("question from elsewhere"));
		expect(copies).toHaveLength(1);
		expect(JSON.parse(copies[0]!.split("\n")[0]!)).toMatchObject({ cwd: world.cwd, parentSession: expect.any(String) });
		pi.press(KEYS.ctrlC);
		await delay(50);
		pi.press(KEYS.ctrlC);
		expect(await pi.waitForExit()).toBe(0);
	});

	it("no: leaves with the other modes' error and exit code 1", async () => {
		pi = new PiPty(world, { args: ["--session", "0194abcd"] });
		await pi.waitForScreen("Fork this session into the current directory? [y/N]");
		pi.press("n");
		expect(await pi.waitForExit()).toBe(1);
		expect(pi.allText()).toContain(
			"Session '0194abcd' belongs to another project (/elsewhere/proj); use --fork to copy it here",
		);
	});
});
