/**
 * The component half of `ctx.ui` in the terminal UI: `custom()` components in the editor area or as overlays,
 * widget/header/footer factories, a replacement editor, terminal input listeners, autocomplete providers, the
 * working row and themes. Every component an extension hands over is a @pi/tui component drawn through a
 * {@link ContainedComponent}, so it takes part in differential rendering and cannot take the UI down.
 */
import type {
	AutocompleteProvider,
	Component,
	Editor,
	EditorTheme,
	KeybindingsManager,
	OverlayHandle,
	TUI,
} from "@pi/tui";
import type { ExtensionOverlayHandle } from "../../../core/extensions/ui-defaults.js";
import { createEditorTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";
import { ContainedComponent, callingExtension, type ExtensionComponent } from "./contained.js";
import { type ExtensionOverlayOptions, toTuiOverlayOptions } from "./overlay-options.js";
import type { ComponentSlot, HeaderSlot } from "./slots.js";
import { toExtensionTheme } from "./theme-adapter.js";

/** What the component UI drives (implemented by InteractiveMode, through TuiExtensionUi). */
export interface ComponentUiHost {
	readonly tui: TUI;
	readonly keybindings: KeybindingsManager;
	readonly isRunning: boolean;
	readonly currentTheme: Theme;
	/** Paths of the loaded extensions (to name the one whose component failed). */
	readonly extensionPaths: readonly string[];
	/** Reports a failing extension component (a warning in the transcript). */
	reportProblem(text: string): void;
	/** Submits the text of a replacement editor as Enter in pi's editor would. */
	submitEditorText(text: string): void;
	/** Runs pi's application keys (and extension shortcuts) for `data`; true when one took it. */
	runAppKey(data: string): boolean;
	autocompleteProvider: AutocompleteProvider;
}

/** A factory as the original passes it: `(tui, theme, …) => component` (custom() may return a promise). */
type Factory = (...args: any[]) => ExtensionComponent | Promise<ExtensionComponent>;

export interface CustomOptions {
	overlay?: boolean;
	overlayOptions?: ExtensionOverlayOptions | (() => ExtensionOverlayOptions);
	onHandle?: (handle: ExtensionOverlayHandle) => void;
}

/** The editor theme with the original's names as well (`borderColor`, `selectList`), which extensions read. */
function withOriginalEditorNames(theme: EditorTheme): EditorTheme & { borderColor: EditorTheme["border"] } {
	return { ...theme, borderColor: theme.border, selectList: theme.autocomplete } as EditorTheme & {
		borderColor: EditorTheme["border"];
	};
}

/** Whether `editor` is a CustomEditor (it runs app keys itself, inside its handleInput). */
function isCustomEditor(editor: object): editor is Editor & { onExtensionShortcut?: (data: string) => boolean } {
	return "actionHandlers" in editor && typeof (editor as { onAction?: unknown }).onAction === "function";
}

export class ComponentUi {
	/** Components of extensions that take the keyboard (custom(), overlays): app keys go to them. */
	private readonly capturing = new Set<Component>();
	/** How to close each open custom() component (resolving it undefined). */
	private readonly open = new Set<() => void>();
	private readonly terminalInput = new Set<(data: string) => { consume?: boolean; data?: string } | undefined>();
	private editorFactory: Factory | undefined;
	private customEditor: Editor | undefined;
	/** The replacement editor as drawn and focused: contained, so a failing one gives way to pi's. */
	private customEditorView: ContainedComponent | undefined;
	private footerComponent: ContainedComponent | undefined;
	private headerComponent: ContainedComponent | undefined;
	private tuiForExtensions: TUI | undefined;
	/** pi's own completion provider (what extension providers wrap). */
	private readonly builtInAutocomplete: AutocompleteProvider;
	/** Input re-dispatched after a listener rewrote it skips the listeners. */
	private redispatching = false;

	constructor(
		private readonly host: ComponentUiHost,
		private readonly slots: { editor: ComponentSlot; footer: ComponentSlot; header: HeaderSlot; prompt: Editor },
	) {
		host.tui.addInputListener((data) => this.runTerminalInput(data));
		this.builtInAutocomplete = host.autocompleteProvider;
	}

	/**
	 * Takes back everything extensions put up (/reload loads them afresh): open components close, listeners and
	 * providers go, and pi's footer, header and editor return.
	 */
	reset(): void {
		this.closeAll();
		this.terminalInput.clear();
		this.setFooter(undefined, undefined);
		this.setHeader(undefined);
		this.setEditorComponent(undefined);
		this.host.autocompleteProvider = this.builtInAutocomplete;
		this.slots.prompt.setAutocompleteProvider(this.builtInAutocomplete);
	}

	/** The editor that has the text now: an extension's replacement, or pi's. */
	get activeEditor(): Editor {
		return this.customEditor ?? this.slots.prompt;
	}

	/**
	 * Whether pi's global app keys must leave the input to the focused component: an extension component that has the
	 * keyboard, or a CustomEditor (which runs the app keys from its own handleInput, after the subclass's keys).
	 */
	focusOwnsKeys(): boolean {
		const focused = this.host.tui.focused;
		if (!focused) return false;
		if (this.capturing.has(focused)) return true;
		return focused === this.customEditorView && this.customEditor !== undefined && isCustomEditor(this.customEditor);
	}

	/** Wraps an extension's component. */
	contain(component: ExtensionComponent, what: string, owner: () => string): ContainedComponent {
		return new ContainedComponent(component, owner, what, (text) => this.host.reportProblem(text));
	}

	/** The extension calling now (resolved lazily, when a failure is reported). */
	owner(): () => string {
		return callingExtension(this.host.extensionPaths);
	}

	/** `ctx.ui.custom`: resolves with what the component passes to `done`. */
	async custom<T>(factory: Factory, options: CustomOptions = {}): Promise<T | undefined> {
		const { tui } = this.host;
		if (!this.host.isRunning) return undefined;
		const owner = this.owner();
		return new Promise<T | undefined>((resolve, reject) => {
			let finished = false;
			let contained: ContainedComponent | undefined;
			let overlay: OverlayHandle | undefined;
			const done = (result: T | undefined) => {
				if (finished) return;
				finished = true;
				this.open.delete(cancel);
				if (contained) {
					this.capturing.delete(contained);
					if (overlay) overlay.hide();
					else if (this.slots.editor.current === contained) this.slots.editor.show(this.currentEditorComponent());
					contained.dispose();
				}
				// Focus goes back to the editor (a closed overlay's predecessor may have been another extension component).
				if (!tui.focused || !this.isLive(tui.focused)) tui.setFocus(this.currentEditorComponent());
				tui.requestRender();
				resolve(result);
			};
			const cancel = () => done(undefined);
			this.open.add(cancel);
			let made: ExtensionComponent | Promise<ExtensionComponent>;
			try {
				made = factory(this.extensionTui, toExtensionTheme(this.host.currentTheme), this.host.keybindings, done);
			} catch (error) {
				finished = true;
				this.open.delete(cancel);
				reject(error);
				return;
			}
			void Promise.resolve(made).then(
				(component) => {
					if (finished) {
						component?.dispose?.();
						return;
					}
					contained = this.contain(component, "custom component", owner);
					contained.onFailure = () => done(undefined);
					if (options.overlay) overlay = this.showOverlay(contained, options).handle;
					else {
						this.slots.editor.show(contained);
						tui.setFocus(contained);
					}
					// Also a non-capturing overlay: it may take the keyboard later (handle.focus()).
					this.capturing.add(contained);
					tui.requestRender();
				},
				(error) => {
					finished = true;
					this.open.delete(cancel);
					reject(error);
				},
			);
		});
	}

	/** Closes every open custom() component, resolving it undefined (the mode stops: nobody can answer any more). */
	closeAll(): void {
		for (const cancel of [...this.open]) cancel();
	}

	/**
	 * The TUI as extensions get it: pi's TUI, except that `showOverlay` takes the original's overlay options and
	 * returns the original's handle (extensions written for it call `tui.showOverlay` themselves).
	 */
	get extensionTui(): TUI {
		if (this.tuiForExtensions) return this.tuiForExtensions;
		const { tui } = this.host;
		const showOverlay = (component: ExtensionComponent, options?: ExtensionOverlayOptions) => {
			const contained = this.contain(component, "overlay", this.owner());
			this.capturing.add(contained);
			const { extensionHandle } = this.showOverlay(contained, { overlayOptions: options });
			return extensionHandle;
		};
		this.tuiForExtensions = new Proxy(tui, {
			get(target, property) {
				if (property === "showOverlay") return showOverlay;
				const value = Reflect.get(target, property, target);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
		return this.tuiForExtensions;
	}

	private showOverlay(
		contained: ContainedComponent,
		options: CustomOptions,
	): { handle: OverlayHandle; extensionHandle: ExtensionOverlayHandle } {
		const { tui } = this.host;
		const read = () =>
			typeof options.overlayOptions === "function" ? options.overlayOptions() : options.overlayOptions;
		let extensionOptions = read();
		const layout = () => toTuiOverlayOptions(extensionOptions, tui.terminal.columns, tui.terminal.rows);
		let applied = JSON.stringify(layout());
		const handle = tui.showOverlay(contained, layout());
		// Options given as a function, `visible` and percentages follow the screen: checked on each draw, applied next.
		const render = contained.render.bind(contained);
		let hiddenByHandle = false;
		contained.render = (width: number) => {
			extensionOptions = read();
			const next = layout();
			const key = JSON.stringify(next);
			if (key !== applied) {
				applied = key;
				handle.setOptions(next);
			}
			const visible = extensionOptions?.visible?.(tui.terminal.columns, tui.terminal.rows) ?? true;
			contained.hidden = hiddenByHandle || !visible;
			return render(width);
		};
		const previous = this.currentEditorComponent();
		const extensionHandle: ExtensionOverlayHandle = {
			hide: () => handle.hide(),
			setHidden: (hidden) => {
				hiddenByHandle = hidden;
				contained.hidden = hidden;
				if (hidden && tui.focused === contained) tui.setFocus(previous);
				tui.requestRender();
			},
			isHidden: () => hiddenByHandle,
			focus: () => handle.bringToFront(),
			unfocus: () => {
				if (tui.focused === contained) tui.setFocus(this.currentEditorComponent());
			},
			isFocused: () => tui.focused === contained,
		};
		options.onHandle?.(extensionHandle);
		return { handle, extensionHandle };
	}

	/** Whether `component` is still on screen as something that may have focus. */
	private isLive(component: Component): boolean {
		return component === this.currentEditorComponent() || this.capturing.has(component);
	}

	/** The editor component in the editor slot's normal state. */
	private currentEditorComponent(): Component {
		return this.customEditorView ?? this.slots.prompt;
	}

	/** `ctx.ui.setFooter`. */
	setFooter(factory: Factory | undefined, footerData: unknown): void {
		this.footerComponent?.dispose();
		this.footerComponent = undefined;
		if (typeof factory === "function") {
			const component = factory(
				this.extensionTui,
				toExtensionTheme(this.host.currentTheme),
				footerData,
			) as ExtensionComponent;
			this.footerComponent = this.contain(component, "footer", this.owner());
		}
		this.slots.footer.show(this.footerComponent);
		this.host.tui.requestRender();
	}

	get hasCustomFooter(): boolean {
		return this.footerComponent !== undefined;
	}

	/** `ctx.ui.setHeader`; a header set after pi's scrolled into scrollback is ignored. */
	setHeader(factory: Factory | undefined): void {
		const previous = this.headerComponent;
		let next: ContainedComponent | undefined;
		if (typeof factory === "function") {
			const component = factory(this.extensionTui, toExtensionTheme(this.host.currentTheme)) as ExtensionComponent;
			next = this.contain(component, "header", this.owner());
		}
		if (this.slots.header.show(next)) {
			previous?.dispose();
			this.headerComponent = next;
		} else next?.dispose();
		this.host.tui.requestRender();
	}

	/** `ctx.ui.setEditorComponent`: the text moves over; undefined brings pi's editor back. */
	setEditorComponent(factory: Factory | undefined): void {
		const { tui } = this.host;
		let text = "";
		try {
			text = this.activeEditor.getText();
		} catch {
			// a failing replacement editor loses its text
		}
		const hadFocus = tui.focused === this.currentEditorComponent();
		const oldView = this.customEditorView;
		this.customEditor = undefined;
		this.customEditorView = undefined;
		this.editorFactory = undefined;
		if (typeof factory === "function") {
			const editor = factory(
				this.extensionTui,
				withOriginalEditorNames(createEditorTheme(this.host.currentTheme)),
				this.host.keybindings,
			) as Editor;
			this.editorFactory = factory;
			this.customEditor = editor;
			const view = this.contain(editor, "editor", this.owner());
			view.onFailure = () => {
				if (this.customEditorView === view) this.setEditorComponent(undefined);
			};
			this.customEditorView = view;
			editor.onSubmit = (submitted) => this.host.submitEditorText(submitted);
			if (isCustomEditor(editor)) editor.onExtensionShortcut = (data) => this.host.runAppKey(data);
			editor.setAutocompleteProvider?.(this.host.autocompleteProvider);
		}
		oldView?.dispose();
		this.activeEditor.setText(text);
		// A custom() component in the editor area stays there; the new editor shows when it closes.
		if (this.slots.editor.current === oldView || this.slots.editor.current === this.slots.prompt)
			this.slots.editor.show(this.customEditorView);
		if (hadFocus) tui.setFocus(this.currentEditorComponent());
		tui.requestRender();
	}

	getEditorComponent(): Factory | undefined {
		return this.editorFactory;
	}

	/** `ctx.ui.pasteToEditor`: as a bracketed paste, so long texts fold as a typed paste would. */
	pasteToEditor(text: string): void {
		this.activeEditor.handleInput(`\x1b[200~${text}\x1b[201~`);
		this.host.tui.requestRender();
	}

	/** `ctx.ui.addAutocompleteProvider`: the factory wraps the provider in use. */
	addAutocompleteProvider(factory: (current: AutocompleteProvider) => AutocompleteProvider): void {
		const next = factory(this.host.autocompleteProvider);
		if (!next) return;
		this.host.autocompleteProvider = next;
		this.slots.prompt.setAutocompleteProvider(next);
		this.customEditor?.setAutocompleteProvider?.(next);
	}

	/** `ctx.ui.onTerminalInput`: raw input, before pi's keys; returns the removal. */
	onTerminalInput(handler: (data: string) => { consume?: boolean; data?: string } | undefined): () => void {
		this.terminalInput.add(handler);
		return () => this.terminalInput.delete(handler);
	}

	private runTerminalInput(data: string): boolean {
		if (this.redispatching || this.terminalInput.size === 0) return false;
		let current = data;
		for (const handler of this.terminalInput) {
			let answer: { consume?: boolean; data?: string } | undefined;
			try {
				answer = handler(current);
			} catch (error) {
				this.host.reportProblem(`Extension terminal input handler failed: ${(error as Error)?.message ?? error}`);
				continue;
			}
			if (answer?.consume) return true;
			if (typeof answer?.data === "string") current = answer.data;
		}
		if (current === data) return false;
		// A listener rewrote the input: the rest of pi sees the new data instead.
		this.redispatching = true;
		try {
			this.host.tui.handleInput(current);
		} finally {
			this.redispatching = false;
		}
		return true;
	}
}
