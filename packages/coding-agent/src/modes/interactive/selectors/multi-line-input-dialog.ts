/**
 * A multi-line text question (extensions' `ui.editor` when no external editor is set): a bordered editor under a
 * title, prefilled; Enter submits, Shift+Enter / Ctrl+J add a line, Escape cancels.
 */
import { Editor, type Focusable, type KeybindingsManager, matchesKey, truncateToWidth } from "@pi/tui";
import { createEditorTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";
import { dialogTitleRows } from "./dialog-title.js";

export const MULTI_LINE_INPUT_TEXT = {
	hint: "enter submit · shift+enter new line · esc cancel",
} as const;

export interface MultiLineInputDialogOptions {
	theme: Theme;
	title: string;
	initialValue?: string;
	/** The user's keybindings (editor actions, newline keys). */
	keybindings?: KeybindingsManager;
	onSubmit: (value: string) => void;
	onCancel: () => void;
}

export class MultiLineInputDialog implements Focusable {
	private readonly editor: Editor;

	constructor(private readonly options: MultiLineInputDialogOptions) {
		this.editor = new Editor({ theme: createEditorTheme(options.theme), keybindings: options.keybindings });
		if (options.initialValue) this.editor.setText(options.initialValue);
		this.editor.onSubmit = (text) => options.onSubmit(text);
	}

	get focused(): boolean {
		return this.editor.focused;
	}

	set focused(value: boolean) {
		this.editor.focused = value;
	}

	getValue(): string {
		return this.editor.getExpandedText();
	}

	handleInput(data: string): void {
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.options.onCancel();
			return;
		}
		this.editor.handleInput(data);
	}

	render(width: number): string[] {
		const { theme } = this.options;
		return [
			...dialogTitleRows(theme, this.options.title, width),
			...this.editor.render(width),
			truncateToWidth(` ${theme.fg("dim", MULTI_LINE_INPUT_TEXT.hint)}`, width),
		];
	}
}
