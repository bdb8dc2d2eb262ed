import { describe, expect, it } from "vitest";
import { stripAnsi } from "../../src/text/ansi.js";
import { padToWidth, sliceByColumn, truncateToWidth } from "../../src/text/truncate.js";
import { visibleWidth } from "../../src/text/width.js";

describe("truncateToWidth", () => {
	it("returns text that fits unchanged", () => {
		expect(truncateToWidth("hello", 5)).toBe("hello");
	});

	it("cuts and appends the ellipsis within the width", () => {
		expect(truncateToWidth("hello world", 8)).toBe("hello w…");
		expect(truncateToWidth("hello world", 8, "...")).toBe("hello...");
	});

	it("does not split wide characters", () => {
		const cut = truncateToWidth("日本語テキスト", 6);
		expect(cut).toBe("日本…");
		expect(visibleWidth(cut)).toBeLessThanOrEqual(6);
	});

	it("keeps styles and closes them after the ellipsis", () => {
		const cut = truncateToWidth("\x1b[31mred text here\x1b[39m", 6);
		expect(cut).toBe("\x1b[31mred t…\x1b[39m");
	});

	it("handles widths smaller than the ellipsis", () => {
		expect(truncateToWidth("hello", 0)).toBe("");
		expect(visibleWidth(truncateToWidth("hello", 2, "..."))).toBeLessThanOrEqual(2);
	});
});

describe("truncateToWidth with pad (the original pi-tui's fourth argument)", () => {
	it("fills a shorter result with spaces to exactly the width, and still cuts a longer one", () => {
		expect(truncateToWidth("ab", 5, "...", true)).toBe("ab   ");
		expect(truncateToWidth("\x1b[31mab\x1b[39m", 4, "...", true)).toBe("\x1b[31mab\x1b[39m  ");
		expect(visibleWidth(truncateToWidth("abcdefgh", 6, "...", true))).toBe(6);
		expect(truncateToWidth("ab", 5)).toBe("ab");
	});
});

describe("sliceByColumn", () => {
	it("slices plain text by columns", () => {
		expect(sliceByColumn("abcdefgh", 2, 5)).toBe("cde");
		expect(sliceByColumn("abcdefgh", 5)).toBe("fgh");
	});

	it("re-opens the style active at the start and closes at the end", () => {
		const slice = sliceByColumn("\x1b[1mbold\x1b[22m plain", 2, 7);
		expect(stripAnsi(slice)).toBe("ld pl");
		expect(slice).toBe("\x1b[1mld\x1b[22m pl");
		expect(sliceByColumn("\x1b[1mbold text", 5, 9)).toBe("\x1b[1mtext\x1b[22m");
	});

	it("replaces a wide character cut by an edge with spaces", () => {
		expect(sliceByColumn("日本語", 1, 5)).toBe(" 本 ");
		expect(visibleWidth(sliceByColumn("日本語", 1, 4))).toBe(3);
	});

	it("returns less when the text is narrower than the range", () => {
		expect(sliceByColumn("abc", 1, 10)).toBe("bc");
		expect(sliceByColumn("abc", 5, 10)).toBe("");
	});
});

describe("padToWidth", () => {
	it("pads or cuts to exactly the width", () => {
		expect(padToWidth("ab", 4)).toBe("ab  ");
		expect(padToWidth("\x1b[1mab\x1b[22m", 3)).toBe("\x1b[1mab\x1b[22m ");
		expect(padToWidth("abcdef", 3)).toBe("abc");
		expect(visibleWidth(padToWidth("日本語", 5))).toBe(5);
	});
});
