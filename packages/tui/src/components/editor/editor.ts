/**
 * The multi-line prompt editor: soft-wrapped text with a cursor, Emacs-style motions and kills, undo/redo,
 * history, folded large pastes and an autocomplete popup. Keys map to actions in keymap.ts; the text model is
 * buffer.ts; this file wires them together and renders.
 */
import type { Focusable } from "../../component.js";
import { parseKey, parsePaste } from "../../input/keys.js";
import { padToWidth } from "../../text/truncate.js";
import { splitGraphemes, visibleWidth } from "../../text/width.js";
import { drawCursor } from "../cursor.js";
import { AutocompletePopup, type AutocompleteProvider, type CompletionResult } from "./autocomplete.js";
import { type BufferSnapshot, TextBuffer } from "./buffer.js";
import { EditorHistory } from "./history.js";
import { type EditorAction, EditorKeymap } from "./keymap.js";
import { KillRing } from "./kill-ring.js";
import { type EditorLayout, layoutEditor } from "./layout.js";
import { DEFAULT_EDITOR_THEME, EDITOR_TEXT, type EditorOptions, type EditorTheme } from "./options.js";
import { normalizePastedText, PasteStore } from "./paste.js";
import { UndoStack } from "./undo.js";

const BORDER_CHAR = "─";
const KILL_ACTIONS = new Set<EditorAction>([
	"deleteToLineEnd",
	"deleteToLineStart",
	"deleteWordBackward",
	"deleteWordForward",
]);

export class Editor implements Focusable {
	focused = false;
	/** Called with the submitted text (folded pastes expanded) when the submit key is pressed. */
	onSubmit?: (text: string) => void;
	/** Called with the shown text after every change. */
	onChange?: (text: string) => void;
	/** When true, the submit key does nothing (e.g. while the agent is busy and queueing is not wanted). */
	disableSubmit = false;

	private readonly buffer = new TextBuffer();
	private readonly history = new EditorHistory();
	private readonly killRing = new KillRing();
	private readonly undoStack = new UndoStack<BufferSnapshot>();
	private readonly pastes = new PasteStore();
	private readonly keymap: EditorKeymap;
	private theme: EditorTheme;
	private readonly options: Required<Pick<EditorOptions, "border" | "prompt" | "paddingX" | "maxRows">> & EditorOptions;
	private autocompleteProvider: AutocompleteProvider | undefined;
	private popup: AutocompletePopup | undefined;
	private lastAction: EditorAction | "type" | "paste" | undefined;
	private yankStart: { line: number; col: number } | undefined;
	/** Screen column kept while moving up/down through rows of different lengths. */
	private preferredColumn: number | undefined;
	private scrollTop = 0;
	/** Width of the text area at the last render; vertical motion follows the rows the user saw. */
	private textWidth = 80;

	constructor(options: EditorOptions = {}) {
		this.options = { border: true, prompt: "", paddingX: 0, maxRows: 12, ...options };
		this.theme = { ...DEFAULT_EDITOR_THEME, ...options.theme };
		this.keymap = new EditorKeymap({ keybindings: options.keybindings, newlineKeys: options.newlineKeys });
	}

	/** Sets (or removes) the source of completions. */
	setAutocompleteProvider(provider: AutocompleteProvider | undefined): void {
		this.autocompleteProvider = provider;
		this.popup?.close();
		this.popup = provider
			? new AutocompletePopup(provider, {
					maxVisible: this.options.autocompleteMaxVisible,
					theme: this.theme.autocomplete,
				})
			: undefined;
	}

	/**
	 * Restyles the editor (a theme switch). Everything the user has in it stays: text, cursor, history, undo steps
	 * and folded pastes; an open autocomplete popup closes.
	 */
	setTheme(theme: Partial<EditorTheme>): void {
		this.theme = { ...DEFAULT_EDITOR_THEME, ...theme };
		this.setAutocompleteProvider(this.autocompleteProvider);
	}

	/** Changes layout options (settings edited while running); like `setTheme`, the content stays. */
	setLayout(options: Pick<EditorOptions, "paddingX" | "maxRows" | "autocompleteMaxVisible">): void {
		for (const [name, value] of Object.entries(options)) {
			if (value !== undefined) Object.assign(this.options, { [name]: value });
		}
		this.setAutocompleteProvider(this.autocompleteProvider);
	}

	/** Whether the autocomplete popup is showing. */
	isAutocompleteOpen(): boolean {
		return this.popup?.isOpen ?? false;
	}

	/** The text as shown (folded pastes appear as their markers). */
	getText(): string {
		return this.buffer.getText();
	}

	/** The text with folded pastes expanded: what submit would deliver. */
	getExpandedText(): string {
		return this.pastes.expand(this.buffer.getText());
	}

	getLines(): string[] {
		return this.buffer.getLines();
	}

	getCursor(): { line: number; col: number } {
		return this.buffer.getCursor();
	}

	/** Replaces the text (undoable); the cursor goes to the end. */
	setText(text: string): void {
		this.recordUndo();
		this.buffer.setText(normalizePastedText(text));
		this.afterEdit(undefined);
	}

	/** Inserts text at the cursor (undoable). */
	insertText(text: string): void {
		this.recordUndo();
		this.buffer.insert(normalizePastedText(text));
		this.afterEdit(undefined);
	}

	/** Empties the editor and forgets folded pastes. */
	clear(): void {
		this.buffer.setText("");
		this.pastes.clear();
		this.undoStack.clear();
		this.popup?.close();
		this.history.reset();
		this.onChange?.("");
	}

	/** Adds a text to the up/down history without submitting it (e.g. restored from a session). */
	addToHistory(text: string): void {
		this.history.add(text);
	}

	handleInput(data: string): void {
		const pasted = parsePaste(data);
		if (pasted !== undefined) {
			this.paste(pasted);
			return;
		}
		if (this.popup?.isOpen && this.handlePopupKey(data)) return;
		const action = this.keymap.resolve(data);
		if (action) {
			this.runAction(action);
			return;
		}
		const event = parseKey(data);
		if (event) {
			if (event.text && event.eventType !== "release" && !event.ctrl && !event.alt && !event.super) {
				this.type(event.text);
			}
			return;
		}
		// Several characters in one chunk without an escape: fast typing, an IME commit or an unbracketed paste.
		if (!data.includes("\x1b")) this.type(normalizePastedText(data));
	}

	render(width: number): string[] {
		const promptWidth = visibleWidth(this.options.prompt);
		const padding = Math.max(0, Math.min(this.options.paddingX, Math.floor((width - promptWidth - 2) / 2)));
		this.textWidth = Math.max(2, width - promptWidth - padding * 2);
		const layout = this.layout();
		const maxRows = Math.max(1, this.options.maxRows);
		if (layout.cursorRow < this.scrollTop) this.scrollTop = layout.cursorRow;
		if (layout.cursorRow >= this.scrollTop + maxRows) this.scrollTop = layout.cursorRow - maxRows + 1;
		this.scrollTop = Math.max(0, Math.min(this.scrollTop, Math.max(0, layout.rows.length - maxRows)));
		const shown = layout.rows.slice(this.scrollTop, this.scrollTop + maxRows);
		const hiddenBelow = layout.rows.length - this.scrollTop - shown.length;

		const rows: string[] = [];
		if (this.options.border)
			rows.push(this.borderRow(width, this.scrollTop > 0 ? EDITOR_TEXT.moreAbove(this.scrollTop) : ""));
		shown.forEach((row, index) => {
			const rowIndex = this.scrollTop + index;
			const prompt = rowIndex === 0 ? this.theme.prompt(this.options.prompt) : " ".repeat(promptWidth);
			const text =
				rowIndex === layout.cursorRow && this.focused
					? drawCursor(row.text, layout.cursorColumn, this.theme.cursor)
					: row.text;
			const line = " ".repeat(padding) + prompt + text;
			rows.push(padToWidth(line, width));
		});
		if (this.options.border)
			rows.push(this.borderRow(width, hiddenBelow > 0 ? EDITOR_TEXT.moreBelow(hiddenBelow) : ""));
		if (this.options.popup !== "separate") rows.push(...this.renderPopup(width));
		return rows;
	}

	/** The autocomplete popup's rows (none while it is closed); drawn by `render()` unless `popup` is "separate". */
	renderPopup(width: number): string[] {
		return this.popup?.isOpen ? this.popup.render(width) : [];
	}

	invalidate(): void {}

	private borderRow(width: number, label: string): string {
		const labelWidth = visibleWidth(label);
		if (labelWidth === 0 || labelWidth + 3 > width) {
			return this.theme.border(BORDER_CHAR.repeat(width));
		}
		return this.theme.border(BORDER_CHAR.repeat(3) + label + BORDER_CHAR.repeat(width - 3 - labelWidth));
	}

	private layout(): EditorLayout {
		return layoutEditor(this.buffer.getLines(), this.textWidth, this.buffer.getCursor());
	}

	private handlePopupKey(data: string): boolean {
		const popup = this.popup!;
		if (this.keymap.matches(data, "cursorUp")) {
			popup.moveUp();
			return true;
		}
		if (this.keymap.matches(data, "cursorDown")) {
			popup.moveDown();
			return true;
		}
		if (this.keymap.matches(data, "complete") || this.keymap.matches(data, "submit")) {
			const cursor = this.buffer.getCursor();
			this.applyCompletion(popup.apply(this.buffer.getLines(), cursor.line, cursor.col));
			return true;
		}
		if (parseKey(data)?.id === "escape") {
			popup.close();
			return true;
		}
		return false;
	}

	private applyCompletion(result: CompletionResult | undefined): void {
		if (!result) return;
		this.recordUndo();
		this.buffer.restore({ lines: result.lines, cursor: { line: result.cursorLine, col: result.cursorCol } });
		this.afterEdit("type", { refreshPopup: false });
	}

	private type(text: string): void {
		if (text === "") return;
		this.recordUndo("type");
		this.buffer.insert(text);
		// A typed space ends the undo step, so undo removes one word at a time.
		if (/\s$/u.test(text)) this.undoStack.breakCoalescing();
		this.afterEdit("type");
	}

	private paste(raw: string): void {
		const text = normalizePastedText(raw);
		if (text === "") return;
		this.recordUndo();
		this.buffer.insert(PasteStore.shouldFold(text) ? this.pastes.fold(text) : text);
		this.afterEdit("paste");
	}

	private recordUndo(coalesce?: string): void {
		this.undoStack.record(this.buffer.snapshot(), { coalesce });
	}

	/** Common work after any change of the text: history, popup, listeners. */
	private afterEdit(
		action: EditorAction | "type" | "paste" | undefined,
		options: { refreshPopup?: boolean } = {},
	): void {
		this.lastAction = action;
		this.preferredColumn = undefined;
		this.history.reset();
		if (this.popup) {
			const cursor = this.buffer.getCursor();
			if (options.refreshPopup === false) this.popup.close();
			else this.popup.update(this.buffer.getLines(), cursor.line, cursor.col, false);
		}
		this.onChange?.(this.buffer.getText());
	}

	private runAction(action: EditorAction): void {
		const wasKill = this.lastAction !== undefined && KILL_ACTIONS.has(this.lastAction as EditorAction);
		const buffer = this.buffer;
		switch (action) {
			case "submit":
				this.submit();
				return;
			case "newline":
				this.recordUndo();
				buffer.insert("\n");
				this.afterEdit(action);
				return;
			case "cursorLeft":
				this.move(action, buffer.positionLeft());
				return;
			case "cursorRight":
				this.move(action, buffer.positionRight());
				return;
			case "cursorWordLeft":
				this.move(action, buffer.wordLeftPosition());
				return;
			case "cursorWordRight":
				this.move(action, buffer.wordRightPosition());
				return;
			case "cursorLineStart":
				this.move(action, { line: buffer.getCursor().line, col: 0 });
				return;
			case "cursorLineEnd":
				this.move(action, { line: buffer.getCursor().line, col: buffer.currentLine.length });
				return;
			case "cursorUp":
				this.moveVertically(-1);
				return;
			case "cursorDown":
				this.moveVertically(1);
				return;
			case "deleteBackward":
				this.deleteBackward();
				return;
			case "deleteForward": {
				if (buffer.getCursor().line === buffer.lineCount - 1 && buffer.getCursor().col === buffer.currentLine.length)
					return;
				this.recordUndo("delete");
				buffer.deleteForward();
				this.afterEdit(action);
				return;
			}
			case "deleteWordBackward":
			case "deleteToLineStart":
			case "deleteWordForward":
			case "deleteToLineEnd":
				this.kill(action, wasKill);
				return;
			case "yank":
				this.yank();
				return;
			case "yankPop":
				this.yankPop();
				return;
			case "undo":
				this.restore(this.undoStack.undo(buffer.snapshot()));
				return;
			case "redo":
				this.restore(this.undoStack.redo(buffer.snapshot()));
				return;
			case "complete":
				this.complete();
				return;
		}
	}

	private move(action: EditorAction, to: { line: number; col: number }): void {
		this.buffer.moveTo(to);
		this.lastAction = action;
		this.preferredColumn = undefined;
		this.undoStack.breakCoalescing();
		this.popup?.close();
	}

	private moveVertically(direction: -1 | 1): void {
		const layout = this.layout();
		const target = layout.cursorRow + direction;
		this.undoStack.breakCoalescing();
		if (target < 0 || target >= layout.rows.length) {
			this.browseHistory(direction);
			return;
		}
		this.preferredColumn ??= layout.cursorColumn;
		const row = layout.rows[target]!;
		const isLastOfLine = layout.rows[target + 1]?.line !== row.line;
		let offset = row.start;
		let column = 0;
		const graphemes = splitGraphemes(row.text);
		for (let i = 0; i < graphemes.length; i++) {
			const grapheme = graphemes[i]!;
			const width = visibleWidth(grapheme);
			if (column + width > this.preferredColumn) break;
			// The end of a wrapped row is the start of the next one: stop before the last grapheme.
			if (!isLastOfLine && i === graphemes.length - 1) break;
			column += width;
			offset += grapheme.length;
		}
		const preferred = this.preferredColumn;
		this.buffer.setCursor(row.line, offset);
		this.preferredColumn = preferred;
		this.lastAction = direction < 0 ? "cursorUp" : "cursorDown";
	}

	/** Up on the first row and down on the last row walk through the submitted history. */
	private browseHistory(direction: -1 | 1): void {
		const text = direction < 0 ? this.history.previous(this.buffer.getText()) : this.history.next();
		if (text === undefined) {
			// Down on the last row with no history to walk: go to the end, like most prompts.
			if (direction > 0) this.buffer.setCursor(this.buffer.lineCount - 1, Number.MAX_SAFE_INTEGER);
			return;
		}
		this.buffer.setText(text);
		if (direction < 0) this.buffer.setCursor(0, this.buffer.getLines()[0]!.length);
		this.lastAction = direction < 0 ? "cursorUp" : "cursorDown";
		this.onChange?.(text);
	}

	private deleteBackward(): void {
		const cursor = this.buffer.getCursor();
		if (cursor.line === 0 && cursor.col === 0) return;
		this.recordUndo("delete");
		// A folded paste marker goes as a whole: half a marker would expand to nothing useful.
		const marker = this.pastes.markerAtEnd(this.buffer.currentLine.slice(0, cursor.col));
		if (marker) this.buffer.deleteRange({ line: cursor.line, col: cursor.col - marker.length }, cursor);
		else this.buffer.deleteBackward();
		this.afterEdit("deleteBackward");
	}

	private kill(action: EditorAction, accumulate: boolean): void {
		const before = this.buffer.getText();
		this.recordUndo();
		let killed: string;
		if (action === "deleteWordBackward") killed = this.buffer.deleteWordBackward();
		else if (action === "deleteWordForward") killed = this.buffer.deleteWordForward();
		else if (action === "deleteToLineStart") killed = this.buffer.deleteToLineStart();
		else killed = this.buffer.deleteToLineEnd();
		const backward = action === "deleteWordBackward" || action === "deleteToLineStart";
		this.killRing.push(killed, { accumulate, prepend: backward });
		if (this.buffer.getText() === before) this.lastAction = action;
		else this.afterEdit(action);
	}

	private yank(): void {
		const text = this.killRing.yank();
		if (text === undefined) return;
		this.recordUndo();
		this.yankStart = this.buffer.getCursor();
		this.buffer.insert(text);
		this.afterEdit("yank");
	}

	private yankPop(): void {
		if ((this.lastAction !== "yank" && this.lastAction !== "yankPop") || !this.yankStart) return;
		const text = this.killRing.yankPop();
		if (text === undefined) return;
		this.recordUndo();
		this.buffer.deleteRange(this.yankStart, this.buffer.getCursor());
		this.buffer.insert(text);
		this.afterEdit("yankPop");
	}

	private restore(snapshot: BufferSnapshot | undefined): void {
		if (!snapshot) return;
		this.buffer.restore(snapshot);
		this.lastAction = undefined;
		this.popup?.close();
		this.onChange?.(this.buffer.getText());
	}

	private complete(): void {
		if (!this.popup) return;
		const cursor = this.buffer.getCursor();
		const suggestions = this.popup.update(this.buffer.getLines(), cursor.line, cursor.col, true);
		// A single candidate needs no choice: apply it straight away, like a shell.
		if (suggestions?.items.length === 1) {
			this.applyCompletion(this.popup.apply(this.buffer.getLines(), cursor.line, cursor.col));
		}
	}

	private submit(): void {
		if (this.disableSubmit) return;
		const text = this.getExpandedText();
		if (text.trim() === "") return;
		this.history.add(text);
		this.buffer.setText("");
		this.pastes.clear();
		this.undoStack.clear();
		this.popup?.close();
		this.lastAction = "submit";
		this.scrollTop = 0;
		this.onChange?.("");
		this.onSubmit?.(text);
	}
}
