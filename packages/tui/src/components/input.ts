/**
 * A single-line text field with a cursor. When the text is wider than the field it scrolls horizontally to
 * keep the cursor in view.
 */
import chalk from "chalk";
import type { Focusable } from "../component.js";
import { KeybindingsManager } from "../input/keybindings.js";
import { parseKey, parsePaste } from "../input/keys.js";
import { sliceByColumn, truncateToWidth } from "../text/truncate.js";
import { visibleWidth } from "../text/width.js";
import type { StyleFn } from "./background.js";
import { drawCursor } from "./cursor.js";
import { TextBuffer } from "./editor/buffer.js";

export interface InputOptions {
	/** Shown before the text, e.g. "> ". */
	prompt?: string;
	/** Draws the cursor cell (default inverse video). */
	cursorStyle?: StyleFn;
}

/** Key ids per input action (a subset of the editor's keys). */
const INPUT_KEYS: Record<string, readonly string[]> = {
	left: ["left", "ctrl+b"],
	right: ["right", "ctrl+f"],
	wordLeft: ["alt+b", "ctrl+left", "alt+left"],
	wordRight: ["alt+f", "ctrl+right", "alt+right"],
	home: ["home", "ctrl+a"],
	end: ["end", "ctrl+e"],
	backspace: ["backspace"],
	delete: ["delete", "ctrl+d"],
	deleteWordBackward: ["alt+backspace", "ctrl+w"],
	deleteWordForward: ["alt+d"],
	deleteToStart: ["ctrl+u"],
	deleteToEnd: ["ctrl+k"],
	submit: ["enter"],
	cancel: ["escape"],
};

/** Resolves input to the first action (in the order above) whose keys it presses. */
const INPUT_KEYMAP = new KeybindingsManager(INPUT_KEYS);

function oneLine(text: string): string {
	return text
		.replace(/\r?\n|\r/g, " ")
		.replace(/\t/g, " ")
		.replace(/[\x00-\x1f\x7f]/g, "");
}

export class Input implements Focusable {
	focused = false;
	/** Called with the value on Enter. */
	onSubmit?: (value: string) => void;
	/** Called on Escape. */
	onCancel?: () => void;
	onChange?: (value: string) => void;

	private readonly buffer = new TextBuffer();
	/** First visible column of the text (horizontal scroll). */
	private scroll = 0;

	constructor(private readonly options: InputOptions = {}) {}

	getValue(): string {
		return this.buffer.getText();
	}

	/** Replaces the value; the cursor goes to the end. */
	setValue(value: string): void {
		this.buffer.setText(oneLine(value));
	}

	getCursor(): number {
		return this.buffer.getCursor().col;
	}

	handleInput(data: string): void {
		const pasted = parsePaste(data);
		if (pasted !== undefined) {
			this.insert(oneLine(pasted));
			return;
		}
		const action = INPUT_KEYMAP.findAction(data);
		const buffer = this.buffer;
		const before = buffer.getText();
		switch (action) {
			case "left":
				buffer.moveTo(buffer.positionLeft());
				break;
			case "right":
				buffer.moveTo(buffer.positionRight());
				break;
			case "wordLeft":
				buffer.moveTo(buffer.wordLeftPosition());
				break;
			case "wordRight":
				buffer.moveTo(buffer.wordRightPosition());
				break;
			case "home":
				buffer.moveLineStart();
				break;
			case "end":
				buffer.moveLineEnd();
				break;
			case "backspace":
				buffer.deleteBackward();
				break;
			case "delete":
				buffer.deleteForward();
				break;
			case "deleteWordBackward":
				buffer.deleteWordBackward();
				break;
			case "deleteWordForward":
				buffer.deleteWordForward();
				break;
			case "deleteToStart":
				if (buffer.getCursor().col > 0) buffer.deleteToLineStart();
				break;
			case "deleteToEnd":
				if (buffer.getCursor().col < buffer.currentLine.length) buffer.deleteToLineEnd();
				break;
			case "submit":
				this.onSubmit?.(buffer.getText());
				return;
			case "cancel":
				this.onCancel?.();
				return;
			default: {
				const event = parseKey(data);
				if (event?.text && event.eventType !== "release" && !event.ctrl && !event.alt) this.insert(event.text);
				else if (!event && !data.includes("\x1b")) this.insert(oneLine(data));
				return;
			}
		}
		if (buffer.getText() !== before) this.onChange?.(buffer.getText());
	}

	render(width: number): string[] {
		// In a field narrower than the prompt, the prompt gives way: one cell always stays for the text.
		const prompt = truncateToWidth(this.options.prompt ?? "", Math.max(0, width - 1), "");
		const available = Math.max(1, width - visibleWidth(prompt));
		const text = this.buffer.getText();
		const cursorColumn = visibleWidth(text.slice(0, this.buffer.getCursor().col));
		// Keep one cell for the cursor itself; scroll just enough to keep it inside the field.
		if (cursorColumn < this.scroll) this.scroll = cursorColumn;
		if (cursorColumn > this.scroll + available - 1) this.scroll = cursorColumn - available + 1;
		this.scroll = Math.max(0, Math.min(this.scroll, Math.max(0, visibleWidth(text) + 1 - available)));
		const visible = sliceByColumn(text, this.scroll, this.scroll + available);
		if (!this.focused) return [prompt + visible];
		const cursorStyle = this.options.cursorStyle ?? chalk.inverse;
		let row = drawCursor(visible, cursorColumn - this.scroll, cursorStyle);
		// A wide character under the cursor at the right edge could push the row one column too far.
		if (visibleWidth(row) > available) row = sliceByColumn(row, 0, available);
		return [prompt + row];
	}

	private insert(text: string): void {
		if (text === "") return;
		this.buffer.insert(text);
		this.onChange?.(this.buffer.getText());
	}
}
