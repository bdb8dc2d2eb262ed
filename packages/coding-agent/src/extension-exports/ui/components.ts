/**
 * The original pi's UI components for extensions, built on @pi/tui with the original's constructors: a full-width
 * rule, a spinner between two rules that the user can cancel, and an editor with app-level key handlers.
 */
import {
	type Component,
	Container,
	Editor,
	type EditorOptions,
	type EditorTheme,
	type KeybindingsManager,
	Loader,
	matchesKey,
	type TUI,
} from "@pi/tui";
import type { Theme } from "../../modes/interactive/theme/theme.js";
import { getExtensionTheme } from "./theme.js";

/** A horizontal rule across the width; `color` styles it (default: the theme's border colour). */
export class DynamicBorder implements Component {
	constructor(private readonly color: (text: string) => string = (text) => getExtensionTheme().fg("border", text)) {}

	invalidate(): void {}

	render(width: number): string[] {
		return width > 0 ? [this.color("─".repeat(width))] : [];
	}
}

/** A spinner with a message between two rules; with `cancellable`, Escape aborts {@link BorderedLoader.signal}. */
export class BorderedLoader extends Container {
	private readonly loader: Loader;
	private readonly controller = new AbortController();
	private abortHandler: (() => void) | undefined;

	constructor(
		tui: TUI,
		theme: Theme,
		message: string,
		private readonly options: { cancellable?: boolean } = {},
	) {
		super();
		const border = (text: string) => theme.fg("border", text);
		this.loader = new Loader({
			requestRender: () => tui.requestRender(),
			message,
			spinnerStyle: (text) => theme.fg("accent", text),
			messageStyle: (text) => theme.fg("muted", text),
		});
		this.addChild(new DynamicBorder(border));
		this.addChild(this.loader);
		this.addChild(new DynamicBorder(border));
	}

	/** Aborted when the user cancels (Escape, when cancellable). */
	get signal(): AbortSignal {
		return this.controller.signal;
	}

	set onAbort(handler: (() => void) | undefined) {
		this.abortHandler = handler;
	}

	handleInput(data: string): void {
		if (this.options.cancellable === false) return;
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.controller.abort();
			this.abortHandler?.();
		}
	}

	/** Stops the spinner. */
	dispose(): void {
		this.loader.stop();
	}
}

/** An editor that hands app-level keys (actions of `keybindings`, Escape, Ctrl+D on an empty editor) to handlers. */
export class CustomEditor extends Editor {
	readonly actionHandlers = new Map<string, () => void>();
	onEscape?: () => void;
	onCtrlD?: () => void;
	onPasteImage?: () => void;
	/** An extension shortcut: returns true when it handled the key. */
	onExtensionShortcut?: (data: string) => boolean;
	/** The border style (a public field of the original's Editor that subclasses draw with). */
	borderColor: (text: string) => string;

	constructor(
		readonly tui: TUI,
		theme: EditorTheme,
		private readonly keybindings: KeybindingsManager,
		options: EditorOptions = {},
	) {
		super({ ...options, theme, keybindings });
		this.borderColor = theme.border ?? (theme as { borderColor?: (text: string) => string }).borderColor ?? String;
	}

	/** Runs `handler` when a key of `action` is pressed. */
	onAction(action: string, handler: () => void): void {
		this.actionHandlers.set(action, handler);
	}

	override handleInput(data: string): void {
		if (this.onExtensionShortcut?.(data)) return;
		const handler = this.handlerFor(data);
		if (handler) handler();
		else super.handleInput(data);
	}

	/** The app-level handler of a key, if any. */
	private handlerFor(data: string): (() => void) | undefined {
		if (this.onEscape && matchesKey(data, "escape")) return this.onEscape;
		if (this.onCtrlD && matchesKey(data, "ctrl+d") && this.getText() === "") return this.onCtrlD;
		for (const [action, handler] of this.actionHandlers) {
			if (this.keybindings.getKeys(action).some((key) => matchesKey(data, key))) return handler;
		}
		return undefined;
	}
}
