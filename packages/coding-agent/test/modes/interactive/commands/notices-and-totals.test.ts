/**
 * Transient notices replace themselves, and the footer's token totals are the session's (issue 20, faults 4–5):
 * a real InteractiveMode over a faux-model session in a VirtualTerminal.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DOUBLE_PRESS_MS } from "../../../../src/modes/interactive/interactive-mode.js";
import { NOTICE_TEXT } from "../../../../src/modes/interactive/notices.js";
import { createModeHarness, type ModeHarness } from "./harness.js";

const CTRL_C = "\x03";
const SHIFT_TAB = "\x1b[Z";

let h: ModeHarness | undefined;

afterEach(async () => {
	await h?.cleanup();
	h = undefined;
});

function count(text: string, part: string): number {
	return text.split(part).length - 1;
}

/** Waits until the drawn screen satisfies `predicate` (input is handled on the TUI's own schedule). */
async function screenUntil(harness: ModeHarness, predicate: (screen: string) => boolean): Promise<string> {
	let screen = "";
	for (let i = 0; i < 200; i++) {
		screen = await harness.screen();
		if (predicate(screen)) return screen;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`The screen never matched:\n${screen}`);
}

describe("transient notices", () => {
	it('"Press Ctrl+C again to exit." goes away once a second press would no longer exit', async () => {
		h = await createModeHarness();
		const harness = h;
		harness.press(CTRL_C);
		await screenUntil(harness, (screen) => screen.includes(NOTICE_TEXT.pressAgainToExit));
		await new Promise((resolve) => setTimeout(resolve, DOUBLE_PRESS_MS + 100));
		await screenUntil(harness, (screen) => !screen.includes(NOTICE_TEXT.pressAgainToExit));
		expect(await harness.allText()).not.toContain(NOTICE_TEXT.pressAgainToExit);
		expect(harness.mode.isRunning).toBe(true);
	});

	it("Shift+Tab cycling shows one thinking-level line, the current level", async () => {
		h = await createModeHarness({ fauxOptions: { reasoning: true } });
		const harness = h;
		for (let i = 0; i < 3; i++) harness.press(SHIFT_TAB);
		const level = () => harness.session.thinkingLevel;
		await screenUntil(harness, (screen) => screen.includes(NOTICE_TEXT.thinkingChanged(level())));
		const text = await harness.allText();
		expect(count(text, "Thinking level:")).toBe(1);
		expect(text).toContain(NOTICE_TEXT.thinkingChanged(level()));
	});

	it("a thinking-level line that has history after it stays, and the next one is added below", async () => {
		h = await createModeHarness({ fauxOptions: { reasoning: true } });
		const harness = h;
		harness.press(SHIFT_TAB);
		await screenUntil(harness, (screen) => screen.includes("Thinking level:"));
		harness.faux.enqueue({ text: "An answer in between." });
		await harness.submit("question");
		harness.press(SHIFT_TAB);
		await screenUntil(harness, (screen) => count(screen, "Thinking level:") === 2);
	});
});

describe("footer token totals", () => {
	it("are session totals: a compaction does not make them go down", async () => {
		h = await createModeHarness({ settingsJson: { compaction: { keepRecentTokens: 2 } } });
		const harness = h;
		const usage = { input: 14_000, output: 500, cacheRead: 0, cacheWrite: 0 };
		harness.faux.enqueue({ text: "one", usage }, { text: "two", usage });
		await harness.submit("first question");
		await harness.submit("second question");
		const footer = (screen: string) => screen.trimEnd().split("\n").slice(-2).join("\n");
		expect(footer(await harness.screen())).toContain("↑28k ↓1.0k");

		harness.faux.enqueue({ text: "## Goal\nSummary.", usage: { input: 900, output: 50, cacheRead: 0, cacheWrite: 0 } });
		await harness.submit("/compact");
		expect(await harness.allText()).toContain("Compacted the context");
		// The context shrank (the session's own statistics say so); the footer's totals did not.
		expect(harness.session.getSessionStats().tokens.input).toBeLessThan(28_000);
		expect(footer(await harness.screen())).toContain("↑28k ↓1.0k");
	});
});
