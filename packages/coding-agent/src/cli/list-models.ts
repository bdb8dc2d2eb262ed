/**
 * `pi --list-models [search] [--all]`: the models whose provider has credentials (a key, a sign-in, or an ambient
 * chain such as AWS or Google ADC) as an aligned table; `--all` lists the whole catalogue with an `auth` column.
 * When models are left out, one line on stderr says how many and how to see them.
 */
import type { Model } from "@pi/ai";
import { AuthStorage } from "../core/config/auth-storage.js";
import { ModelRegistry } from "../core/config/model-registry.js";

const HEADERS = ["provider", "model", "context", "maxOut", "thinking", "images"] as const;
/** The extra column of `--all`: whether the model's provider has credentials. */
const AUTH_HEADER = "auth";

/** Messages of this command. */
export const LIST_MODELS_TEXTS = {
	noMatch: (search: string) => `No available model matches "${search}".`,
	noneAvailable: "No models available. Set an API key environment variable or add a provider in models.json.",
	noneAtAll: (search: string) => `No model matches "${search}".`,
	hidden: (count: number, search: string | undefined) =>
		`${count} more model${count === 1 ? "" : "s"}${search ? ` matching "${search}"` : ""} without credentials ` +
		`not shown; pi --list-models${search ? ` ${search}` : ""} --all lists them.`,
};

/** 200000 → 200K, 1048576 → 1M (one decimal when not whole). */
export function formatTokenCount(count: number): string {
	const format = (value: number, unit: string) =>
		`${Number.isInteger(value) ? value : Number(value.toFixed(1))}${unit}`;
	if (count >= 1_000_000) return format(count / 1_000_000, "M");
	if (count >= 1_000) return format(count / 1_000, "K");
	return String(count);
}

/** Whether a model matches a case-insensitive substring of provider, id or name (everything without a search). */
function matches(model: Model, needle: string | undefined): boolean {
	return (
		!needle ||
		model.provider.toLowerCase().includes(needle) ||
		model.id.toLowerCase().includes(needle) ||
		model.name.toLowerCase().includes(needle)
	);
}

/** Provider, then id; plain comparison (localeCompare is slow over a thousand rows and gains nothing here). */
function byProviderAndId(a: Model, b: Model): number {
	if (a.provider !== b.provider) return a.provider < b.provider ? -1 : 1;
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The table rows for `models`, filtered by a case-insensitive substring of provider, id or name. With
 * `hasCredentials`, each row ends with the `auth` cell (yes/no).
 */
export function modelTableRows(
	models: readonly Model[],
	search?: string,
	hasCredentials?: (model: Model) => boolean,
): string[][] {
	const needle = search?.toLowerCase();
	return models
		.filter((m) => matches(m, needle))
		.sort(byProviderAndId)
		.map((m) => {
			const row = [
				m.provider,
				m.id,
				formatTokenCount(m.contextWindow),
				formatTokenCount(m.maxTokens),
				m.reasoning ? "yes" : "no",
				m.input.includes("image") ? "yes" : "no",
			];
			if (hasCredentials) row.push(hasCredentials(m) ? "yes" : "no");
			return row;
		});
}

/** Pads columns to their widest cell; the header row has as many columns as the rows. */
export function formatTable(rows: readonly (readonly string[])[]): string {
	const columns = rows[0]?.length ?? HEADERS.length;
	const header = [...HEADERS, AUTH_HEADER].slice(0, columns);
	const widths = header.map((name) => name.length);
	for (const row of rows) for (let i = 0; i < columns; i++) widths[i] = Math.max(widths[i]!, row[i]!.length);
	return [header, ...rows]
		.map((row) =>
			row
				.map((cell, i) => cell.padEnd(widths[i]!))
				.join("  ")
				.trimEnd(),
		)
		.join("\n");
}

export interface ListModelsOptions {
	/** Substring of provider, id or name. */
	search?: string;
	/** Every model, with the `auth` column, instead of only those with credentials. */
	all?: boolean;
}

/** Prints the table (or a hint when nothing matches) on `out`; models.json and auth.json problems go to `err`. */
export function listModels(
	agentDir: string,
	options: ListModelsOptions,
	out: NodeJS.WritableStream,
	err: NodeJS.WritableStream,
): void {
	const { search, all = false } = options;
	const warn = (message: string) => err.write(`${message}\n`);
	const auth = AuthStorage.create({ agentDir, onWarning: warn });
	const registry = new ModelRegistry({ agentDir, auth, onError: warn, onWarning: warn });
	// Credentials are per provider: ask once per provider, not once per model.
	const byProvider = new Map<string, boolean>();
	const hasCredentials = (model: Model) => {
		let known = byProvider.get(model.provider);
		if (known === undefined) {
			known = registry.isAvailable(model);
			byProvider.set(model.provider, known);
		}
		return known;
	};
	const needle = search?.toLowerCase();
	const matching = registry.getAll().filter((model) => matches(model, needle));
	const shown = all ? matching : matching.filter(hasCredentials);
	const rows = modelTableRows(shown, undefined, all ? hasCredentials : undefined);
	if (rows.length > 0) out.write(`${formatTable(rows)}\n`);
	else if (!search) out.write(`${LIST_MODELS_TEXTS.noneAvailable}\n`);
	else out.write(`${all ? LIST_MODELS_TEXTS.noneAtAll(search) : LIST_MODELS_TEXTS.noMatch(search)}\n`);
	const hidden = matching.length - shown.length;
	if (hidden > 0) warn(LIST_MODELS_TEXTS.hidden(hidden, search));
}
