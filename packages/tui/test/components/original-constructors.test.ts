/** The original pi-tui's positional constructors, which extensions written for it call, give the same layout. */
import { describe, expect, it } from "vitest";
import { Box, Markdown, Text, TruncatedText } from "../../src/index.js";

const mark = (text: string) => `<${text}>`;

describe("positional constructors of the original pi-tui", () => {
	it("Text(text, paddingX, paddingY, bg) pads and colours like Text(text, options)", () => {
		expect(new Text("hi", 0, 0).render(10)).toEqual(["hi"]);
		expect(new Text("hi", 2, 1).render(10)).toEqual(new Text("hi", { paddingX: 2, paddingY: 1 }).render(10));
		const text = new Text("hi", 0, 0, mark);
		expect(text.render(4)[0]).toContain("<");
		text.setCustomBgFn(undefined);
		expect(text.render(4)).toEqual(["hi"]);
	});

	it("Box(paddingX, paddingY, bg) holds children inside its padding", () => {
		const box = new Box(1, 1);
		box.addChild(new Text("x", 0, 0));
		expect(box.render(5)).toEqual(["     ", " x   ", "     "]);
		const coloured = new Box(0, 0, mark);
		coloured.addChild(new Text("y", 0, 0));
		expect(coloured.render(3)[0]).toContain("<");
		expect(new Box([new Text("z", 0, 0)], { paddingX: 0 }).render(2)).toEqual(["z "]);
	});

	it("TruncatedText(text, paddingX, paddingY) and Markdown(text, paddingX, paddingY, theme)", () => {
		expect(new TruncatedText("abc", 1, 0).render(5)).toEqual([" abc"]);
		const rows = new Markdown("`code`", 1, 0, { code: mark }).render(20);
		expect(rows.join("")).toContain("<code>");
	});
});
