/**
 * The full `ctx.ui` of the original pi's API over any mode's UiContext: methods a mode does not implement (working
 * indicator, footer/header/editor components, themes, terminal input, custom components…) get the behaviour the
 * original has where there is no terminal UI: no-ops and neutral answers. So an extension written for the terminal
 * loads and runs in print, JSON and RPC mode, and in a terminal UI that does not draw that part yet.
 */
import type { AutocompleteProvider, Component, EditorTheme, KeybindingsManager, TUI } from "@pi/tui";
import type { DialogOptions, UiContext } from "./ui-context.js";

/** A theme without colours: every styling method returns its text unchanged. */
export type PlainTheme = Record<string, (...args: unknown[]) => string>;

/** A component an extension hands to the terminal UI (`dispose` runs when it is replaced or closed). */
export type ExtensionComponent = Component & { dispose?(): void };

/** The overlay handle `custom(…, { onHandle })` receives. */
export interface ExtensionOverlayHandle {
	hide(): void;
	setHidden(hidden: boolean): void;
	isHidden(): boolean;
	focus(): void;
	unfocus(): void;
	isFocused(): boolean;
}

/** Options of `custom()`: an overlay and its placement (see docs/extensions.md, "Custom UI in the terminal"). */
export interface CustomUiOptions {
	overlay?: boolean;
	overlayOptions?: Record<string, unknown> | (() => Record<string, unknown>);
	onHandle?: (handle: ExtensionOverlayHandle) => void;
}

/** What `setFooter`'s factory gets besides the TUI and theme. */
export interface FooterDataProvider {
	getGitBranch(): string | null;
	getExtensionStatuses(): ReadonlyMap<string, string>;
	getAvailableProviderCount(): number;
	onBranchChange(callback: () => void): () => void;
}

/** Where a widget goes (`setWidget`'s options in the original; pi's older third argument is the placement itself). */
export type WidgetPlacementArg = "aboveEditor" | "belowEditor" | { placement?: "aboveEditor" | "belowEditor" };

/** `ctx.ui`: pi's UiContext plus the original's terminal-only methods. */
export interface ExtensionUiContext extends Omit<UiContext, "setWidget"> {
	/** Sets (or with no content clears) a widget: lines of text, or (terminal UI only) a component factory. */
	setWidget(key: string, content?: string[] | ((...args: any[]) => unknown), placement?: WidgetPlacementArg): void;
	/** Sees raw terminal input first; returns the removal. */
	onTerminalInput(handler: (data: string) => { consume?: boolean; data?: string } | undefined): () => void;
	setWorkingMessage(message?: string): void;
	setWorkingVisible(visible: boolean): void;
	setWorkingIndicator(options?: { frames?: string[]; intervalMs?: number }): void;
	setHiddenThinkingLabel(label?: string): void;
	setFooter(factory: ((tui: TUI, theme: any, footerData: FooterDataProvider) => ExtensionComponent) | undefined): void;
	setHeader(factory: ((tui: TUI, theme: any) => ExtensionComponent) | undefined): void;
	/** Shows a custom component; resolves with what it reports (undefined where there is no terminal UI). */
	custom<T>(
		factory: (
			tui: TUI,
			theme: any,
			keybindings: KeybindingsManager,
			done: (result: T) => void,
		) => ExtensionComponent | Promise<ExtensionComponent>,
		options?: CustomUiOptions,
	): Promise<T | undefined>;
	pasteToEditor(text: string): void;
	addAutocompleteProvider(factory: (current: AutocompleteProvider) => AutocompleteProvider): void;
	setEditorComponent(
		factory: ((tui: TUI, theme: EditorTheme, keybindings: KeybindingsManager) => ExtensionComponent) | undefined,
	): void;
	getEditorComponent(): unknown;
	readonly theme: PlainTheme;
	getAllThemes(): { name: string; path: string | undefined }[];
	getTheme(name: string): PlainTheme | undefined;
	setTheme(theme: unknown): { success: boolean; error?: string };
	getToolsExpanded(): boolean;
	setToolsExpanded(expanded: boolean): void;
}

/** A UiContext that may already implement some of the original's extra methods (the terminal UI). */
export type ModeUi = UiContext &
	Partial<Omit<ExtensionUiContext, keyof UiContext>> & {
		/** The mode draws component factories (widgets, custom components); otherwise they are ignored. */
		readonly drawsComponents?: boolean;
	};

export const uiDefaultTexts = {
	noThemes: "Themes cannot be changed in this mode.",
} as const;

/** Styling methods return their last text argument unchanged (`fg(color, text)`, `bold(text)`…). */
function createPlainTheme(): PlainTheme {
	return new Proxy({} as PlainTheme, {
		get: (_target, property) =>
			property === "then"
				? undefined
				: (...args: unknown[]) => {
						const last = args.at(-1);
						return typeof last === "string" ? last : "";
					},
	});
}

const plainTheme = createPlainTheme();

/** The full `ctx.ui` over `ui`: its own methods where it has them, the original's headless behaviour otherwise. */
export function completeUi(ui: ModeUi): ExtensionUiContext {
	const own = <K extends keyof ExtensionUiContext>(name: K) => ui[name as keyof ModeUi] as ExtensionUiContext[K];
	return {
		select: (title: string, options: string[], dialog?: DialogOptions) => ui.select(title, options, dialog),
		confirm: (title: string, message: string, dialog?: DialogOptions) => ui.confirm(title, message, dialog),
		input: (title: string, placeholder?: string, dialog?: DialogOptions) => ui.input(title, placeholder, dialog),
		editor: (title: string, prefill?: string) => ui.editor(title, prefill),
		notify: (message, notifyType) => ui.notify(message, notifyType),
		setStatus: (key, text) => ui.setStatus(key, text),
		setWidget: (key, content, placement) => {
			const where = typeof placement === "object" ? placement.placement : placement;
			if (typeof content === "function") {
				// Component factories need a terminal UI that draws them.
				if (ui.drawsComponents) (ui.setWidget as (...args: unknown[]) => void)(key, content, where);
				return;
			}
			ui.setWidget(key, content, where);
		},
		setTitle: (title) => ui.setTitle(title),
		setEditorText: (text) => ui.setEditorText(text),
		getEditorText: () => ui.getEditorText(),
		onTerminalInput: own("onTerminalInput")?.bind(ui) ?? (() => () => {}),
		setWorkingMessage: own("setWorkingMessage")?.bind(ui) ?? (() => {}),
		setWorkingVisible: own("setWorkingVisible")?.bind(ui) ?? (() => {}),
		setWorkingIndicator: own("setWorkingIndicator")?.bind(ui) ?? (() => {}),
		setHiddenThinkingLabel: own("setHiddenThinkingLabel")?.bind(ui) ?? (() => {}),
		setFooter: own("setFooter")?.bind(ui) ?? (() => {}),
		setHeader: own("setHeader")?.bind(ui) ?? (() => {}),
		custom: own("custom")?.bind(ui) ?? (async () => undefined),
		pasteToEditor: own("pasteToEditor")?.bind(ui) ?? ((text) => ui.setEditorText(ui.getEditorText() + text)),
		addAutocompleteProvider: own("addAutocompleteProvider")?.bind(ui) ?? (() => {}),
		setEditorComponent: own("setEditorComponent")?.bind(ui) ?? (() => {}),
		getEditorComponent: own("getEditorComponent")?.bind(ui) ?? (() => undefined),
		get theme() {
			return ui.theme ?? plainTheme;
		},
		getAllThemes: own("getAllThemes")?.bind(ui) ?? (() => []),
		getTheme: own("getTheme")?.bind(ui) ?? (() => undefined),
		setTheme: own("setTheme")?.bind(ui) ?? (() => ({ success: false, error: uiDefaultTexts.noThemes })),
		getToolsExpanded: own("getToolsExpanded")?.bind(ui) ?? (() => false),
		setToolsExpanded: own("setToolsExpanded")?.bind(ui) ?? (() => {}),
	};
}
