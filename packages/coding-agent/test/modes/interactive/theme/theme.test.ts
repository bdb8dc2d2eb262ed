import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	createMarkdownTheme,
	createTheme,
	DARK_THEME,
	detectBackground,
	LIGHT_THEME,
	loadThemes,
	selectTheme,
	THEME_COLOR_ROLES,
	THEME_TEXT,
} from "../../../../src/modes/interactive/theme/index.js";
import { fgCode } from "../components/helpers.js";

function tempDir(): string {
	return mkdtempSync(join(tmpdir(), "pi-theme-"));
}

describe("built-in themes", () => {
	it("define a colour for every role, and the two differ", () => {
		for (const role of THEME_COLOR_ROLES) {
			expect(DARK_THEME.colors[role]).toBeDefined();
			expect(LIGHT_THEME.colors[role]).toBeDefined();
		}
		expect(DARK_THEME.colors.userMessageBg).not.toBe(LIGHT_THEME.colors.userMessageBg);
	});

	it("style text with the role's colour, downsampled to the output level", () => {
		const truecolor = createTheme(DARK_THEME, { colorLevel: 3 });
		expect(truecolor.fg("diffAdded", "x")).toContain(fgCode(DARK_THEME.colors.diffAdded as string));
		const none = createTheme(DARK_THEME, { colorLevel: 0 });
		expect(none.fg("diffAdded", "x")).toBe("x");
		const ansi256 = createTheme({ name: "t", colors: { ...DARK_THEME.colors, error: 196 } }, { colorLevel: 2 });
		expect(ansi256.fg("error", "x")).toContain("\x1b[38;5;196m");
	});

	it("adapt to the Markdown theme", () => {
		const theme = createTheme(DARK_THEME, { colorLevel: 3 });
		const markdown = createMarkdownTheme(theme);
		expect(markdown.inlineCode("a")).toContain(fgCode(DARK_THEME.colors.mdCode as string));
		expect(markdown.syntax.keyword?.("const")).toContain(fgCode(DARK_THEME.colors.syntaxKeyword as string));
	});
});

describe("theme files", () => {
	it("load from the agent dir, the project and explicit paths, resolving vars", () => {
		const agentDir = tempDir();
		const cwd = tempDir();
		mkdirSync(join(agentDir, "themes"));
		mkdirSync(join(cwd, ".pi", "themes"), { recursive: true });
		const colors = Object.fromEntries(THEME_COLOR_ROLES.map((role) => [role, "base"]));
		writeFileSync(
			join(agentDir, "themes", "ocean.json"),
			JSON.stringify({ name: "ocean", vars: { base: "#102030" }, colors: { ...colors, error: 160 } }),
		);
		writeFileSync(join(cwd, ".pi", "themes", "paper.json"), JSON.stringify({ name: "paper", colors }));
		const extra = join(tempDir(), "neon.json");
		writeFileSync(extra, JSON.stringify({ colors: { ...colors, base: undefined, text: "#ffffff" } }));

		const { themes, warnings } = loadThemes({ agentDir, cwd, paths: [extra] });
		const ocean = themes.get("ocean");
		expect(ocean?.colors.accent).toBe("#102030");
		expect(ocean?.colors.error).toBe(160);
		// "paper" names an undefined var everywhere: every role is reported and falls back to dark.
		expect(themes.get("paper")?.colors.accent).toBe(DARK_THEME.colors.accent);
		// A file without a name is named after the file.
		expect(themes.get("neon")?.colors.text).toBe("#ffffff");
		expect(themes.has("dark") && themes.has("light")).toBe(true);
		expect(warnings.some((w) => w.includes("paper.json") && w.includes("colors.accent"))).toBe(true);
		expect(warnings.some((w) => w.includes("ocean.json"))).toBe(false);
	});

	it("warn clearly about invalid files and values, and keep going", () => {
		const agentDir = tempDir();
		mkdirSync(join(agentDir, "themes"));
		const broken = join(agentDir, "themes", "broken.json");
		writeFileSync(broken, "{ not json");
		const partial = join(agentDir, "themes", "partial.json");
		writeFileSync(
			partial,
			JSON.stringify({ name: "partial", colors: { accent: "red", error: 300, sparkle: "#ffffff" } }),
		);
		writeFileSync(join(agentDir, "themes", "list.json"), "[1, 2]");

		const { themes, warnings } = loadThemes({ agentDir });
		expect(warnings.some((w) => w.startsWith(`Ignoring theme ${broken}:`))).toBe(true);
		expect(warnings).toContain(THEME_TEXT.notAnObject(join(agentDir, "themes", "list.json")));
		expect(warnings).toContain(THEME_TEXT.badColor(partial, "accent", "red"));
		expect(warnings).toContain(THEME_TEXT.badColor(partial, "error", 300));
		expect(warnings).toContain(THEME_TEXT.unknownRole(partial, "sparkle"));
		expect(warnings.some((w) => w.includes("no colour for") && w.includes("diffAdded"))).toBe(true);
		expect(themes.has("broken")).toBe(false);
		expect(themes.get("partial")?.colors.accent).toBe(DARK_THEME.colors.accent);
	});

	it("--no-themes skips discovery but still loads explicit paths", () => {
		const agentDir = tempDir();
		mkdirSync(join(agentDir, "themes"));
		writeFileSync(join(agentDir, "themes", "a.json"), JSON.stringify({ name: "a", colors: {} }));
		expect(loadThemes({ agentDir, discover: false }).themes.has("a")).toBe(false);
		expect(loadThemes({ discover: false, paths: [join(agentDir, "themes")] }).themes.has("a")).toBe(true);
	});
});

describe("theme selection", () => {
	it("detects light and dark backgrounds from COLORFGBG", () => {
		expect(detectBackground("15;0")).toBe("dark");
		expect(detectBackground("0;15")).toBe("light");
		expect(detectBackground("0;default;7")).toBe("light");
		expect(detectBackground(undefined)).toBe("dark");
		expect(detectBackground("garbage")).toBe("dark");
	});

	it("uses the settings name, else the background's built-in, warning about unknown names", () => {
		const { themes } = loadThemes({ discover: false });
		expect(selectTheme(themes, "light", "dark").spec.name).toBe("light");
		expect(selectTheme(themes, undefined, "light").spec.name).toBe("light");
		const missing = selectTheme(themes, "nope", "dark");
		expect(missing.spec.name).toBe("dark");
		expect(missing.warning).toBe(THEME_TEXT.notFound("nope", "dark"));
	});
});
