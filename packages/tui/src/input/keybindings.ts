/**
 * Named actions bound to key lists. Components ask "is this data the `submit` action?" instead of hard-coding
 * keys, so users can rebind keys from a config file (the coding agent loads keybindings.json into `overrides`).
 */
import { normalizeKeyId, parseKey } from "./keys.js";

/** Action name to its key ids, e.g. `{ submit: ["enter"], newline: ["shift+enter", "ctrl+j"] }`. */
export type KeybindingMap = Record<string, readonly string[]>;

/** User overrides as read from a config file: one key id or a list per action; an empty list unbinds. */
export type KeybindingOverrides = Record<string, string | readonly string[]>;

/** Messages about overrides that were ignored; kept together so tests and the CLI show the same text. */
export const KEYBINDING_WARNINGS = {
	unknownAction: (action: string) => `Unknown keybinding action "${action}" (ignored).`,
	invalidKey: (action: string, key: string) =>
		`Invalid key "${key}" for keybinding "${action}" (ignored); use ids like "ctrl+k", "shift+enter", "alt+b".`,
	invalidValue: (action: string) => `Keybinding "${action}" must be a key id or a list of key ids (ignored).`,
} as const;

/** Resolves named actions to keys: defaults, then user overrides that replace an action's whole key list. */
export class KeybindingsManager {
	private readonly defaults = new Map<string, string[]>();
	private readonly overrides = new Map<string, string[]>();
	private rawOverrides: KeybindingOverrides = {};
	/** Why parts of the last overrides were ignored (unknown actions, invalid key ids). */
	warnings: string[] = [];

	constructor(defaults: KeybindingMap = {}, overrides: KeybindingOverrides = {}) {
		this.addDefaults(defaults);
		this.setOverrides(overrides);
	}

	/** Adds (or replaces) default bindings, e.g. the editor's and then the app's. Re-applies the overrides. */
	addDefaults(defaults: KeybindingMap): void {
		for (const [action, keys] of Object.entries(defaults)) {
			this.defaults.set(
				action,
				keys.map((key) => normalizeKeyId(key) ?? key),
			);
		}
		this.setOverrides(this.rawOverrides);
	}

	/** Replaces the user overrides. Invalid entries are skipped and described in `warnings`. */
	setOverrides(overrides: KeybindingOverrides): void {
		this.rawOverrides = overrides;
		this.overrides.clear();
		this.warnings = [];
		for (const [action, value] of Object.entries(overrides)) {
			if (!this.defaults.has(action)) {
				this.warnings.push(KEYBINDING_WARNINGS.unknownAction(action));
				continue;
			}
			const list = typeof value === "string" ? [value] : value;
			if (!Array.isArray(list) || list.some((key) => typeof key !== "string")) {
				this.warnings.push(KEYBINDING_WARNINGS.invalidValue(action));
				continue;
			}
			const keys: string[] = [];
			for (const key of list as string[]) {
				const id = normalizeKeyId(key);
				if (id === undefined) this.warnings.push(KEYBINDING_WARNINGS.invalidKey(action, key));
				else keys.push(id);
			}
			this.overrides.set(action, keys);
		}
	}

	/** The key ids bound to an action (canonical form); empty for unknown or unbound actions. */
	getKeys(action: string): string[] {
		return [...(this.overrides.get(action) ?? this.defaults.get(action) ?? [])];
	}

	/** Whether `data` (raw terminal input) presses one of the action's keys. */
	matches(data: string, action: string): boolean {
		const keys = this.overrides.get(action) ?? this.defaults.get(action);
		if (!keys || keys.length === 0) return false;
		const event = parseKey(data);
		if (!event || event.eventType === "release") return false;
		return keys.some((key) => key === event.id || (event.aliases?.includes(key) ?? false));
	}

	/** The first action (in definition order) whose keys `data` presses. */
	findAction(data: string): string | undefined {
		for (const action of this.defaults.keys()) if (this.matches(data, action)) return action;
		return undefined;
	}

	/** All known action names, in definition order. */
	getActions(): string[] {
		return [...this.defaults.keys()];
	}
}
