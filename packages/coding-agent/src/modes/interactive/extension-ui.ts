/**
 * The TUI's UiContext for extensions (core/extensions/ui-context.ts): dialogs over the bottom of the screen (select: a
 * search list, confirm: yes/no, input: one line, editor: $VISUAL/$EDITOR or a multi-line box), notices in the
 * transcript, status entries and widgets around the editor, the terminal title and the editor text. `timeout` and
 * `signal` close a dialog as cancelled. Once the mode has stopped, dialogs resolve to their defaults at once and
 * the rest does nothing, so a `session_shutdown` handler cannot hang pi or draw over the shell. The component half
 * (custom components, overlays, header/footer/editor replacements, themes…) lives in extension-ui/.
 */
import type { Component, Container, Editor, KeybindingsManager } from "@pi/tui";
import type { DialogOptions, UiContext } from "../../core/extensions/ui-context.js";
import type { ModeUi } from "../../core/extensions/ui-defaults.js";
import { setExtensionTheme } from "../../extension-exports/ui/theme.js";
import { setHiddenThinkingLabel } from "./components/assistant-message.js";
import { ExtensionStatusLine, ExtensionWidgetArea } from "./components/extension-widgets.js";
import type { Dialogs } from "./dialogs.js";
import { ComponentUi, type ComponentUiHost } from "./extension-ui/component-ui.js";
import { createExtensionUiMethods, type ExtensionUiExtrasHost } from "./extension-ui/methods.js";
import { ComponentSlot, HeaderSlot } from "./extension-ui/slots.js";
import { toExtensionTheme } from "./extension-ui/theme-adapter.js";
import type { NoticeKind } from "./notices.js";
import type { Theme } from "./theme/index.js";

/** pi's own parts that extensions may replace (the layout places the slots built around them). */
export interface BuiltInParts {
	/** The transcript container (its first child is the header). */
	transcript: Container;
	header: Component;
	footer: Component;
	editor: Editor;
}

/** What the extension UI drives (implemented by InteractiveMode). */
export interface ExtensionUiHost extends ComponentUiHost, ExtensionUiExtrasHost {
	readonly dialogs: Dialogs;
	readonly keybindings: KeybindingsManager;
	/** False once the mode stopped (quit, signal). */
	readonly isRunning: boolean;
	notify(kind: NoticeKind, text: string): void;
	requestRender(): void;
	setTitle(title: string): void;
	setEditorText(text: string): void;
	getEditorText(): string;
	/** Edits `text` in $VISUAL/$EDITOR; undefined when none is set or it failed. */
	editExternally(text: string): string | undefined;
	/** Whether $VISUAL/$EDITOR is set. */
	readonly hasExternalEditor: boolean;
}

/** The signal that ends a dialog: the caller's signal, the timeout, or both. */
function dialogSignal(options: DialogOptions | undefined): AbortSignal | undefined {
	const signals: AbortSignal[] = [];
	if (options?.signal) signals.push(options.signal);
	if (options?.timeout !== undefined && options.timeout > 0) signals.push(AbortSignal.timeout(options.timeout));
	if (signals.length <= 1) return signals[0];
	return AbortSignal.any(signals);
}

const NOTICE_KIND: Record<"info" | "warning" | "error", NoticeKind> = {
	info: "info",
	warning: "warning",
	error: "error",
};

/** The extensions' parts of the screen (status row, widgets) and the UiContext that drives them and the dialogs. */
export class TuiExtensionUi {
	/** The row of `ui.setStatus` entries, under the run status. */
	readonly statusLine: ExtensionStatusLine;
	/** `ui.setWidget` lines above the editor (the default placement). */
	readonly widgetsAbove = new ExtensionWidgetArea();
	/** `ui.setWidget` lines below the editor. */
	readonly widgetsBelow = new ExtensionWidgetArea();
	/** The editor area: pi's editor, an extension's editor, or a `custom()` component. */
	readonly editorSlot: ComponentSlot;
	/** The footer: pi's or an extension's. */
	readonly footerSlot: ComponentSlot;
	/** Custom components, overlays and replacements. */
	readonly components: ComponentUi;
	/** What extensions call (`ctx.ui`, `pi.ui`): the dialogs and chrome below plus the component methods. */
	readonly context: ModeUi;

	constructor(
		private readonly host: ExtensionUiHost,
		theme: Theme,
		parts: BuiltInParts,
	) {
		this.statusLine = new ExtensionStatusLine(theme);
		setExtensionTheme(toExtensionTheme(theme));
		this.editorSlot = new ComponentSlot(parts.editor);
		this.footerSlot = new ComponentSlot(parts.footer);
		this.components = new ComponentUi(host, {
			editor: this.editorSlot,
			footer: this.footerSlot,
			header: new HeaderSlot(parts.transcript, parts.header),
			prompt: parts.editor,
		});
		const base = createContext(host, {
			setStatus: (key, text) => this.statusLine.set(key, text),
			setWidget: (key, content, placement) => {
				const [target, other] =
					placement === "belowEditor" ? [this.widgetsBelow, this.widgetsAbove] : [this.widgetsAbove, this.widgetsBelow];
				other.set(key, undefined);
				if (typeof content === "function") {
					const component = content(this.components.extensionTui, toExtensionTheme(host.currentTheme)) as Component;
					target.set(key, component && this.components.contain(component, "widget", this.components.owner()));
				} else target.set(key, content);
			},
		});
		// `theme` stays a getter (the live theme), so the methods are copied without spreading it.
		this.context = Object.defineProperty(
			{ ...base, ...createExtensionUiMethods(host, this.components, this.statusLine), drawsComponents: true } as object,
			"theme",
			{ get: () => toExtensionTheme(host.currentTheme) },
		) as ModeUi;
	}

	/** The editor with the text now (an extension's replacement or pi's). */
	get activeEditor(): Editor {
		return this.components.activeEditor;
	}

	/** /reload: what the extensions put up goes (the reloaded ones set it again), dialogs included. */
	reset(): void {
		this.host.dialogs.cancel();
		this.components.reset();
		this.statusLine.clear();
		this.statusLine.visible = true;
		this.widgetsAbove.clear();
		this.widgetsBelow.clear();
		this.host.changeWorkingRow({ reset: ["message", "visible", "indicator"] });
		setHiddenThinkingLabel(undefined);
		this.host.requestRender();
	}

	setTheme(theme: Theme): void {
		this.statusLine.setTheme(theme);
		setExtensionTheme(toExtensionTheme(theme));
	}
}

/** A widget as extensions give it: lines, or a factory `(tui, theme) => component`. */
type WidgetInput = string[] | ((...args: any[]) => unknown) | undefined;

interface ChromeSetters {
	setStatus(key: string, text: string | undefined): void;
	setWidget(key: string, content: WidgetInput, placement: "aboveEditor" | "belowEditor"): void;
}

function createContext(host: ExtensionUiHost, chrome: ChromeSetters): UiContext {
	const { dialogs } = host;
	return {
		async select(title, options, dialog) {
			if (!host.isRunning || options.length === 0) return undefined;
			// Dialog components are imported on first use: the first frame does not need them.
			const { SearchList } = await import("./selectors/search-list.js");
			// Values are indices: two options with the same text stay distinct.
			const index = await dialogs.open<number>(
				(finish, theme) =>
					new SearchList<number>({
						theme,
						title,
						entries: options.map((_, i) => i),
						toItem: (i) => ({ value: String(i), label: String(options[i]) }),
						onSelect: (i) => finish(i),
						onCancel: () => finish(undefined),
					}),
				{ signal: dialogSignal(dialog) },
			);
			return index === undefined ? undefined : options[index];
		},
		async confirm(title, message, dialog) {
			if (!host.isRunning) return false;
			return dialogs.confirm(title, message, { signal: dialogSignal(dialog) });
		},
		async input(title, placeholder, dialog) {
			if (!host.isRunning) return undefined;
			const { TextInputDialog } = await import("./selectors/text-input-dialog.js");
			return dialogs.open<string>(
				(finish, theme) =>
					new TextInputDialog({
						theme,
						title,
						placeholder,
						onSubmit: (text) => finish(text),
						onCancel: () => finish(undefined),
					}),
				{ signal: dialogSignal(dialog) },
			);
		},
		async editor(title, prefill) {
			if (!host.isRunning) return undefined;
			if (host.hasExternalEditor) return host.editExternally(prefill ?? "");
			const { MultiLineInputDialog } = await import("./selectors/multi-line-input-dialog.js");
			return dialogs.open<string>(
				(finish, theme) =>
					new MultiLineInputDialog({
						theme,
						title,
						initialValue: prefill,
						keybindings: host.keybindings,
						onSubmit: (text) => finish(text),
						onCancel: () => finish(undefined),
					}),
			);
		},
		notify(message, notifyType = "info") {
			if (host.isRunning) host.notify(NOTICE_KIND[notifyType] ?? "info", String(message));
		},
		setStatus(statusKey, statusText) {
			if (!host.isRunning) return;
			chrome.setStatus(statusKey, statusText);
			host.requestRender();
		},
		setWidget(widgetKey, widgetLines, placement = "aboveEditor") {
			if (!host.isRunning) return;
			chrome.setWidget(widgetKey, widgetLines as WidgetInput, placement);
			host.requestRender();
		},
		setTitle(title) {
			if (host.isRunning) host.setTitle(title);
		},
		setEditorText(text) {
			if (host.isRunning) host.setEditorText(text);
		},
		getEditorText: () => host.getEditorText(),
	};
}
