import { describe, expect, it } from "vitest";
import { AnsiStyleState, ansiSequenceLength, splitAnsi, stripAnsi } from "../../src/text/ansi.js";

describe("stripAnsi", () => {
	it("removes SGR, OSC-8 and APC sequences but keeps the text", () => {
		expect(stripAnsi("\x1b[1mbold\x1b[22m \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\x1b_pi:c\x07!")).toBe("bold link!");
	});

	it("returns plain text unchanged", () => {
		expect(stripAnsi("plain")).toBe("plain");
	});
});

describe("ansiSequenceLength", () => {
	it("measures CSI, OSC and two-byte escapes", () => {
		expect(ansiSequenceLength("\x1b[38;5;12mx", 0)).toBe(10);
		expect(ansiSequenceLength("\x1b]0;title\x07x", 0)).toBe(10);
		expect(ansiSequenceLength("\x1b7x", 0)).toBe(2);
		expect(ansiSequenceLength("x", 0)).toBe(0);
	});
});

describe("splitAnsi", () => {
	it("splits text into escapes and plain runs", () => {
		expect(splitAnsi("a\x1b[1mb\x1b[0m")).toEqual([
			{ ansi: false, text: "a" },
			{ ansi: true, text: "\x1b[1m" },
			{ ansi: false, text: "b" },
			{ ansi: true, text: "\x1b[0m" },
		]);
	});
});

describe("AnsiStyleState", () => {
	it("re-opens and closes the active attributes", () => {
		const state = new AnsiStyleState();
		state.applyText("\x1b[1m\x1b[38;2;1;2;3m\x1b[4m");
		expect(state.open()).toBe("\x1b[1;38;2;1;2;3;4m");
		expect(state.close()).toBe("\x1b[22;39;24m");
	});

	it("forgets attributes that were turned off or reset", () => {
		const state = new AnsiStyleState();
		state.applyText("\x1b[1;31m\x1b[39m");
		expect(state.open()).toBe("\x1b[1m");
		state.applyText("\x1b[0m");
		expect(state.active).toBe(false);
		expect(state.open()).toBe("");
	});

	it("replaces a colour with a later colour of the same slot", () => {
		const state = new AnsiStyleState();
		state.applyText("\x1b[31m\x1b[38;5;200m\x1b[44m");
		expect(state.open()).toBe("\x1b[38;5;200;44m");
	});

	it("tracks OSC-8 hyperlinks", () => {
		const state = new AnsiStyleState();
		state.apply("\x1b]8;;https://example.com\x1b\\");
		expect(state.open()).toBe("\x1b]8;;https://example.com\x1b\\");
		expect(state.close()).toBe("\x1b]8;;\x1b\\");
		state.apply("\x1b]8;;\x1b\\");
		expect(state.active).toBe(false);
	});
});
