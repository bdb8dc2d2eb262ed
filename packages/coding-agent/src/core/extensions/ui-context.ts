/**
 * The user-interface surface extensions talk to (`UiContext`), shared by every mode: RPC forwards it as
 * `extension_ui_request` lines (rpc.md §7), the TUI shows real dialogs, and print/JSON mode use the headless form
 * here, whose dialogs resolve to their defaults at once (json-mode.md §2).
 */

/** Options of a dialog: a timeout after which it resolves to its default, and a signal that cancels it. */
export interface DialogOptions {
	timeout?: number;
	signal?: AbortSignal;
}

/** What extensions may ask of the user interface, whichever mode runs. */
export interface UiContext {
	/** One of `options`, or undefined when cancelled or timed out. */
	select(title: string, options: string[], dialog?: DialogOptions): Promise<string | undefined>;
	/** True when confirmed; false when declined, cancelled or timed out. */
	confirm(title: string, message: string, dialog?: DialogOptions): Promise<boolean>;
	/** Entered text, or undefined. */
	input(title: string, placeholder?: string, dialog?: DialogOptions): Promise<string | undefined>;
	/** Edited text, or undefined. */
	editor(title: string, prefill?: string): Promise<string | undefined>;
	notify(message: string, notifyType?: "info" | "warning" | "error"): void;
	/** Sets (or with no text clears) a status entry. */
	setStatus(statusKey: string, statusText?: string): void;
	/** Sets (or with no lines clears) a widget. */
	setWidget(widgetKey: string, widgetLines?: string[], placement?: "aboveEditor" | "belowEditor"): void;
	setTitle(title: string): void;
	setEditorText(text: string): void;
	/** The editor's text; `""` where there is no editor. */
	getEditorText(): string;
}

/** The UI of print and JSON mode: no user to ask, so dialogs take their defaults and notices go to stderr. */
export function createHeadlessUi(stderr: NodeJS.WritableStream = process.stderr): UiContext {
	return {
		select: async () => undefined,
		confirm: async () => false,
		input: async () => undefined,
		editor: async () => undefined,
		notify: (message, notifyType) => {
			stderr.write(`${notifyType === "error" ? "Error" : notifyType === "warning" ? "Warning" : "Note"}: ${message}\n`);
		},
		setStatus: () => {},
		setWidget: () => {},
		setTitle: () => {},
		setEditorText: () => {},
		getEditorText: () => "",
	};
}
