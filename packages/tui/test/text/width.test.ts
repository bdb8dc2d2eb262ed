import { describe, expect, it } from "vitest";
import { graphemeWidth, splitStyledUnits, visibleWidth } from "../../src/text/width.js";

describe("visibleWidth", () => {
	it.each([
		["", 0],
		["hello world", 11],
		["日本語", 6],
		["ｈｅｌｌｏ", 10], // fullwidth Latin
		["한국어", 6],
		["a😀b", 4],
		["👍🏽", 2], // skin-tone modifier
		["👨‍👩‍👧‍👦", 2], // ZWJ family
		["🏳️‍🌈", 2], // ZWJ with VS16
		["🇯🇵🇩🇪", 4], // two flags
		["❤️", 2], // text heart promoted by VS16
		["❤", 1], // text presentation
		["1️⃣", 2], // keycap
		["e\u0301", 1], // combining acute
		["\u0301", 0], // lone combining mark
		["a\u200bb", 2], // zero-width space
		["é", 1],
		["©", 1],
		["\t", 0],
	])("%j is %i columns", (text, width) => {
		expect(visibleWidth(text)).toBe(width);
	});

	it("ignores SGR and other CSI sequences", () => {
		expect(visibleWidth("\x1b[1;31mred\x1b[0m")).toBe(3);
		expect(visibleWidth("\x1b[38;2;10;20;30m日本\x1b[39m")).toBe(4);
		expect(visibleWidth("\x1b[2Kab")).toBe(2);
	});

	it("ignores OSC-8 hyperlinks with either terminator, and APC markers", () => {
		expect(visibleWidth("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\")).toBe(4);
		expect(visibleWidth("\x1b]8;id=1;https://example.com\x07link\x1b]8;;\x07")).toBe(4);
		expect(visibleWidth("ab\x1b_pi:c\x07cd")).toBe(4);
	});

	it("gives the same answer when asked again (cached path)", () => {
		const text = "\x1b[1m日本語 text 😀\x1b[0m";
		expect(visibleWidth(text)).toBe(14);
		expect(visibleWidth(text)).toBe(14);
	});
});

describe("graphemeWidth", () => {
	it("treats control characters as zero width", () => {
		expect(graphemeWidth("\x07")).toBe(0);
		expect(graphemeWidth("\r\n")).toBe(0);
	});
});

describe("splitStyledUnits", () => {
	it("separates escapes from grapheme clusters", () => {
		const units = splitStyledUnits("\x1b[31me\u0301日\x1b[0m");
		expect(units.map((u) => [u.text, u.width, u.ansi])).toEqual([
			["\x1b[31m", 0, true],
			["e\u0301", 1, false],
			["日", 2, false],
			["\x1b[0m", 0, true],
		]);
	});
});
