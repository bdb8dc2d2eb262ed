/**
 * What extensions put around the editor: status entries (`ui.setStatus`, one row of `text · text` under the run
 * status) and widgets (`ui.setWidget`, lines above or below the editor). Both keep their entries by key in the
 * order first set; setting a key again replaces its entry in place, and no text (or no lines) removes it.
 */
import { type Component, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

/** Separator between status entries. */
export const STATUS_SEPARATOR = " · ";

/** One row of extension status entries (nothing when there are none). */
export class ExtensionStatusLine implements Component {
	private readonly entries = new Map<string, string>();

	/** False while an extension's footer replaces pi's (the original draws statuses in its footer). */
	visible = true;

	constructor(private theme: Theme) {}

	/** The entries by key (a custom footer's `footerData.getExtensionStatuses()`). */
	get statuses(): ReadonlyMap<string, string> {
		return this.entries;
	}

	/** Sets (or with no text removes) the entry `key`. */
	set(key: string, text: string | undefined): void {
		// Status texts are one row: newlines and tabs would break the layout.
		const clean = text?.replace(/\s+/g, " ").trim();
		if (clean) this.entries.set(key, clean);
		else this.entries.delete(key);
	}

	setTheme(theme: Theme): void {
		this.theme = theme;
	}

	/** Removes every entry. */
	clear(): void {
		this.entries.clear();
	}

	render(width: number): string[] {
		if (this.entries.size === 0 || !this.visible) return [];
		return [truncateToWidth(` ${this.theme.fg("muted", [...this.entries.values()].join(STATUS_SEPARATOR))}`, width)];
	}

	invalidate(): void {}
}

/** A widget: lines of text, or an extension's component (drawn contained, see extension-ui/contained.ts). */
export type WidgetContent = readonly string[] | (Component & { dispose?(): void });

/** The widgets of one placement (above or below the editor), in the order their keys were first set. */
export class ExtensionWidgetArea implements Component {
	private readonly widgets = new Map<string, string[] | (Component & { dispose?(): void })>();

	/** Sets (or with no lines removes) the widget `key`; a replaced component is disposed. */
	set(key: string, content: WidgetContent | undefined): void {
		const old = this.widgets.get(key);
		if (old && !Array.isArray(old) && old !== content) (old as { dispose?(): void }).dispose?.();
		if (content && !Array.isArray(content)) this.widgets.set(key, content as Component);
		else if (content && content.length > 0)
			this.widgets.set(
				key,
				(content as readonly string[]).flatMap((line) => String(line).split("\n")),
			);
		else this.widgets.delete(key);
	}

	has(key: string): boolean {
		return this.widgets.has(key);
	}

	/** Removes every widget (components are disposed). */
	clear(): void {
		for (const key of [...this.widgets.keys()]) this.set(key, undefined);
	}

	render(width: number): string[] {
		const rows: string[] = [];
		for (const widget of this.widgets.values()) {
			if (!Array.isArray(widget)) {
				rows.push(...(widget as Component).render(width));
				continue;
			}
			for (const line of widget) rows.push(truncateToWidth(` ${line}`, width));
		}
		return rows;
	}

	invalidate(): void {
		for (const widget of this.widgets.values()) if (!Array.isArray(widget)) (widget as Component).invalidate?.();
	}
}
