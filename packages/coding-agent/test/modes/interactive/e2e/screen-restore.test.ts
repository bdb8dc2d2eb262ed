/**
 * The terminal never loses what it shows (issue 20, faults 1–2), on the BUILT `pi` in a pseudo-terminal at two
 * sizes: a dialog taller than the screen scrolls inside itself, and closing it (or the completion popup) leaves
 * scrollback and screen exactly as they were (later prompts and answers are drawn); Ctrl+O expanding then
 * collapsing a 40-line tool box leaves the screen as it was, with the box's "earlier lines" marker and its last lines.
 */
import { describe, expect, it } from "vitest";
import { KEYS, PiPty, usePtyWorld } from "./harness.js";

const e2e = usePtyWorld();

/** Waits until the screen (or scrollback + screen) is `expected` again; fails with both texts. */
async function expectRestored(term: PiPty, expected: string, read: () => string, what: string): Promise<void> {
	try {
		await term.waitFor(() => read() === expected, what, 3000);
	} catch {
		expect(read(), what).toBe(expected);
	}
}

/** Starts pi at `columns`×`rows` with a few exchanges, so the transcript fills part of the screen. */
async function startWithHistory(columns: number, rows: number, exchanges: number): Promise<PiPty> {
	const term = new PiPty(e2e.world, { columns, rows });
	await term.waitForScreen("mock/mock-model");
	for (let i = 1; i <= exchanges; i++) {
		e2e.server.enqueue({ text: `Answer number ${i}.` });
		await term.submit(`question ${i}`);
		await term.waitForScreen(`Answer number ${i}.`);
	}
	return term;
}

describe.each([
	[120, 36],
	[80, 24],
])("at %i×%i", (columns, rows) => {
	it("a dialog taller than the screen scrolls inside itself and closing it restores scrollback and screen", async () => {
		e2e.pi = await startWithHistory(columns, rows, 2);
		const term = e2e.pi;
		const screen = term.screen();
		const all = term.allText();

		await term.submit("/hotkeys");
		await term.waitForScreen("Keyboard shortcuts");
		// It fits: its title and its scroll hint are both on screen, and scrolling moves the table.
		await term.waitForScreen(/rows 1–\d+ of \d+/);
		term.press("\x1b[6~"); // PageDown
		await term.waitForScreen(/rows (?!1–)\d+–\d+ of \d+/);
		expect(term.screen()).toContain("Keyboard shortcuts");
		term.press(KEYS.escape);
		await expectRestored(term, screen, () => term.screen(), "the screen after /hotkeys");
		expect(term.allText()).toBe(all);

		// Later prompts and answers are drawn.
		e2e.server.enqueue({ text: "Drawn after the dialog." });
		await term.submit("typed after the dialog");
		await term.waitForScreen("typed after the dialog");
		await term.waitForScreen("Drawn after the dialog.");
	});

	it("/settings on a short screen keeps its list and hint in view; closing it restores the screen", async () => {
		e2e.pi = await startWithHistory(columns, 20, 1);
		const term = e2e.pi;
		const screen = term.screen();
		const all = term.allText();
		await term.submit("/settings");
		await term.waitForScreen("Settings");
		await term.waitForScreen("esc close");
		expect(term.screen().split("\n")).toHaveLength(20);
		// The list scrolls to entries below the first screenful.
		for (let i = 0; i < 14; i++) term.press(KEYS.down);
		await term.waitForScreen("enableSkillCommands");
		term.press(KEYS.escape);
		await expectRestored(term, screen, () => term.screen(), "the screen after /settings");
		expect(term.allText()).toBe(all);
	});

	it("the completion popup covers rows next to the editor; closing it restores scrollback and screen", async () => {
		e2e.pi = await startWithHistory(columns, rows, 8);
		const term = e2e.pi;
		const screen = term.screen();
		const all = term.allText();
		term.type("/");
		await term.waitForScreen("Select the model");
		// Nothing moved: the footer is where it was, the popup sits on the transcript's last rows.
		expect(term.screen().split("\n").slice(-2)).toEqual(screen.split("\n").slice(-2));
		term.press(KEYS.backspace);
		await expectRestored(term, screen, () => term.screen(), "the screen after the popup closed");
		expect(term.allText()).toBe(all);
	});

	it("Ctrl+O expanding and collapsing a 40-line tool box leaves the screen as it was", async () => {
		e2e.pi = await startWithHistory(columns, rows, 3);
		const term = e2e.pi;
		e2e.server.enqueue(
			{ toolCalls: [{ name: "bash", arguments: { command: "seq 1 40" } }] },
			{ text: "Counted to forty." },
		);
		await term.submit("count");
		await term.waitForScreen("Counted to forty.");
		await term.waitForScreen("earlier lines");
		const screen = term.screen();
		const before = term.allText();

		term.press(KEYS.ctrlO);
		await term.waitFor(() => !term.screen().includes("earlier lines"), "the box to expand");
		// Expanded: every line of the output is in scrollback or on screen, in order. The frame reaches the terminal
		// in several writes, so wait for its last row before reading the numbers.
		await term.waitForScreen("Counted to forty.");
		const outputNumbers = () => {
			const expanded = term.allText();
			return expanded
				.slice(expanded.lastIndexOf("$ seq 1 40"))
				.split("\n")
				.map((line) => line.trim())
				.filter((line) => /^\d+$/.test(line))
				.map(Number);
		};
		const oneToForty = Array.from({ length: 40 }, (_, i) => i + 1);
		await term.waitFor(() => outputNumbers().length >= 40, "all 40 output lines to be drawn");
		expect(outputNumbers()).toEqual(oneToForty);

		term.press(KEYS.ctrlO);
		await expectRestored(term, screen, () => term.screen(), "the screen after Ctrl+O twice");
		// Nothing that was there is lost: scrollback still starts with what it held before.
		const lines = before.split("\n");
		const kept = lines.slice(0, lines.length - rows);
		expect(term.allText().split("\n").slice(0, kept.length)).toEqual(kept);
	});
});
