import { describe, expect, it } from "vitest";
import { stripAnsi } from "../../src/text/ansi.js";
import { visibleWidth } from "../../src/text/width.js";
import { wrapTextWithAnsi } from "../../src/text/wrap.js";

describe("wrapTextWithAnsi", () => {
	it("breaks at spaces and drops the space at the break", () => {
		expect(wrapTextWithAnsi("the quick brown fox", 10)).toEqual(["the quick", "brown fox"]);
	});

	it("keeps lines that fit unchanged and respects explicit newlines", () => {
		expect(wrapTextWithAnsi("a b\n\nc", 10)).toEqual(["a b", "", "c"]);
		expect(wrapTextWithAnsi("a\r\nb", 10)).toEqual(["a", "b"]);
	});

	it("hard-breaks words longer than the width", () => {
		expect(wrapTextWithAnsi("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
		expect(wrapTextWithAnsi("go abcdefghij", 4)).toEqual(["go", "abcd", "efgh", "ij"]);
	});

	it("keeps leading indentation", () => {
		expect(wrapTextWithAnsi("  indented text here", 12)).toEqual(["  indented", "text here"]);
	});

	it("never splits a wide character", () => {
		const rows = wrapTextWithAnsi("日本語のテキスト", 5);
		expect(rows).toEqual(["日本", "語の", "テキ", "スト"]);
	});

	it("re-opens styles on continuation rows and closes them at each row end", () => {
		const rows = wrapTextWithAnsi("\x1b[31mred words here\x1b[39m plain", 9);
		expect(rows.map(stripAnsi)).toEqual(["red words", "here", "plain"]);
		expect(rows[0]).toBe("\x1b[31mred words\x1b[39m");
		expect(rows[1]).toBe("\x1b[31mhere\x1b[39m");
		expect(rows[2]).toBe("plain");
	});

	it("carries styles across explicit newlines", () => {
		const rows = wrapTextWithAnsi("\x1b[1mone\ntwo\x1b[22m", 10);
		expect(rows).toEqual(["\x1b[1mone\x1b[22m", "\x1b[1mtwo\x1b[22m"]);
	});

	it("re-opens OSC-8 hyperlinks on continuation rows", () => {
		const link = "\x1b]8;;https://example.com\x1b\\";
		const rows = wrapTextWithAnsi(`${link}click this link\x1b]8;;\x1b\\`, 10);
		expect(rows.map(stripAnsi)).toEqual(["click this", "link"]);
		expect(rows[1]!.startsWith(link)).toBe(true);
		expect(rows[0]!.endsWith("\x1b]8;;\x1b\\")).toBe(true);
	});

	it("never produces a row wider than the width, and loses no visible characters", () => {
		const samples = [
			"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.",
			"\x1b[1mbold\x1b[0m and \x1b[3mitalic\x1b[23m mixed with 日本語 and 😀 emoji 👨‍👩‍👧 and flags 🇯🇵",
			"https://example.com/a/very/long/url/that/does/not/have/any/spaces/at/all?query=1",
			"   leading   and   many   spaces   ",
			"混合 mixed 文字 text with ｆｕｌｌｗｉｄｔｈ",
		];
		for (const sample of samples) {
			const visible = stripAnsi(sample).replace(/ /g, "");
			for (let width = 2; width <= 60; width++) {
				const rows = wrapTextWithAnsi(sample, width);
				for (const row of rows)
					expect(visibleWidth(row), `${JSON.stringify(row)} @${width}`).toBeLessThanOrEqual(width);
				expect(rows.map(stripAnsi).join("").replace(/ /g, "")).toBe(visible);
			}
		}
	});
});
