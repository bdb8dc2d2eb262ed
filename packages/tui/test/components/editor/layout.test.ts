import { describe, expect, it } from "vitest";
import { TextBuffer } from "../../../src/components/editor/buffer.js";
import { layoutEditor, wrapEditorLine } from "../../../src/components/editor/layout.js";

describe("wrapEditorLine", () => {
	it("breaks after the last space that fits, or mid-word for long words", () => {
		const line = "one two three";
		expect(wrapEditorLine(line, 8).map((s) => line.slice(s.start, s.end))).toEqual(["one two ", "three"]);
		const word = "abcdefghij";
		expect(wrapEditorLine(word, 4).map((s) => word.slice(s.start, s.end))).toEqual(["abcd", "efgh", "ij"]);
	});

	it("does not split wide characters", () => {
		const line = "日本語テキ";
		expect(wrapEditorLine(line, 5).map((s) => line.slice(s.start, s.end))).toEqual(["日本", "語テ", "キ"]);
	});
});

describe("layoutEditor cursor mapping", () => {
	it("maps the cursor to its row and screen column", () => {
		const layout = layoutEditor(["one two three", "日本"], 8, { line: 0, col: 10 });
		expect(layout.rows.map((r) => r.text)).toEqual(["one two ", "three", "日本"]);
		expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 2]);
		const wide = layoutEditor(["one two three", "日本"], 8, { line: 1, col: 1 });
		expect([wide.cursorRow, wide.cursorColumn]).toEqual([2, 2]);
	});

	it("puts a cursor at the end of a full row on an extra row", () => {
		const layout = layoutEditor(["abcd"], 4, { line: 0, col: 4 });
		expect(layout.rows.map((r) => r.text)).toEqual(["abcd", ""]);
		expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 0]);
	});

	it("places a cursor at a wrap point at the start of the next row", () => {
		const layout = layoutEditor(["one two three"], 8, { line: 0, col: 8 });
		expect([layout.cursorRow, layout.cursorColumn]).toEqual([1, 0]);
	});
});

describe("TextBuffer", () => {
	it("moves and deletes by grapheme cluster", () => {
		const buffer = new TextBuffer();
		buffer.setText("a👨‍👩‍👧e\u0301");
		buffer.deleteBackward();
		expect(buffer.getText()).toBe("a👨‍👩‍👧");
		buffer.moveTo(buffer.positionLeft());
		expect(buffer.getCursor().col).toBe(1);
	});

	it("inserts multi-line text and deletes ranges across lines", () => {
		const buffer = new TextBuffer();
		buffer.insert("ab");
		buffer.moveTo({ line: 0, col: 1 });
		buffer.insert("1\n2\n3");
		expect(buffer.getLines()).toEqual(["a1", "2", "3b"]);
		expect(buffer.getCursor()).toEqual({ line: 2, col: 1 });
		expect(buffer.deleteRange({ line: 0, col: 1 }, { line: 2, col: 1 })).toBe("1\n2\n3");
		expect(buffer.getText()).toBe("ab");
	});
});
