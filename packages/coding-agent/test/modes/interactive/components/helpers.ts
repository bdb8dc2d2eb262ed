/** Shared helpers of the interactive component tests: a colourful theme, plain-text views, width checks. */
import type { AssistantMessage } from "@pi/ai";
import { type Component, stripAnsi, visibleWidth } from "@pi/tui";
import { expect } from "vitest";
import { createTheme, DARK_THEME, type Theme } from "../../../../src/modes/interactive/theme/index.js";

/** The dark theme with truecolor output, so colour codes are present whatever the test terminal supports. */
export function testTheme(): Theme {
	return createTheme(DARK_THEME, { colorLevel: 3 });
}

/** Rows without ANSI codes, trailing spaces removed. */
export function plain(rows: readonly string[]): string[] {
	return rows.map((row) => stripAnsi(row).trimEnd());
}

/** Renders at `width`, asserts no row is wider, and returns the plain text joined by newlines. */
export function renderPlain(component: Component, width: number): string {
	const rows = component.render(width);
	expectWithin(rows, width);
	return plain(rows).join("\n");
}

/** Asserts that no row is wider than `width`, naming the first row that is. */
export function expectWithin(rows: readonly string[], width: number): void {
	for (const row of rows) {
		expect(visibleWidth(row), `row wider than ${width}: ${JSON.stringify(stripAnsi(row))}`).toBeLessThanOrEqual(width);
	}
}

/** The truecolor SGR sequence of a "#rrggbb" foreground. */
export function fgCode(hex: string): string {
	const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
	return `\x1b[38;2;${r};${g};${b}m`;
}

/** An assistant message with the given content, for feeding components. */
export function assistantMessage(
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-sonnet-4-5",
		usage: {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "stop",
		timestamp: 0,
		...extra,
	};
}

export const KEYS = {
	enter: "\r",
	escape: "\x1b",
	tab: "\t",
	up: "\x1b[A",
	down: "\x1b[B",
	left: "\x1b[D",
	right: "\x1b[C",
	backspace: "\x7f",
	space: " ",
} as const;

/** Feeds each character of `text` as one key press. */
export function typeKeys(component: { handleInput?(data: string): void }, text: string): void {
	for (const ch of text) component.handleInput?.(ch);
}
