/**
 * Dialogs that take the editor's place while they are open: a pick list, a one-line text input (optionally
 * without echo, for API keys) and a yes/no question. Each resolves with the answer, or undefined on Escape, and
 * then gives the editor back. Richer selectors (model, session, tree) plug in through `showComponent`.
 */
import { type Component, type Container, Input, type SelectItem, SelectList, Text, type TUI } from "@pi/tui";
import { createSelectListTheme, type Theme } from "./theme/index.js";

/** What a dialog host must provide: the slot the editor lives in, and the editor to give focus back to. */
export interface DialogHost {
	tui: TUI;
	slot: Container;
	editor: () => Component;
	theme: () => Theme;
}

/** A one-line input that shows `•` for every character (API keys are never echoed). */
class SecretInput implements Component {
	focused = false;
	onSubmit?: (value: string) => void;
	onCancel?: () => void;
	private value = "";

	handleInput(data: string): void {
		if (data === "\r" || data === "\n") this.onSubmit?.(this.value);
		else if (data === "\x1b") this.onCancel?.();
		else if (data === "\x7f" || data === "\b") this.value = [...this.value].slice(0, -1).join("");
		else if (data.startsWith("\x1b[200~")) this.value += data.replace(/\x1b\[20[01]~/g, "").trim();
		else if (!data.startsWith("\x1b") && !/[\x00-\x1f]/.test(data)) this.value += data;
	}

	render(width: number): string[] {
		const dots = "•".repeat(Math.min([...this.value].length, Math.max(0, width - 4)));
		return [` > ${dots}`];
	}
}

export class Dialogs {
	constructor(private readonly host: DialogHost) {}

	/** Shows `component` (with a title row) instead of the editor until `close` is called. */
	showComponent(title: string, component: Component, hint?: string): () => void {
		const { slot, tui } = this.host;
		const theme = this.host.theme();
		const header = new Text(theme.bold(theme.fg("accent", title)), { paddingX: 1 });
		const footer = hint ? new Text(theme.fg("dim", hint), { paddingX: 1 }) : undefined;
		slot.clear();
		slot.addChild(header);
		slot.addChild(component);
		if (footer) slot.addChild(footer);
		tui.setFocus(component);
		tui.requestRender();
		let closed = false;
		return () => {
			if (closed) return;
			closed = true;
			slot.clear();
			const editor = this.host.editor();
			slot.addChild(editor);
			tui.setFocus(editor);
			tui.requestRender();
		};
	}

	/** A filterable pick list; resolves with the chosen value. */
	select(title: string, items: SelectItem[], options: { initial?: string; maxVisible?: number } = {}) {
		return new Promise<string | undefined>((resolve) => {
			const list = new SelectList(items, {
				maxVisible: options.maxVisible ?? 10,
				theme: createSelectListTheme(this.host.theme()),
			});
			const start = items.findIndex((item) => item.value === options.initial);
			if (start > 0) list.setSelectedIndex(start);
			const close = this.showComponent(title, list, "↑↓ move · type to filter · enter select · esc cancel");
			list.onSelect = (item) => {
				close();
				resolve(item.value);
			};
			list.onCancel = () => {
				close();
				resolve(undefined);
			};
		});
	}

	/** A text input; `secret` hides what is typed. Resolves with the text (trimmed), undefined on Escape. */
	input(title: string, options: { secret?: boolean; initial?: string } = {}) {
		return new Promise<string | undefined>((resolve) => {
			const input = options.secret ? new SecretInput() : new Input({ prompt: " > " });
			if (!options.secret && options.initial) (input as Input).setValue(options.initial);
			const close = this.showComponent(title, input, "enter confirm · esc cancel");
			input.onSubmit = (value) => {
				close();
				resolve(value.trim());
			};
			input.onCancel = () => {
				close();
				resolve(undefined);
			};
		});
	}

	/** A yes/no question (default no). */
	async confirm(question: string): Promise<boolean> {
		const answer = await this.select(question, [
			{ value: "no", label: "No" },
			{ value: "yes", label: "Yes" },
		]);
		return answer === "yes";
	}
}
