import { describe, expect, it } from "vitest";
import { CURSOR_MARKER } from "../../../src/components/cursor.js";
import type { AutocompleteProvider } from "../../../src/components/editor/autocomplete.js";
import { replacePrefix } from "../../../src/components/editor/autocomplete.js";
import { Editor } from "../../../src/components/editor/editor.js";
import { stripAnsi } from "../../../src/text/ansi.js";
import { visibleWidth } from "../../../src/text/width.js";
import { KITTY, LEGACY, paste, typeInto } from "../keys.js";

function editorWith(text = "", options: ConstructorParameters<typeof Editor>[0] = {}) {
	const editor = new Editor(options);
	editor.focused = true;
	typeInto(editor, text);
	return editor;
}

function textWithCursor(editor: Editor): string {
	const lines = editor.getLines();
	const { line, col } = editor.getCursor();
	lines[line] = `${lines[line]!.slice(0, col)}|${lines[line]!.slice(col)}`;
	return lines.join("\n");
}

describe("Editor typing and submit", () => {
	it("inserts typed characters and submits on Enter (legacy and Kitty)", () => {
		for (const enter of [LEGACY.enter, KITTY.enter]) {
			const submitted: string[] = [];
			const editor = editorWith("hello");
			editor.onSubmit = (text) => submitted.push(text);
			editor.handleInput(enter);
			expect(submitted).toEqual(["hello"]);
			expect(editor.getText()).toBe("");
		}
	});

	it("inserts a newline with shift+enter, alt+enter and ctrl+j instead of submitting", () => {
		for (const key of [KITTY.shiftEnter, KITTY.altEnter, LEGACY.altEnter, LEGACY.ctrlJ]) {
			const editor = editorWith("a");
			let submitted = false;
			editor.onSubmit = () => {
				submitted = true;
			};
			editor.handleInput(key);
			typeInto(editor, "b");
			expect(editor.getText()).toBe("a\nb");
			expect(submitted).toBe(false);
		}
	});

	it("lets the caller choose which keys insert a newline", () => {
		const editor = editorWith("a", { newlineKeys: ["alt+enter"] });
		editor.handleInput(KITTY.shiftEnter);
		expect(editor.getText()).toBe("a");
		editor.handleInput(LEGACY.altEnter);
		expect(editor.getText()).toBe("a\n");
	});

	it("does not submit when disableSubmit is set, or when the text is blank", () => {
		const submitted: string[] = [];
		const editor = editorWith("x");
		editor.onSubmit = (text) => submitted.push(text);
		editor.disableSubmit = true;
		editor.handleInput(LEGACY.enter);
		expect(editor.getText()).toBe("x");
		editor.disableSubmit = false;
		editor.setText("   ");
		editor.handleInput(LEGACY.enter);
		expect(submitted).toEqual([]);
	});

	it("reports changes through onChange", () => {
		const changes: string[] = [];
		const editor = editorWith();
		editor.onChange = (text) => changes.push(text);
		typeInto(editor, "ab");
		editor.handleInput(LEGACY.backspace);
		expect(changes).toEqual(["a", "ab", "a"]);
	});

	it("inserts text from Kitty key events and ignores key releases", () => {
		const editor = editorWith();
		editor.handleInput("\x1b[104u"); // h
		editor.handleInput("\x1b[105;2u"); // shift+i
		editor.handleInput("\x1b[105;1:3u"); // release of i
		expect(editor.getText()).toBe("hI");
	});

	it("inserts multi-character chunks (IME commits) and wide characters", () => {
		const editor = editorWith();
		editor.handleInput("日本");
		editor.handleInput("😀");
		expect(editor.getText()).toBe("日本😀");
		editor.handleInput(LEGACY.backspace);
		expect(editor.getText()).toBe("日本");
	});
});

describe("Editor cursor motions", () => {
	it("moves by character and to line start/end with ctrl+a/e/b/f, arrows, home/end", () => {
		const editor = editorWith("hello");
		editor.handleInput(LEGACY.ctrlA);
		expect(textWithCursor(editor)).toBe("|hello");
		editor.handleInput(LEGACY.ctrlF);
		editor.handleInput(LEGACY.right);
		expect(textWithCursor(editor)).toBe("he|llo");
		editor.handleInput(LEGACY.ctrlB);
		expect(textWithCursor(editor)).toBe("h|ello");
		editor.handleInput(LEGACY.end);
		expect(textWithCursor(editor)).toBe("hello|");
		editor.handleInput(LEGACY.home);
		editor.handleInput(KITTY.ctrlE);
		expect(textWithCursor(editor)).toBe("hello|");
		editor.handleInput(KITTY.ctrlA);
		expect(textWithCursor(editor)).toBe("|hello");
	});

	it("moves by word with alt+b/f and ctrl+left/right", () => {
		const editor = editorWith("foo bar.baz qux");
		editor.handleInput(LEGACY.altB);
		expect(textWithCursor(editor)).toBe("foo bar.baz |qux");
		editor.handleInput(LEGACY.ctrlLeft);
		expect(textWithCursor(editor)).toBe("foo bar.|baz qux");
		editor.handleInput(KITTY.altB);
		expect(textWithCursor(editor)).toBe("foo bar|.baz qux");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(LEGACY.altF);
		expect(textWithCursor(editor)).toBe("foo| bar.baz qux");
		editor.handleInput(LEGACY.ctrlRight);
		editor.handleInput(KITTY.altF);
		expect(textWithCursor(editor)).toBe("foo bar.|baz qux");
	});

	it("moves across lines with left/right and keeps the column with up/down", () => {
		const editor = editorWith("abcdef");
		editor.handleInput(LEGACY.ctrlJ);
		typeInto(editor, "xy");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(LEGACY.left);
		expect(textWithCursor(editor)).toBe("abcdef|\nxy");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(LEGACY.right);
		editor.handleInput(LEGACY.right);
		editor.handleInput(LEGACY.down);
		expect(textWithCursor(editor)).toBe("abcdef\nxy|");
		editor.handleInput(LEGACY.up);
		expect(textWithCursor(editor)).toBe("ab|cdef\nxy");
	});

	it("moves up and down through soft-wrapped rows", () => {
		const editor = editorWith("one two three four", { border: false });
		editor.render(9); // rows: "one two ", "three ", "four"
		editor.handleInput(LEGACY.up);
		expect(textWithCursor(editor)).toBe("one two thre|e four");
		editor.handleInput(LEGACY.up);
		expect(textWithCursor(editor)).toBe("one |two three four");
		editor.handleInput(LEGACY.down);
		editor.handleInput(LEGACY.down);
		expect(textWithCursor(editor)).toBe("one two three four|");
	});
});

describe("Editor deletion and kill ring", () => {
	it("deletes with backspace, delete and alt+backspace", () => {
		const editor = editorWith("one two three");
		editor.handleInput(LEGACY.altBackspace);
		expect(editor.getText()).toBe("one two ");
		editor.handleInput(LEGACY.backspace);
		expect(editor.getText()).toBe("one two");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(LEGACY.delete);
		expect(editor.getText()).toBe("ne two");
	});

	it("joins lines when deleting at a line boundary", () => {
		const editor = editorWith("a");
		editor.handleInput(LEGACY.ctrlJ);
		typeInto(editor, "b");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(KITTY.backspace);
		expect(editor.getText()).toBe("ab");
	});

	it("kills to line end and start, and yanks the killed text back", () => {
		const editor = editorWith("hello world");
		editor.handleInput(LEGACY.altB);
		editor.handleInput(LEGACY.ctrlK);
		expect(editor.getText()).toBe("hello ");
		editor.handleInput(LEGACY.ctrlU);
		expect(editor.getText()).toBe("");
		// The two kills were consecutive, so they form one entry in text order.
		editor.handleInput(LEGACY.ctrlY);
		expect(editor.getText()).toBe("hello world");
	});

	it("joins consecutive kills into one entry", () => {
		const editor = editorWith("alpha beta gamma");
		editor.handleInput(LEGACY.ctrlW);
		editor.handleInput(KITTY.ctrlW);
		expect(editor.getText()).toBe("alpha ");
		editor.handleInput(LEGACY.ctrlY);
		expect(editor.getText()).toBe("alpha beta gamma");
	});

	it("alt+d kills the next word; alt+y after a yank cycles to older kills", () => {
		const editor = editorWith("one two three");
		editor.handleInput(LEGACY.ctrlA);
		editor.handleInput(LEGACY.altD); // kills "one"
		editor.handleInput(LEGACY.right); // breaks the kill sequence
		editor.handleInput(LEGACY.altD); // kills "two"
		expect(editor.getText()).toBe("  three");
		editor.handleInput(LEGACY.ctrlE);
		editor.handleInput(KITTY.ctrlY);
		expect(editor.getText()).toBe("  threetwo");
		editor.handleInput(LEGACY.altY);
		expect(editor.getText()).toBe("  threeone");
	});
});

describe("Editor undo and redo", () => {
	it("undoes typing a word at a time and redoes it", () => {
		const editor = editorWith("hello world");
		editor.handleInput(LEGACY.ctrlUnderscore);
		expect(editor.getText()).toBe("hello ");
		editor.handleInput(KITTY.ctrlMinus);
		expect(editor.getText()).toBe("");
		editor.handleInput(KITTY.ctrlShiftZ);
		expect(editor.getText()).toBe("hello ");
		editor.handleInput(KITTY.ctrlShiftZ);
		expect(editor.getText()).toBe("hello world");
	});

	it("undoes kills and deletions", () => {
		const editor = editorWith("keep this");
		editor.handleInput(LEGACY.ctrlU);
		expect(editor.getText()).toBe("");
		editor.handleInput(LEGACY.ctrlZ);
		expect(editor.getText()).toBe("keep this");
		editor.handleInput(LEGACY.backspace);
		editor.handleInput(LEGACY.backspace);
		editor.handleInput(LEGACY.ctrlZ);
		expect(editor.getText()).toBe("keep this");
	});

	it("starts a new undo step after a cursor motion", () => {
		const editor = editorWith("ab");
		editor.handleInput(LEGACY.left);
		typeInto(editor, "X");
		editor.handleInput(LEGACY.ctrlZ);
		expect(editor.getText()).toBe("ab");
	});
});

describe("Editor history", () => {
	it("walks submitted texts with up/down and returns to the draft", () => {
		const editor = editorWith();
		for (const text of ["first", "second"]) {
			typeInto(editor, text);
			editor.handleInput(LEGACY.enter);
		}
		typeInto(editor, "draft");
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("second");
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("first");
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("first");
		editor.handleInput(LEGACY.down);
		expect(editor.getText()).toBe("second");
		editor.handleInput(LEGACY.down);
		expect(editor.getText()).toBe("draft");
	});

	it("moves within multi-line text before reaching the history", () => {
		const editor = editorWith("old");
		editor.handleInput(LEGACY.enter);
		typeInto(editor, "a");
		editor.handleInput(LEGACY.ctrlJ);
		typeInto(editor, "b");
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("a\nb");
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("old");
	});
});

describe("Editor paste", () => {
	it("inserts small pastes inline, with line endings normalised", () => {
		const editor = editorWith();
		editor.handleInput(paste("one\r\ntwo\tx"));
		expect(editor.getText()).toBe("one\ntwo    x");
	});

	it("folds large pastes into a marker and expands it on submit", () => {
		const submitted: string[] = [];
		const editor = editorWith("see ");
		editor.onSubmit = (text) => submitted.push(text);
		const big = Array.from({ length: 42 }, (_, i) => `line ${i}`).join("\n");
		editor.handleInput(paste(big));
		expect(editor.getText()).toBe("see [paste #1 +42 lines]");
		expect(stripAnsi(editor.render(60).join("\n"))).toContain("[paste #1 +42 lines]");
		typeInto(editor, " ok");
		editor.handleInput(LEGACY.enter);
		expect(submitted).toEqual([`see ${big} ok`]);
	});

	it("folds a long single-line paste and deletes a marker with one backspace", () => {
		const editor = editorWith();
		editor.handleInput(paste("x".repeat(1500)));
		expect(editor.getText()).toBe("[paste #1 1500 chars]");
		editor.handleInput(LEGACY.backspace);
		expect(editor.getText()).toBe("");
	});
});

describe("Editor autocomplete", () => {
	const commands = [
		{ value: "/model", label: "/model", description: "Choose a model" },
		{ value: "/mode", label: "/mode", description: "Switch mode" },
		{ value: "/quit", label: "/quit", description: "Exit" },
	];
	const provider: AutocompleteProvider = {
		getSuggestions(lines, line, col) {
			const before = lines[line]!.slice(0, col);
			if (!before.startsWith("/") || before.includes(" ")) return null;
			const items = commands.filter((c) => c.value.startsWith(before));
			return items.length ? { items, prefix: before } : null;
		},
		applyCompletion(lines, line, col, item, prefix) {
			return replacePrefix(lines, line, col, prefix, `${item.value} `);
		},
	};

	it("opens a popup while typing, moves with arrows and accepts with Tab", () => {
		const editor = editorWith();
		editor.setAutocompleteProvider(provider);
		typeInto(editor, "/mo");
		expect(editor.isAutocompleteOpen()).toBe(true);
		const rows = editor.render(40).map(stripAnsi);
		expect(rows.some((row) => row.includes("/model") && row.includes("Choose a model"))).toBe(true);
		expect(rows.some((row) => row.includes("/quit"))).toBe(false);
		editor.handleInput(LEGACY.down);
		editor.handleInput(LEGACY.tab);
		expect(editor.getText()).toBe("/mode ");
		expect(editor.isAutocompleteOpen()).toBe(false);
	});

	it("accepts with Enter instead of submitting, and closes on Escape", () => {
		const submitted: string[] = [];
		const editor = editorWith();
		editor.onSubmit = (text) => submitted.push(text);
		editor.setAutocompleteProvider(provider);
		typeInto(editor, "/q");
		editor.handleInput(KITTY.enter);
		expect(editor.getText()).toBe("/quit ");
		expect(submitted).toEqual([]);
		editor.setText("/m");
		expect(editor.isAutocompleteOpen()).toBe(true);
		editor.handleInput(KITTY.escape);
		expect(editor.isAutocompleteOpen()).toBe(false);
		editor.handleInput(LEGACY.enter);
		expect(submitted).toEqual(["/m"]);
	});

	it("applies a single candidate directly on Tab", () => {
		const editor = editorWith();
		editor.setAutocompleteProvider(provider);
		editor.setText("/qu");
		editor.handleInput(LEGACY.escape);
		editor.handleInput(KITTY.tab);
		expect(editor.getText()).toBe("/quit ");
	});
});

describe("Editor rendering", () => {
	it("draws borders, the text and the cursor marker", () => {
		const editor = editorWith("hi");
		const rows = editor.render(20);
		expect(rows).toHaveLength(3);
		expect(stripAnsi(rows[0]!)).toBe("─".repeat(20));
		expect(rows[1]).toContain(CURSOR_MARKER);
		expect(stripAnsi(rows[1]!)).toBe(`hi${" ".repeat(18)}`);
	});

	it("shows no cursor when not focused, and a prompt before the first row", () => {
		const editor = editorWith("a b c d e f", { prompt: "> ", border: false });
		editor.focused = false;
		const rows = editor.render(8).map(stripAnsi);
		expect(rows.join("\n")).not.toContain(CURSOR_MARKER);
		expect(rows[0]!.startsWith("> a")).toBe(true);
		expect(rows[1]!.startsWith("  ")).toBe(true);
	});

	it("scrolls to keep the cursor visible and says how much is hidden", () => {
		const editor = editorWith("", { maxRows: 3 });
		for (let i = 0; i < 6; i++) {
			typeInto(editor, `line${i}`);
			if (i < 5) editor.handleInput(LEGACY.ctrlJ);
		}
		const rows = editor.render(30).map(stripAnsi);
		expect(rows).toHaveLength(5);
		expect(rows[0]).toContain("↑ 3 more");
		expect(rows.slice(1, 4).map((r) => r.trim())).toEqual(["line3", "line4", "line5"]);
	});

	it("never renders a row wider than the width", () => {
		const samples = ["", "short", "a".repeat(100), "日本語のテキスト ".repeat(8), "emoji 😀👨‍👩‍👧 wraps ".repeat(5)];
		for (const sample of samples) {
			for (let width = 4; width <= 50; width += 3) {
				const editor = editorWith(sample, { prompt: "> ", paddingX: 1 });
				for (const row of editor.render(width)) expect(visibleWidth(row)).toBeLessThanOrEqual(width);
				editor.handleInput(LEGACY.ctrlA);
				for (const row of editor.render(width)) expect(visibleWidth(row)).toBeLessThanOrEqual(width);
			}
		}
	});
});

describe("Editor restyled while in use", () => {
	it("setTheme and setLayout change the drawing and keep text, history, undo and folded pastes", () => {
		const submitted: string[] = [];
		const editor = editorWith("earlier");
		editor.onSubmit = (text) => submitted.push(text);
		editor.handleInput(LEGACY.enter);
		const big = Array.from({ length: 30 }, (_, i) => `row ${i}`).join("\n");
		typeInto(editor, "see ");
		editor.handleInput(paste(big));
		typeInto(editor, "!");

		editor.setTheme({ border: (text) => text.replaceAll("─", "=") });
		editor.setLayout({ paddingX: 2 });
		const rows = editor.render(30).map(stripAnsi);
		expect(rows[0]).toBe("=".repeat(30));
		expect(rows[1]!.startsWith("  see [paste #1 +30 lines]!")).toBe(true);

		editor.handleInput(LEGACY.ctrlUnderscore);
		expect(editor.getText()).toBe("see [paste #1 +30 lines]");
		editor.handleInput(LEGACY.enter);
		expect(submitted).toEqual(["earlier", `see ${big}`]);
		editor.handleInput(LEGACY.up);
		editor.handleInput(LEGACY.up);
		expect(editor.getText()).toBe("earlier");
	});
});
