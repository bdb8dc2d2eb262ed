/**
 * Hosts the selectors and dialogs (components/selectors) over the bottom of the screen: one at a time, with the
 * keyboard, until it finishes. A dialog is an overlay, so it never pushes the transcript into scrollback: it is at
 * most as tall as the screen (lists and long texts scroll inside themselves, see `Component.setMaxRows`), and
 * closing it redraws exactly the rows it covered. Each helper resolves with the answer, or undefined on Escape.
 * The helpers import their dialog components when first used: none is needed for the first frame.
 */
import type { Component, OverlayHandle, SelectItem, TUI } from "@pi/tui";
import type { Theme } from "./theme/index.js";

/** What a dialog host must provide: the TUI the dialogs are shown on and the current theme. */
export interface DialogHost {
	tui: TUI;
	theme: () => Theme;
}

/** Builds a dialog component; it calls `finish` once with its answer (undefined: cancelled). */
export type DialogBuilder<T> = (finish: (value: T | undefined) => void, theme: Theme) => Component;

/** Options of {@link Dialogs.open}. */
export interface OpenDialogOptions {
	/** Closes the dialog as cancelled when it aborts (extension dialogs' timeout and signal). */
	signal?: AbortSignal;
}

export class Dialogs {
	private closeCurrent: (() => void) | undefined;

	constructor(private readonly host: DialogHost) {}

	/** Whether a dialog is shown. */
	get isOpen(): boolean {
		return this.closeCurrent !== undefined;
	}

	/** The current theme (selectors are built with it). */
	get theme(): Theme {
		return this.host.theme();
	}

	/**
	 * Shows the component `build` makes over the bottom of the screen, with the keyboard; resolves with the value it
	 * finishes with. A dialog opened while another is shown replaces it (the first one resolves undefined). An
	 * aborted `signal` cancels it. When it closes, the keyboard goes back to what had it (the editor).
	 */
	open<T>(build: DialogBuilder<T>, options: OpenDialogOptions = {}): Promise<T | undefined> {
		const { signal } = options;
		if (signal?.aborted) return Promise.resolve(undefined);
		this.closeCurrent?.();
		const { tui } = this.host;
		return new Promise((resolve) => {
			let done = false;
			let overlay: OverlayHandle | undefined;
			const finish = (value: T | undefined) => {
				if (done) return;
				done = true;
				signal?.removeEventListener("abort", close);
				overlay?.hide();
				if (this.closeCurrent === close) this.closeCurrent = undefined;
				tui.requestRender();
				resolve(value);
			};
			const close = () => finish(undefined);
			signal?.addEventListener("abort", close, { once: true });
			const component = build(finish, this.host.theme());
			// A builder may finish at once (nothing to choose from): then there is nothing to show.
			if (done) return;
			overlay = tui.showOverlay(component, { anchor: "bottom" });
			this.closeCurrent = close;
		});
	}

	/** Redraws the screen (a dialog whose content changes on its own, like a sign-in's progress). */
	requestRender(): void {
		this.host.tui.requestRender();
	}

	/** Closes the open dialog as if cancelled. */
	cancel(): void {
		this.closeCurrent?.();
	}

	/** A searchable pick list; resolves with the chosen item's value. */
	async select(
		title: string,
		items: readonly SelectItem[],
		options: { initial?: string; maxVisible?: number } = {},
	): Promise<string | undefined> {
		const { SearchList } = await import("./selectors/search-list.js");
		return this.open<string>((finish, theme) => {
			const list = new SearchList<SelectItem>({
				theme,
				title,
				entries: items,
				toItem: (item) => item,
				maxVisible: options.maxVisible,
				onSelect: (item) => finish(item.value),
				onCancel: () => finish(undefined),
			});
			if (options.initial !== undefined) list.highlight((item) => item.value === options.initial);
			return list;
		});
	}

	/** A one-line text question; `masked` never echoes what is typed. Resolves with the trimmed text. */
	async input(
		title: string,
		options: { masked?: boolean; initial?: string; message?: string } = {},
	): Promise<string | undefined> {
		const { TextInputDialog } = await import("./selectors/text-input-dialog.js");
		const value = await this.open<string>(
			(finish, theme) =>
				new TextInputDialog({
					theme,
					title,
					message: options.message,
					initialValue: options.initial,
					masked: options.masked,
					onSubmit: (text) => finish(text),
					onCancel: () => finish(undefined),
				}),
		);
		return value?.trim();
	}

	/** A yes/no question, "No" highlighted first; false when cancelled or aborted. */
	async confirm(title: string, message?: string, options: OpenDialogOptions = {}): Promise<boolean> {
		const { ConfirmDialog } = await import("./selectors/confirm-dialog.js");
		const answer = await this.open<boolean>(
			(finish, theme) =>
				new ConfirmDialog({ theme, title, message, onConfirm: () => finish(true), onCancel: () => finish(false) }),
			options,
		);
		return answer === true;
	}
}
