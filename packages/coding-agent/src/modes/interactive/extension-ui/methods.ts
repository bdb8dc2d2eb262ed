/**
 * The terminal UI's `ctx.ui` methods beyond dialogs and text chrome: the component methods (delegated to
 * {@link ComponentUi}), the working row, themes and the tools' expansion. `theme` is the live theme: a theme switch
 * is seen by the next call.
 */
import type { ExtensionUiContext } from "../../../core/extensions/ui-defaults.js";
import { setHiddenThinkingLabel } from "../components/assistant-message.js";
import type { ExtensionStatusLine } from "../components/extension-widgets.js";
import type { Theme } from "../theme/theme.js";
import type { ComponentUi } from "./component-ui.js";
import { toExtensionTheme } from "./theme-adapter.js";

/** How the working row (the spinner while the agent works) looks; extensions change it. */
export interface WorkingRowChange {
	/** Replaces the "Working…" text; undefined restores it. */
	message?: string;
	/** False hides the row while the agent works. */
	visible?: boolean;
	/** Spinner frames (empty: no spinner) and interval; undefined restores pi's spinner. */
	indicator?: { frames?: string[]; intervalMs?: number };
}

/** What these methods act on (implemented by InteractiveMode). */
export interface ExtensionUiExtrasHost {
	readonly isRunning: boolean;
	readonly currentTheme: Theme;
	readonly currentThemeName: string;
	readonly gitBranch: string | undefined;
	themeNames(): string[];
	/** A theme by name (not applied); undefined when unknown. */
	themeByName(name: string): Theme | undefined;
	applyTheme(name: string, save: boolean): boolean;
	getToolsExpanded(): boolean;
	setToolsExpanded(expanded: boolean): void;
	changeWorkingRow(change: Partial<WorkingRowChange> & { reset?: (keyof WorkingRowChange)[] }): void;
	requestRender(): void;
}

export const METHOD_TEXTS = {
	unknownTheme: (name: string) => `Theme "${name}" not found.`,
	themeObject: "Pass a theme name, or a theme from ctx.ui.getTheme().",
} as const;

type Methods = Omit<ExtensionUiContext, "theme" | keyof import("../../../core/extensions/ui-context.js").UiContext>;

/** The methods, over `host`; `theme` is added as a getter by the caller. */
export function createExtensionUiMethods(
	host: ExtensionUiExtrasHost,
	components: ComponentUi,
	statusLine: ExtensionStatusLine,
): Partial<Methods> & { readonly theme: Theme } {
	// Themes handed out by getTheme(), so setTheme(theme) knows their names.
	const names = new WeakMap<object, string>();
	const footerData = {
		getGitBranch: () => host.gitBranch ?? null,
		getExtensionStatuses: () => statusLine.statuses,
		getAvailableProviderCount: () => 1,
		// pi reads the branch at start-up; it has no watcher to report changes.
		onBranchChange: (_callback: () => void) => () => {},
	};
	const methods: Partial<Methods> = {
		custom: ((factory: any, options?: any) => components.custom(factory, options)) as Methods["custom"],
		setFooter: (factory) => {
			if (!host.isRunning) return;
			components.setFooter(factory as any, footerData);
			statusLine.visible = !components.hasCustomFooter;
		},
		setHeader: (factory) => {
			if (host.isRunning) components.setHeader(factory as any);
		},
		setEditorComponent: (factory) => {
			if (host.isRunning) components.setEditorComponent(factory as any);
		},
		getEditorComponent: () => components.getEditorComponent(),
		pasteToEditor: (text) => {
			if (host.isRunning) components.pasteToEditor(String(text));
		},
		addAutocompleteProvider: (factory) => components.addAutocompleteProvider(factory as any),
		onTerminalInput: (handler) => components.onTerminalInput(handler),
		setWorkingMessage: (message) =>
			host.changeWorkingRow(message === undefined ? { reset: ["message"] } : { message: String(message) }),
		setWorkingVisible: (visible) => host.changeWorkingRow({ visible: visible !== false }),
		setWorkingIndicator: (options) =>
			host.changeWorkingRow(options === undefined ? { reset: ["indicator"] } : { indicator: options }),
		// Applies to thinking blocks drawn from now on (the original's placeholder is also read when drawing).
		setHiddenThinkingLabel: (label) => {
			setHiddenThinkingLabel(label === undefined ? undefined : String(label));
			host.requestRender();
		},
		getAllThemes: () => host.themeNames().map((name) => ({ name, path: undefined })),
		getTheme: (name) => {
			const found = host.themeByName(name);
			const theme = found && toExtensionTheme(found);
			if (theme) names.set(theme, name);
			return theme as never;
		},
		setTheme: (theme) => {
			const name =
				typeof theme === "string" ? theme : typeof theme === "object" && theme ? names.get(theme) : undefined;
			if (name === undefined) return { success: false, error: METHOD_TEXTS.themeObject };
			if (!host.applyTheme(name, false)) return { success: false, error: METHOD_TEXTS.unknownTheme(name) };
			host.requestRender();
			return { success: true };
		},
		getToolsExpanded: () => host.getToolsExpanded(),
		setToolsExpanded: (expanded) => host.setToolsExpanded(Boolean(expanded)),
	};
	return Object.defineProperty(methods, "theme", {
		get: () => toExtensionTheme(host.currentTheme),
		enumerable: false,
	}) as Partial<Methods> & {
		readonly theme: Theme;
	};
}
