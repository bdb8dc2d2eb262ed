/**
 * The original pi-tui's `SettingsList` on @pi/tui: rows of "label  value"; Up/Down move, Enter/Space cycles the
 * selected row's `values` (or opens its `submenu`), Escape cancels. The selected row's description shows below.
 */
import { type Component, matchesKey, truncateToWidth, visibleWidth } from "@pi/tui";

/** One row. */
export interface SettingItem {
	id: string;
	label: string;
	description?: string;
	currentValue: string;
	/** Values Enter/Space cycles through. */
	values?: string[];
	/** A component Enter opens instead; it calls `done` with the chosen value (or nothing to keep the current one). */
	submenu?: (currentValue: string, done: (selectedValue?: string) => void) => Component;
}

/** Styles of the list. */
export interface SettingsListTheme {
	label: (text: string, selected: boolean) => string;
	value: (text: string, selected: boolean) => string;
	description: (text: string) => string;
	cursor: string;
	hint: (text: string) => string;
}

/** Options of {@link SettingsList} (search is not implemented; the option is accepted). */
export interface SettingsListOptions {
	enableSearch?: boolean;
}

export class SettingsList implements Component {
	private selectedIndex = 0;
	private submenu: Component | undefined;

	constructor(
		private readonly items: SettingItem[],
		private readonly maxVisible: number,
		private readonly theme: SettingsListTheme,
		private readonly onChange: (id: string, newValue: string) => void,
		private readonly onCancel: () => void,
		_options: SettingsListOptions = {},
	) {}

	/** Updates an item's current value. */
	updateValue(id: string, newValue: string): void {
		const item = this.items.find((candidate) => candidate.id === id);
		if (item) item.currentValue = newValue;
	}

	invalidate(): void {
		this.submenu?.invalidate?.();
	}

	render(width: number): string[] {
		if (this.submenu) return this.submenu.render(width);
		const labelWidth = Math.max(0, ...this.items.map((item) => visibleWidth(item.label)));
		const start = Math.max(
			0,
			Math.min(this.selectedIndex - Math.floor(this.maxVisible / 2), this.items.length - this.maxVisible),
		);
		const lines = this.items.slice(start, start + this.maxVisible).map((item, offset) => {
			const selected = start + offset === this.selectedIndex;
			const cursor = selected ? this.theme.cursor : " ".repeat(visibleWidth(this.theme.cursor));
			const label = item.label + " ".repeat(labelWidth - visibleWidth(item.label));
			const row = `${cursor}${this.theme.label(label, selected)}  ${this.theme.value(item.currentValue, selected)}`;
			return truncateToWidth(row, width);
		});
		const description = this.items[this.selectedIndex]?.description;
		if (description) lines.push("", truncateToWidth(this.theme.description(description), width));
		lines.push("", truncateToWidth(this.theme.hint("↑↓ move · enter/space change · esc close"), width));
		return lines;
	}

	handleInput(data: string): void {
		if (this.submenu) {
			(this.submenu as { handleInput?: (data: string) => void }).handleInput?.(data);
			return;
		}
		if (matchesKey(data, "up")) this.move(-1);
		else if (matchesKey(data, "down")) this.move(1);
		else if (matchesKey(data, "enter") || matchesKey(data, "space")) this.activate();
		else if (matchesKey(data, "escape")) this.onCancel();
	}

	private move(delta: number): void {
		if (this.items.length === 0) return;
		this.selectedIndex = (this.selectedIndex + delta + this.items.length) % this.items.length;
	}

	private activate(): void {
		const item = this.items[this.selectedIndex];
		if (!item) return;
		if (item.submenu) {
			this.submenu = item.submenu(item.currentValue, (value) => {
				this.submenu = undefined;
				if (value !== undefined) this.change(item, value);
			});
			return;
		}
		if (!item.values || item.values.length === 0) return;
		const next = item.values[(item.values.indexOf(item.currentValue) + 1) % item.values.length];
		if (next !== undefined) this.change(item, next);
	}

	private change(item: SettingItem, value: string): void {
		item.currentValue = value;
		this.onChange(item.id, value);
	}
}
