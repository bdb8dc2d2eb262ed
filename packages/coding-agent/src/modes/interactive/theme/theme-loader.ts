/**
 * Finding themes: the built-ins, `<agentDir>/themes/*.json`, `<cwd>/.pi/themes/*.json` and explicit paths
 * (`--theme <path>`, settings `themes`), later sources replacing earlier ones of the same name. Also picks the
 * theme to start with from settings `theme` or the terminal background (COLORFGBG).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { BUILTIN_THEME_FILES, DARK_THEME_FILE, LIGHT_THEME_FILE } from "./builtin-themes.js";
import type { ThemeSpec } from "./theme.js";
import { resolveThemeFile, THEME_TEXT } from "./theme-file.js";

function builtin(name: "dark" | "light"): ThemeSpec {
	const file = name === "dark" ? DARK_THEME_FILE : LIGHT_THEME_FILE;
	// The built-ins are complete; resolving them only substitutes their vars.
	return resolveThemeFile(file, `built-in ${name}`, { name, colors: {} as ThemeSpec["colors"] }).spec as ThemeSpec;
}

/** The built-in dark theme. */
export const DARK_THEME: ThemeSpec = builtin("dark");
/** The built-in light theme. */
export const LIGHT_THEME: ThemeSpec = builtin("light");

export interface LoadThemesOptions {
	/** The agent dir; its `themes/` folder is searched unless `discover` is false. */
	agentDir?: string;
	/** The project dir; its `.pi/themes/` folder is searched unless `discover` is false. */
	cwd?: string;
	/** Theme files or folders given explicitly (`--theme`, settings `themes`); always loaded. */
	paths?: readonly string[];
	/** Search the agent and project folders (false for `--no-themes`). Default true. */
	discover?: boolean;
	/**
	 * Theme files of installed packages (docs/packages.md): loaded right after the built-ins, so your own themes of
	 * the same name win; skipped when `discover` is false.
	 */
	packagePaths?: readonly string[];
}

/** Themes by name, plus what was wrong with the files that were read. */
export interface LoadedThemes {
	themes: Map<string, ThemeSpec>;
	warnings: string[];
	/** The file each theme was read from, by name (the built-ins have none). */
	files: Map<string, string>;
}

function jsonFilesIn(dir: string): string[] {
	try {
		return readdirSync(dir)
			.filter((name) => name.endsWith(".json"))
			.sort()
			.map((name) => join(dir, name));
	} catch {
		return []; // a missing folder simply has no themes
	}
}

function expandPath(path: string): string[] {
	try {
		return statSync(path).isDirectory() ? jsonFilesIn(path) : [path];
	} catch {
		return [path]; // reported as unreadable when loaded
	}
}

/** Reads one theme file. Roles it leaves out take the built-in dark theme's colours. */
export function loadThemeFile(path: string): { spec?: ThemeSpec; warnings: string[] } {
	let data: unknown;
	try {
		data = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		return { warnings: [THEME_TEXT.unreadable(path, (error as Error).message)] };
	}
	return resolveThemeFile(data, path, DARK_THEME, basename(path, extname(path)));
}

/** Loads every theme: built-ins first, then agent dir, project, explicit paths (later wins by name). */
export function loadThemes(options: LoadThemesOptions = {}): LoadedThemes {
	const themes = new Map<string, ThemeSpec>([
		["dark", DARK_THEME],
		["light", LIGHT_THEME],
	]);
	const warnings: string[] = [];
	const files: string[] = [];
	const sources = new Map<string, string>();
	if (options.discover !== false) {
		files.push(...(options.packagePaths ?? []));
		if (options.agentDir) files.push(...jsonFilesIn(join(options.agentDir, "themes")));
		if (options.cwd) files.push(...jsonFilesIn(join(options.cwd, ".pi", "themes")));
	}
	for (const path of options.paths ?? []) files.push(...expandPath(path));
	for (const file of files) {
		const result = loadThemeFile(file);
		warnings.push(...result.warnings);
		if (result.spec) {
			themes.set(result.spec.name, result.spec);
			sources.set(result.spec.name, file);
		}
	}
	return { themes, warnings, files: sources };
}

/**
 * Dark or light terminal background from COLORFGBG (`"<fg>;<bg>"` or `"<fg>;<other>;<bg>"`): background colours
 * 7 and 9–15 are light, everything else dark. Unknown or missing → dark, the more common terminal default.
 */
export function detectBackground(colorfgbg: string | undefined): "dark" | "light" {
	const last = colorfgbg?.split(";").pop();
	if (last === undefined || !/^\d+$/.test(last)) return "dark";
	const bg = Number(last);
	return bg === 7 || (bg >= 9 && bg <= 15) ? "light" : "dark";
}

/**
 * The theme to use: the settings name when it exists, else the built-in matching the terminal background
 * (with a warning when a configured name was not found).
 */
export function selectTheme(
	themes: ReadonlyMap<string, ThemeSpec>,
	name: string | undefined,
	background: "dark" | "light",
): { spec: ThemeSpec; warning?: string } {
	const fallback = themes.get(background) ?? (background === "dark" ? DARK_THEME : LIGHT_THEME);
	if (name === undefined || name === "") return { spec: fallback };
	const found = themes.get(name);
	if (found) return { spec: found };
	return { spec: fallback, warning: THEME_TEXT.notFound(name, fallback.name) };
}

/** Names of the built-in themes. */
export const BUILTIN_THEME_NAMES = Object.keys(BUILTIN_THEME_FILES);
