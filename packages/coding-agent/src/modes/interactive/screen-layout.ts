/**
 * Builds the screen's parts and their arrangement, top to bottom: the transcript (header first), pending messages,
 * the run status, the extensions' status row, widgets above the editor, the editor slot, widgets below it and the
 * footer slot; the completion popup and passing hints are drawn over the rows next to the editor. Also restyles the
 * parts below the transcript in place when the theme or settings change.
 */
import {
	type AutocompleteProvider,
	type Component,
	Container,
	type KeybindingsManager,
	markFinal,
	type TUI,
} from "@pi/tui";
import type { SettingsManager } from "../../core/config/settings.js";
import { FooterComponent } from "./components/footer.js";
import { HeaderComponent } from "./components/header.js";
import { HintLine } from "./components/hint-line.js";
import { PendingMessagesComponent } from "./components/pending-messages.js";
import { PromptEditor } from "./components/prompt-editor.js";
import { type ExtensionUiHost, TuiExtensionUi } from "./extension-ui.js";
import { placeholderFooterData } from "./footer-data.js";
import { formatKeys, headerKeyHints } from "./keybindings.js";
import { NOTICE_TEXT } from "./notices.js";
import { RunStatus } from "./run-status.js";
import type { Theme } from "./theme/index.js";

/** The parts of the screen, as the mode holds them. */
export interface ScreenParts {
	readonly tui: TUI;
	readonly transcript: Container;
	readonly pending: PendingMessagesComponent;
	readonly statusSlot: Container;
	readonly status: RunStatus;
	readonly footer: FooterComponent;
	/** pi's editor (one for the whole run: a theme or settings change restyles it in place). */
	readonly promptEditor: PromptEditor;
	readonly hint: HintLine;
	readonly extensionUi: TuiExtensionUi;
}

/** What {@link buildScreen} is built from. */
export interface ScreenInput {
	tui: TUI;
	/** The transcript's container (empty: the header goes first). */
	transcript: Container;
	/** The theme now (the parts that draw late read it each time). */
	theme: () => Theme;
	settings: SettingsManager;
	keybindings: KeybindingsManager;
	version: string;
	cwd: string;
	home: string;
	autocomplete: AutocompleteProvider;
	/** Enter in pi's editor. */
	onSubmit: (text: string) => void;
	/** The application keys (unless an extension component owns the keyboard); true when one took the key. */
	onKey: (data: string) => boolean;
}

/**
 * Builds the parts and puts them on the TUI. `host` is the mode as the extension UI sees it; its dialogs and
 * autocomplete provider must exist already.
 */
export function buildScreen(host: ExtensionUiHost, input: ScreenInput): ScreenParts {
	const { tui, settings, keybindings } = input;
	const theme = input.theme();
	const header = createHeader(theme, settings, keybindings, input.version);
	input.transcript.addChild(markFinal(header));
	const pending = new PendingMessagesComponent(theme, {
		hint: NOTICE_TEXT.pendingHint(formatKeys(keybindings.getKeys("dequeue"))),
	});
	const footer = new FooterComponent(theme, placeholderFooterData(input.cwd, input.home, undefined));
	const statusSlot = new Container();
	const status = new RunStatus(statusSlot, tui, input.theme);
	const hint = new HintLine(input.theme, () => tui.requestRender());
	const promptEditor = createPromptEditor(theme, settings, keybindings, input.autocomplete, input.onSubmit);
	// Extensions may replace the header, editor and footer: the layout holds their slots.
	const extensionUi = new TuiExtensionUi(host, theme, {
		transcript: input.transcript,
		header,
		footer,
		editor: promptEditor,
	});
	const parts = {
		tui,
		transcript: input.transcript,
		pending,
		statusSlot,
		status,
		footer,
		promptEditor,
		hint,
		extensionUi,
	};
	layOutScreen(parts, input.onKey);
	return parts;
}

/** pi's header: version and key hints (terse with settings `quietStartup`). */
function createHeader(
	theme: Theme,
	settings: SettingsManager,
	keybindings: KeybindingsManager,
	version: string,
): HeaderComponent {
	return new HeaderComponent({
		theme,
		version,
		quiet: settings.getQuietStartup(),
		hints: headerKeyHints(keybindings),
	});
}

/** The editor's layout settings. */
export function editorLayout(settings: SettingsManager): { paddingX: number; autocompleteMaxVisible: number } {
	return {
		paddingX: settings.getEditorPaddingX(),
		autocompleteMaxVisible: settings.getAutocompleteMaxVisible(),
	};
}

/** pi's editor (one for the whole run): Enter calls `onSubmit`, its popup is drawn by {@link layOutScreen}. */
function createPromptEditor(
	theme: Theme,
	settings: SettingsManager,
	keybindings: KeybindingsManager,
	autocomplete: AutocompleteProvider,
	onSubmit: (text: string) => void,
): PromptEditor {
	const editor = new PromptEditor(theme, {
		keybindings,
		popup: "separate",
		...editorLayout(settings),
	});
	editor.onSubmit = onSubmit;
	editor.setAutocompleteProvider(autocomplete);
	return editor;
}

/** Puts the parts on the TUI in order; `onKey` sees each key unless an extension component owns the keyboard. */
function layOutScreen(parts: ScreenParts, onKey: (data: string) => boolean): void {
	const { tui, extensionUi } = parts;
	const rows: Component[] = [
		parts.transcript,
		parts.pending,
		parts.statusSlot,
		extensionUi.statusLine,
		extensionUi.widgetsAbove,
		extensionUi.editorSlot,
		extensionUi.widgetsBelow,
		extensionUi.footerSlot,
	];
	for (const part of rows) {
		tui.addChild(part);
	}
	// The completion popup is drawn over the rows next to the editor (below it, or above when there is no room):
	// opening and closing it moves nothing, so the screen comes back exactly as it was.
	tui.showOverlay(
		{ render: (width) => parts.promptEditor.renderPopup(width) },
		{ anchor: { component: extensionUi.editorSlot, position: "below" }, focus: false },
	);
	// Passing hints go over the row above the editor in the same way.
	tui.showOverlay(parts.hint, {
		anchor: { component: extensionUi.editorSlot, position: "above" },
		focus: false,
	});
	// An extension component with the keyboard gets every key; a CustomEditor runs the app keys itself.
	tui.addInputListener((data) => (extensionUi.components.focusOwnsKeys() ? false : onKey(data)));
}

/**
 * Restyles the parts below the transcript (pending area, extension UI, editor, footer) with `theme` and the
 * settings, in place: what they show stays (in the editor: what is typed, its history, undo steps, folded pastes).
 */
export function restyleChrome(parts: ScreenParts, theme: Theme, settings: SettingsManager): void {
	parts.pending.setTheme(theme);
	parts.extensionUi.setTheme(theme);
	parts.footer.setTheme(theme);
	parts.promptEditor.setPiTheme(theme);
	parts.promptEditor.setLayout(editorLayout(settings));
	parts.tui.invalidate();
	parts.tui.requestRender();
}
