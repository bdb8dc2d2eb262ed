import chalk from "chalk";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Box } from "../../src/components/box.js";
import { CURSOR_MARKER } from "../../src/components/cursor.js";
import { Input } from "../../src/components/input.js";
import { Loader, SPINNER_FRAMES } from "../../src/components/loader.js";
import { Spacer } from "../../src/components/spacer.js";
import { Text } from "../../src/components/text.js";
import { TruncatedText } from "../../src/components/truncated-text.js";
import { stripAnsi } from "../../src/text/ansi.js";
import { LEGACY, paste, typeInto } from "./keys.js";

beforeAll(() => {
	chalk.level = 1;
});

describe("Text", () => {
	it("wraps inside its padding and pads rows to the width", () => {
		const rows = new Text("hello wide world", { paddingX: 1, paddingY: 1 }).render(10);
		expect(rows).toEqual(["", " hello", " wide", " world", ""]);
	});

	it("paints the background across the full width, also after resets inside the text", () => {
		const rows = new Text(`a ${chalk.red("red")}\x1b[0m b`, { background: chalk.bgBlue }).render(12);
		expect(stripAnsi(rows[0]!)).toBe(" a red b    ");
		expect(rows[0]!.startsWith("\x1b[44m")).toBe(true);
		expect(rows[0]).toContain("\x1b[0m\x1b[44m");
	});

	it("renders nothing for blank text and updates with setText", () => {
		const text = new Text("");
		expect(text.render(10)).toEqual([]);
		text.setText("x\ty");
		expect(text.render(10)).toEqual([" x   y"]);
	});
});

describe("TruncatedText, Spacer", () => {
	it("shows the first line cut with an ellipsis", () => {
		expect(new TruncatedText("a long line here\nsecond").render(8)).toEqual(["a long …"]);
	});

	it("renders the requested number of empty rows", () => {
		expect(new Spacer(2).render(10)).toEqual(["", ""]);
	});
});

describe("Box", () => {
	it("draws a border with a title around padded children", () => {
		const box = new Box([new Text("hi", { paddingX: 0 })], { border: "single", title: "Note" });
		expect(box.render(14)).toEqual(["┌─ Note ─────┐", "│ hi         │", "└────────────┘"]);
	});

	it("without a border, pads children and paints the background", () => {
		const rows = new Box([new Text("x", { paddingX: 0 })], { paddingX: 2, background: chalk.bgGreen }).render(6);
		expect(stripAnsi(rows[0]!)).toBe("  x   ");
		expect(rows[0]).toContain("\x1b[42m");
	});
});

describe("Loader", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("advances the spinner on its interval, asks for renders, and stops", () => {
		vi.useFakeTimers();
		let renders = 0;
		const loader = new Loader({ requestRender: () => renders++, message: "Working", intervalMs: 100 });
		expect(stripAnsi(loader.render(20)[0]!)).toBe(`${SPINNER_FRAMES[0]} Working`);
		vi.advanceTimersByTime(250);
		expect(renders).toBe(2);
		expect(stripAnsi(loader.render(20)[0]!)).toBe(`${SPINNER_FRAMES[2]} Working`);
		loader.stop();
		expect(loader.running).toBe(false);
		vi.advanceTimersByTime(500);
		expect(renders).toBe(2);
	});

	it("updates its message", () => {
		const loader = new Loader({ requestRender: () => {}, autoStart: false });
		loader.setMessage("Thinking");
		expect(stripAnsi(loader.render(20)[0]!)).toContain("Thinking");
		expect(loader.running).toBe(false);
	});
});

describe("Input", () => {
	it("edits a single line and submits it", () => {
		const submitted: string[] = [];
		const input = new Input();
		input.onSubmit = (value) => submitted.push(value);
		typeInto(input, "hello world");
		input.handleInput(LEGACY.ctrlW);
		input.handleInput(LEGACY.ctrlA);
		input.handleInput(LEGACY.delete);
		input.handleInput(paste("line\nbreak"));
		input.handleInput(LEGACY.enter);
		expect(submitted).toEqual(["line breakello "]);
	});

	it("scrolls horizontally to keep the cursor visible", () => {
		const input = new Input({ prompt: "> " });
		input.focused = true;
		input.setValue("0123456789abcdef");
		expect(stripAnsi(input.render(10)[0]!)).toBe("> 9abcdef ");
		input.handleInput(LEGACY.home);
		const row = input.render(10)[0]!;
		expect(stripAnsi(row)).toBe("> 01234567");
		expect(row).toContain(`${CURSOR_MARKER}`);
	});

	it("calls onCancel on Escape", () => {
		let cancelled = false;
		const input = new Input();
		input.onCancel = () => {
			cancelled = true;
		};
		input.handleInput(LEGACY.escape);
		expect(cancelled).toBe(true);
	});
});
