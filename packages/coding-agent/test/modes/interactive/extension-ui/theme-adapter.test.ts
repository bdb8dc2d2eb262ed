/**
 * The theme extensions get: pi's roles as they are, the original pi's other colour names mapped to pi's nearest
 * role, and the original's extra methods (ANSI openings, colour mode, thinking and bash border colours).
 */
import { describe, expect, it } from "vitest";
import { toExtensionTheme } from "../../../../src/modes/interactive/extension-ui/theme-adapter.js";
import { createTheme } from "../../../../src/modes/interactive/theme/theme.js";
import { DARK_THEME } from "../../../../src/modes/interactive/theme/theme-loader.js";

const pi = createTheme(DARK_THEME, { colorLevel: 3 });
const theme = toExtensionTheme(pi);

describe("toExtensionTheme", () => {
	it("styles pi's roles as pi does and the original's names as their nearest role", () => {
		expect(theme.fg("accent", "x")).toBe(pi.fg("accent", "x"));
		expect(theme.fg("accent", "x")).not.toBe("x");
		expect(theme.fg("toolDiffAdded" as never, "x")).toBe(pi.fg("diffAdded", "x"));
		expect(theme.fg("thinkingText" as never, "x")).toBe(pi.fg("thinking", "x"));
		expect(theme.bg("selectedBg" as never, "x")).toBe(pi.bg("selected", "x"));
		// A name neither knows leaves the text as it is.
		expect(theme.fg("noSuchColour" as never, "x")).toBe("x");
	});

	it("has the original's extra methods and one adapter per theme", () => {
		const opening = theme.getFgAnsi("accent");
		expect(opening).toMatch(/^\x1b\[38;2;\d+;\d+;\d+m$/);
		expect(`${opening}x`).toBe(pi.fg("accent", "x").slice(0, opening.length + 1));
		expect(theme.getColorMode()).toBe("truecolor");
		expect(theme.getThinkingBorderColor("high")("x")).toBe(pi.fg("thinkingHigh", "x"));
		expect(toExtensionTheme(pi)).toBe(theme);
	});
});
