import { expect } from "vitest";
import type { Component } from "../../src/component.js";
import type { OverlayOptions } from "../../src/overlay.js";
import { VirtualTerminal } from "../../src/terminal/virtual-terminal.js";
import { wrapTextWithAnsi } from "../../src/text/wrap.js";
import { TUI } from "../../src/tui.js";

/** Fixed rows, changeable between frames. */
export class Lines implements Component {
	constructor(public lines: string[]) {}
	render(): string[] {
		return this.lines.slice();
	}
}

/** Text wrapped to the width (its row count depends on the width). */
export class Paragraph implements Component {
	constructor(public text: string) {}
	render(width: number): string[] {
		return this.text.split("\n").flatMap((line) => (line === "" ? [""] : wrapTextWithAnsi(line, width)));
	}
}

/** A started TUI on a fresh VirtualTerminal. */
export function startTui(columns: number, rows: number): { tui: TUI; terminal: VirtualTerminal } {
	const terminal = new VirtualTerminal(columns, rows);
	const tui = new TUI(terminal);
	tui.start();
	return { tui, terminal };
}

/**
 * Asserts that the screen and the scrollback of `terminal` equal those of a fresh terminal of the same size on
 * which the same final tree (all rows, including committed ones) and overlays were drawn in a single frame.
 */
export async function expectMatchesFreshRender(
	tui: TUI,
	terminal: VirtualTerminal,
	overlays: Array<{ component: Component; options?: OverlayOptions }> = [],
): Promise<void> {
	const fresh = new VirtualTerminal(terminal.columns, terminal.rows);
	const freshTui = new TUI(fresh);
	freshTui.addChild({ render: (width) => tui.render(width) });
	for (const overlay of overlays) freshTui.showOverlay(overlay.component, overlay.options);
	freshTui.start();
	await Promise.all([terminal.flush(), fresh.flush()]);
	expect(terminal.getViewport()).toEqual(fresh.getViewport());
	expect(terminal.getScrollback()).toEqual(fresh.getScrollback());
	fresh.dispose();
}

/** Renders a frame now and waits for the emulator to process it. */
export async function frame(tui: TUI, terminal: VirtualTerminal): Promise<void> {
	tui.renderNow();
	await terminal.flush();
}
