/**
 * stop() restores the terminal even when the pending frame's render throws: crash handlers call stop() right after
 * a component threw, and a second throw there used to leave raw mode, a hidden cursor and bracketed paste on.
 */
import { describe, expect, it } from "vitest";
import { VirtualTerminal } from "../../src/terminal/virtual-terminal.js";
import { TUI } from "../../src/tui.js";

class RecordingTerminal extends VirtualTerminal {
	stops = 0;
	override stop(): void {
		this.stops++;
		super.stop();
	}
}

describe("TUI.stop after a render error", () => {
	it("restores the terminal when the pending frame throws", () => {
		const terminal = new RecordingTerminal(40, 10);
		const tui = new TUI(terminal);
		let broken = false;
		tui.addChild({
			render: () => {
				if (broken) throw new Error("render failed");
				return ["fine"];
			},
		});
		tui.start();
		broken = true;
		tui.requestRender();
		expect(() => tui.stop()).not.toThrow();
		expect(terminal.stops).toBe(1);
		terminal.dispose();
	});
});
