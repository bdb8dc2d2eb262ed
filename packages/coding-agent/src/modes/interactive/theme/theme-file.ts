/**
 * The theme file format (docs/themes.md) and its validation. A file names colours per role, either directly
 * (`"#rrggbb"`, an ANSI 256 index, `""` for the terminal default) or through its `vars` table. Problems never
 * stop pi: each one becomes a warning and the role falls back to a built-in theme's colour.
 */
import { type ColorValue, THEME_COLOR_ROLES, type ThemeColorRole, type ThemeSpec } from "./theme.js";

/** A theme file as written on disk. */
export interface ThemeFile {
	name: string;
	vars?: Record<string, ColorValue>;
	colors: Partial<Record<ThemeColorRole, ColorValue>>;
}

/** Every warning text of theme loading, in one place. */
export const THEME_TEXT = {
	unreadable: (source: string, reason: string) => `Ignoring theme ${source}: ${reason}`,
	notAnObject: (source: string) =>
		`Ignoring theme ${source}: expected a JSON object with "name" and "colors" (see docs/themes.md)`,
	noColors: (source: string) => `Ignoring theme ${source}: "colors" must be an object mapping roles to colours`,
	badColor: (source: string, role: string, value: unknown) =>
		`Theme ${source}: colors.${role} = ${JSON.stringify(value)} is not a colour ("#rrggbb", 0-255, "" or a name from "vars"); using the default`,
	badVar: (source: string, name: string, value: unknown) =>
		`Theme ${source}: vars.${name} = ${JSON.stringify(value)} is not a colour ("#rrggbb", 0-255 or ""); ignored`,
	unknownRole: (source: string, role: string) => `Theme ${source}: unknown colour role "${role}" (ignored)`,
	missingRoles: (source: string, roles: readonly string[], fallback: string) =>
		`Theme ${source}: no colour for ${roles.join(", ")}; using the ${fallback} theme's`,
	notFound: (name: string, fallback: string) => `Theme "${name}" not found; using "${fallback}"`,
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;
const KNOWN_ROLES = new Set<string>(THEME_COLOR_ROLES);

/** Whether `value` is a direct colour: "#rrggbb", an integer 0–255, or "" (terminal default). */
export function isColorValue(value: unknown): value is ColorValue {
	if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 255;
	return value === "" || (typeof value === "string" && HEX.test(value));
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The result of validating one theme file. */
export interface ResolvedThemeFile {
	/** Undefined when the file cannot be used at all. */
	spec?: ThemeSpec;
	warnings: string[];
}

/**
 * Validates parsed theme JSON and resolves `vars` references. `source` names the file in warnings;
 * `defaultName` is used when the file has no `name`; roles without a valid colour take `fallback`'s.
 */
export function resolveThemeFile(
	data: unknown,
	source: string,
	fallback: ThemeSpec,
	defaultName = fallback.name,
): ResolvedThemeFile {
	const warnings: string[] = [];
	if (!isRecord(data)) return { warnings: [THEME_TEXT.notAnObject(source)] };
	if (!isRecord(data.colors)) return { warnings: [THEME_TEXT.noColors(source)] };
	const name = typeof data.name === "string" && data.name.trim() !== "" ? data.name.trim() : defaultName;

	const vars = new Map<string, ColorValue>();
	if (isRecord(data.vars)) {
		for (const [key, value] of Object.entries(data.vars)) {
			if (isColorValue(value)) vars.set(key, value);
			else warnings.push(THEME_TEXT.badVar(source, key, value));
		}
	}

	const colors = { ...fallback.colors };
	const missing: string[] = [];
	for (const role of THEME_COLOR_ROLES) {
		if (!(role in data.colors)) {
			missing.push(role);
			continue;
		}
		const raw = data.colors[role];
		const value = typeof raw === "string" && vars.has(raw) ? vars.get(raw) : raw;
		if (isColorValue(value)) colors[role] = value;
		else warnings.push(THEME_TEXT.badColor(source, role, raw));
	}
	for (const key of Object.keys(data.colors)) {
		if (!KNOWN_ROLES.has(key)) warnings.push(THEME_TEXT.unknownRole(source, key));
	}
	if (missing.length > 0) warnings.push(THEME_TEXT.missingRoles(source, missing, fallback.name));
	return { spec: { name, colors }, warnings };
}
