import { describe, expect, it } from "vitest";
import { layoutOverlay, type OverlayOptions } from "../../src/overlay.js";

const box = { render: () => ["ab", "cd"] };

describe("layoutOverlay with options of another shape", () => {
	it("centers instead of failing the frame on an unknown anchor or alignment", () => {
		// The original pi-tui's anchor names reach the TUI from extensions that call tui.showOverlay themselves.
		const options = { anchor: "top-right", align: "somewhere", width: 10 } as unknown as OverlayOptions;
		const placement = layoutOverlay(box, options, 40, 20);
		expect(placement).toMatchObject({ row: 9, column: 15, width: 10, rows: ["ab", "cd"] });
	});
});
