/**
 * The theme extensions get (`ctx.ui.theme`, the `theme` argument of component factories): pi's Theme with the
 * original pi's colour names and methods on top, so extensions written for it style text as there. Names pi has
 * are used as they are; the original's other names map to pi's nearest role; unknown names leave the text plain.
 */
import type { Theme, ThemeColorRole } from "../theme/theme.js";
import { thinkingBorderRole } from "../theme/theme.js";

/** The original's colour names that pi calls differently. */
const ORIGINAL_NAMES: Readonly<Record<string, ThemeColorRole>> = {
	thinkingText: "thinking",
	userMessageText: "userMessageText",
	customMessageText: "text",
	customMessageLabel: "accent",
	toolDiffAdded: "diffAdded",
	toolDiffRemoved: "diffRemoved",
	toolDiffContext: "diffContext",
	syntaxPunctuation: "syntaxOperator",
	bashMode: "warning",
	selectedBg: "selected",
};

/** A theme as extensions see it. */
export type ExtensionTheme = Theme & {
	getFgAnsi(color: string): string;
	getBgAnsi(color: string): string;
	getColorMode(): "truecolor" | "256color";
	getThinkingBorderColor(level: string): (text: string) => string;
	getBashModeBorderColor(): (text: string) => string;
};

const adapters = new WeakMap<Theme, ExtensionTheme>();

/** The part of a styled marker before the marker: the SGR sequence that opens the style. */
function openingSequence(style: (text: string) => string): string {
	const marker = "\u0000";
	const styled = style(marker);
	return styled.slice(0, styled.indexOf(marker));
}

/** `theme` for extensions (one adapter per theme, so identity comparisons hold). */
export function toExtensionTheme(theme: Theme): ExtensionTheme {
	const existing = adapters.get(theme);
	if (existing) return existing;
	const role = (name: string) => (ORIGINAL_NAMES[name] ?? name) as ThemeColorRole;
	const adapter: ExtensionTheme = {
		...theme,
		fg: (name, text) => theme.fg(role(name), text),
		bg: (name, text) => theme.bg(role(name), text),
		fgStyle: (name) => theme.fgStyle(role(name)),
		bgStyle: (name) => theme.bgStyle(role(name)),
		getFgAnsi: (name) => openingSequence(theme.fgStyle(role(name))),
		getBgAnsi: (name) => openingSequence(theme.bgStyle(role(name))),
		getColorMode: () => (theme.fg("accent", "x").includes("38;2;") ? "truecolor" : "256color"),
		getThinkingBorderColor: (level) => theme.fgStyle(thinkingBorderRole(level)),
		getBashModeBorderColor: () => theme.fgStyle("warning"),
	};
	adapters.set(theme, adapter);
	return adapter;
}
