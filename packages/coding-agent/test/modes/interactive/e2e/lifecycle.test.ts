/**
 * The built `pi` in a pseudo-terminal around the edges of a session: signals restore the terminal (the bytes
 * written at exit), a resize in the middle of a streamed answer loses nothing, Ctrl+C twice at tmux-like timing
 * exits, and `--session` naming another project's session asks before forking it here.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { delay, KEYS, PiPty, usePtyWorld } from "./harness.js";

/** What a terminal that speaks the Kitty keyboard protocol answers to pi's `CSI ? u` query. */
const KITTY_FLAGS_REPLY = "\x1b[?1u";
const SEQ = {
	hideCursor: "\x1b[?25l",
	showCursor: "\x1b[?25h",
	bracketedPasteOff: "\x1b[?2004l",
	kittyPush: "\x1b[>7u",
	kittyPop: "\x1b[<u",
} as const;

const e2e = usePtyWorld();

/** The bytes pi wrote after it last hid the cursor (the restore sequence at exit is among them). */
function tailAfterLastHide(raw: string): string {
	return raw.slice(raw.lastIndexOf(SEQ.hideCursor));
}

describe("terminal restore on signals", () => {
	it("SIGTERM: cursor shown, bracketed paste and the Kitty keyboard protocol switched off", async () => {
		e2e.pi = new PiPty(e2e.world);
		await e2e.pi.waitForScreen("mock/mock-model");
		e2e.pi.press(KITTY_FLAGS_REPLY);
		await e2e.pi.waitFor(() => e2e.pi!.rawOutput().includes(SEQ.kittyPush), "the Kitty protocol to be enabled");
		e2e.pi.kill("SIGTERM");
		await e2e.pi.waitForExit();
		const tail = tailAfterLastHide(e2e.pi.rawOutput());
		expect(tail).toContain(SEQ.showCursor);
		expect(tail).toContain(SEQ.bracketedPasteOff);
		expect(tail).toContain(SEQ.kittyPop);
	});

	it("SIGHUP: cursor shown and bracketed paste off", async () => {
		e2e.pi = new PiPty(e2e.world);
		await e2e.pi.waitForScreen("mock/mock-model");
		e2e.pi.kill("SIGHUP");
		await e2e.pi.waitForExit();
		const tail = tailAfterLastHide(e2e.pi.rawOutput());
		expect(tail).toContain(SEQ.showCursor);
		expect(tail).toContain(SEQ.bracketedPasteOff);
	});
});

describe("resize while an answer streams", () => {
	it("shows every row of the answer after the terminal narrows mid-stream", async () => {
		const rows = Array.from({ length: 60 }, (_, i) => `row ${String(i).padStart(3, "0")} of the answer`);
		e2e.server.enqueue({ text: rows.join("\n\n"), chunkSize: 40, eventDelayMs: 15 });
		e2e.pi = new PiPty(e2e.world, { columns: 100, rows: 24 });
		await e2e.pi.waitForScreen("mock/mock-model");
		await e2e.pi.submit("stream rows");
		await e2e.pi.waitForText("row 010 of the answer");
		e2e.pi.resize(60, 20);
		await e2e.pi.waitForText("row 059 of the answer", 15_000);
		await e2e.pi.waitFor(() => !e2e.pi!.screen().includes("Working…"), "the run to end");
		const text = e2e.pi.allText();
		for (const row of rows) expect(text).toContain(row);
		// The editor and footer are still drawn at the new width, at the bottom.
		expect(e2e.pi.screen()).toMatch(/mock\/mock-model/);
	});
});

describe("Ctrl+C", () => {
	it("exits when pressed twice 100 ms apart (as tmux delivers a quick double press)", async () => {
		e2e.pi = new PiPty(e2e.world);
		await e2e.pi.waitForScreen("mock/mock-model");
		e2e.pi.type("some draft");
		await e2e.pi.waitForScreen("some draft");
		// First press clears the draft, the second (100 ms later) exits.
		e2e.pi.press(KEYS.ctrlC);
		await delay(100);
		e2e.pi.press(KEYS.ctrlC);
		expect(await e2e.pi.waitForExit()).toBe(0);
	});

	it("exits on a double press sent as modifyOtherKeys sequences", async () => {
		e2e.pi = new PiPty(e2e.world);
		await e2e.pi.waitForScreen("mock/mock-model");
		e2e.pi.press("\x1b[27;5;99~");
		await delay(100);
		e2e.pi.press("\x1b[27;5;99~");
		expect(await e2e.pi.waitForExit()).toBe(0);
	});

	it("exits on a double press sent in the Kitty keyboard protocol", async () => {
		e2e.pi = new PiPty(e2e.world);
		await e2e.pi.waitForScreen("mock/mock-model");
		e2e.pi.press(KITTY_FLAGS_REPLY);
		await e2e.pi.waitFor(() => e2e.pi!.rawOutput().includes(SEQ.kittyPush), "the Kitty protocol to be enabled");
		e2e.pi.press("\x1b[99;5u");
		await delay(100);
		e2e.pi.press("\x1b[99;5u");
		expect(await e2e.pi.waitForExit()).toBe(0);
	});
});

describe("--session naming another project's session", () => {
	const otherId = "0194abcd-1111-7000-8000-00000000f0f0";

	beforeAll(() => {
		const dir = join(e2e.world.agentDir, "sessions", "--elsewhere-proj--");
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
		e2e.pi = new PiPty(e2e.world, { args: ["--session", "0194abcd"] });
		await e2e.pi.waitForScreen("Fork this session into the current directory? [y/N]");
		expect(e2e.pi.screen()).toContain("/elsewhere/proj");
		e2e.pi.press("y");
		await e2e.pi.waitForText("question from elsewhere");
		await e2e.pi.waitForScreen("mock/mock-model");
		// The copy lives in this project's session dir, pointing back at its source.
		const sessionsRoot = join(e2e.world.agentDir, "sessions");
		const copies = readdirSync(sessionsRoot)
			.filter((name) => name !== "--elsewhere-proj--")
			.flatMap((dir) => readdirSync(join(sessionsRoot, dir)).map((file) => join(sessionsRoot, dir, file)))
			.map((path) => readFileSync(path, "utf8"))
			.filter((text) => text.includes("question from elsewhere"));
		expect(copies).toHaveLength(1);
		expect(JSON.parse(copies[0]!.split("\n")[0]!)).toMatchObject({
			cwd: e2e.world.cwd,
			parentSession: expect.any(String),
		});
		e2e.pi.press(KEYS.ctrlC);
		await delay(50);
		e2e.pi.press(KEYS.ctrlC);
		expect(await e2e.pi.waitForExit()).toBe(0);
	});

	it("no: leaves with the other modes' error and exit code 1", async () => {
		e2e.pi = new PiPty(e2e.world, { args: ["--session", "0194abcd"] });
		await e2e.pi.waitForScreen("Fork this session into the current directory? [y/N]");
		e2e.pi.press("n");
		expect(await e2e.pi.waitForExit()).toBe(1);
		expect(e2e.pi.allText()).toContain(
			"Session '0194abcd' belongs to another project (/elsewhere/proj); use --fork to copy it here",
		);
	});
});
