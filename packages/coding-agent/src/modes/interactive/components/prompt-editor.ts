/**
 * The prompt editor: @pi/tui's Editor themed by pi's theme, with a border whose colour follows the thinking level
 * (a glance tells how hard the model will think) and optional per-key handlers that run before editing.
 */
import { Editor, type EditorOptions, matchesKey } from "@pi/tui";
import { createEditorTheme } from "../theme/adapters.js";
import { type Theme, type ThemeColorRole, thinkingBorderRole } from "../theme/theme.js";

/** Returns true when it handled the key (the editor then ignores it). */
export type EditorKeyHandler = () => boolean | undefined;

export class PromptEditor extends Editor {
	private borderRole: ThemeColorRole;
	private readonly keyHandlers: { key: string; handler: EditorKeyHandler }[] = [];

	constructor(
		private piTheme: Theme,
		options: Omit<EditorOptions, "theme"> & { thinkingLevel?: string } = {},
	) {
		super({ ...options, theme: createEditorTheme(piTheme, (text) => this.drawBorder(text)) });
		this.borderRole = thinkingBorderRole(options.thinkingLevel ?? "off");
	}

	/** Switches to another pi theme, keeping everything typed, the history and the border's role. */
	setPiTheme(theme: Theme): void {
		this.piTheme = theme;
		this.setTheme(createEditorTheme(theme, (text) => this.drawBorder(text)));
	}

	private drawBorder(text: string): string {
		return this.piTheme.fg(this.borderRole, text);
	}

	/** Colours the border for `level` ("off", "minimal" … "xhigh"). */
	setThinkingLevel(level: string): void {
		this.borderRole = thinkingBorderRole(level);
	}

	/** Colours the border with any role (e.g. "borderAccent" while in bash mode). */
	setBorderRole(role: ThemeColorRole): void {
		this.borderRole = role;
	}

	getBorderRole(): ThemeColorRole {
		return this.borderRole;
	}

	/** Runs `handler` for `key` (an id like "ctrl+o") before the editor; returns a function that removes it. */
	onKey(key: string, handler: EditorKeyHandler): () => void {
		const entry = { key, handler };
		this.keyHandlers.push(entry);
		return () => {
			const index = this.keyHandlers.indexOf(entry);
			if (index !== -1) this.keyHandlers.splice(index, 1);
		};
	}

	override handleInput(data: string): void {
		for (const { key, handler } of this.keyHandlers) {
			if (matchesKey(data, key) && handler()) return;
		}
		super.handleInput(data);
	}
}
