/**
 * The TUI theme: named colour roles resolved to style functions. Components ask for a role ("diffAdded",
 * "toolErrorBg") and never for a concrete colour, so a theme file can restyle everything.
 */
import { Chalk, type ChalkInstance } from "chalk";

/** Every colour role a theme defines, in the order theme files document them. */
export const THEME_COLOR_ROLES = [
	// General text and accents
	"text",
	"accent",
	"muted",
	"dim",
	"selected",
	"success",
	"error",
	"warning",
	"link",
	"code",
	"thinking",
	"footer",
	// Borders
	"border",
	"borderAccent",
	"borderMuted",
	// Messages and tool boxes
	"userMessageBg",
	"userMessageText",
	"customMessageBg",
	"toolPendingBg",
	"toolSuccessBg",
	"toolErrorBg",
	"toolTitle",
	"toolOutput",
	// Diffs
	"diffAdded",
	"diffRemoved",
	"diffContext",
	// Markdown
	"mdHeading",
	"mdLink",
	"mdLinkUrl",
	"mdCode",
	"mdCodeBlock",
	"mdCodeBlockBorder",
	"mdQuote",
	"mdQuoteBorder",
	"mdHr",
	"mdListBullet",
	// Syntax highlighting
	"syntaxComment",
	"syntaxKeyword",
	"syntaxFunction",
	"syntaxVariable",
	"syntaxString",
	"syntaxNumber",
	"syntaxType",
	"syntaxOperator",
	// Prompt border per thinking level
	"thinkingOff",
	"thinkingMinimal",
	"thinkingLow",
	"thinkingMedium",
	"thinkingHigh",
	"thinkingXhigh",
] as const;

export type ThemeColorRole = (typeof THEME_COLOR_ROLES)[number];

/**
 * A resolved colour: `"#rrggbb"`, an ANSI 256 palette index (0–255), or `""` for the terminal's default colour.
 */
export type ColorValue = string | number;

/** A theme before styling: a name and one resolved colour per role. */
export interface ThemeSpec {
	name: string;
	colors: Record<ThemeColorRole, ColorValue>;
}

/** Colour support of the output: 0 none, 1 16 colours, 2 256 colours, 3 truecolor (chalk's levels). */
export type ColorLevel = 0 | 1 | 2 | 3;

/** A style function: plain or styled text in, styled text out. */
export type Style = (text: string) => string;

/** Styling by role. Create with {@link createTheme}. */
export interface Theme {
	readonly name: string;
	readonly colors: Readonly<Record<ThemeColorRole, ColorValue>>;
	/** `text` in the role's colour. */
	fg(role: ThemeColorRole, text: string): string;
	/** `text` on the role's colour as background. */
	bg(role: ThemeColorRole, text: string): string;
	/** The foreground style of a role as a function (for component options). */
	fgStyle(role: ThemeColorRole): Style;
	/** The background style of a role as a function. */
	bgStyle(role: ThemeColorRole): Style;
	bold(text: string): string;
	italic(text: string): string;
	underline(text: string): string;
	strikethrough(text: string): string;
	inverse(text: string): string;
}

const identity: Style = (text) => text;

function foreground(chalk: ChalkInstance, value: ColorValue): Style {
	if (value === "") return identity;
	if (typeof value === "number") return chalk.ansi256(value);
	return chalk.hex(value);
}

function background(chalk: ChalkInstance, value: ColorValue): Style {
	if (value === "") return identity;
	if (typeof value === "number") return chalk.bgAnsi256(value);
	return chalk.bgHex(value);
}

export interface CreateThemeOptions {
	/** Colour level of the output; default: what chalk detected for stdout. */
	colorLevel?: ColorLevel;
}

/** Builds the style functions of a theme. Colours are downsampled to the output's colour level. */
export function createTheme(spec: ThemeSpec, options: CreateThemeOptions = {}): Theme {
	const chalk = options.colorLevel === undefined ? new Chalk() : new Chalk({ level: options.colorLevel });
	const fgStyles = new Map<ThemeColorRole, Style>();
	const bgStyles = new Map<ThemeColorRole, Style>();
	for (const role of THEME_COLOR_ROLES) {
		fgStyles.set(role, foreground(chalk, spec.colors[role]));
		bgStyles.set(role, background(chalk, spec.colors[role]));
	}
	const fgStyle = (role: ThemeColorRole): Style => fgStyles.get(role) ?? identity;
	const bgStyle = (role: ThemeColorRole): Style => bgStyles.get(role) ?? identity;
	return {
		name: spec.name,
		colors: { ...spec.colors },
		fg: (role, text) => fgStyle(role)(text),
		bg: (role, text) => bgStyle(role)(text),
		fgStyle,
		bgStyle,
		bold: (text) => chalk.bold(text),
		italic: (text) => chalk.italic(text),
		underline: (text) => chalk.underline(text),
		strikethrough: (text) => chalk.strikethrough(text),
		inverse: (text) => chalk.inverse(text),
	};
}

/** The prompt-border role for a thinking level (a visual cue of how hard the model will think). */
export function thinkingBorderRole(level: string): ThemeColorRole {
	switch (level) {
		case "minimal":
			return "thinkingMinimal";
		case "low":
			return "thinkingLow";
		case "medium":
			return "thinkingMedium";
		case "high":
			return "thinkingHigh";
		case "xhigh":
			return "thinkingXhigh";
		default:
			return "thinkingOff";
	}
}
