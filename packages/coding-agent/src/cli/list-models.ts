/**
 * `pi --list-models [search]`: the available models (their provider resolves a key) as an aligned table.
 */
import type { Model } from "@pi/ai";
import { AuthStorage } from "../core/config/auth-storage.js";
import { ModelRegistry } from "../core/config/model-registry.js";

const HEADERS = ["provider", "model", "context", "maxOut", "thinking", "images"] as const;

/** 200000 → 200K, 1048576 → 1M (one decimal when not whole). */
export function formatTokenCount(count: number): string {
	const format = (value: number, unit: string) =>
		`${Number.isInteger(value) ? value : Number(value.toFixed(1))}${unit}`;
	if (count >= 1_000_000) return format(count / 1_000_000, "M");
	if (count >= 1_000) return format(count / 1_000, "K");
	return String(count);
}

/** The table rows for `models`, filtered by a case-insensitive substring of provider, id or name. */
export function modelTableRows(models: readonly Model[], search?: string): string[][] {
	const needle = search?.toLowerCase();
	return models
		.filter(
			(m) =>
				!needle ||
				m.provider.toLowerCase().includes(needle) ||
				m.id.toLowerCase().includes(needle) ||
				m.name.toLowerCase().includes(needle),
		)
		.sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id))
		.map((m) => [
			m.provider,
			m.id,
			formatTokenCount(m.contextWindow),
			formatTokenCount(m.maxTokens),
			m.reasoning ? "yes" : "no",
			m.input.includes("image") ? "yes" : "no",
		]);
}

/** Pads columns to their widest cell. */
export function formatTable(rows: readonly (readonly string[])[]): string {
	const all = [HEADERS as readonly string[], ...rows];
	const widths = HEADERS.map((_, column) => Math.max(...all.map((row) => row[column]!.length)));
	return all
		.map((row) =>
			row
				.map((cell, i) => cell.padEnd(widths[i]!))
				.join("  ")
				.trimEnd(),
		)
		.join("\n");
}

/** Prints the table (or a hint when nothing matches) on `out`; models.json and auth.json problems go to `err`. */
export function listModels(
	agentDir: string,
	search: string | undefined,
	out: NodeJS.WritableStream,
	err: NodeJS.WritableStream,
): void {
	const warn = (message: string) => err.write(`${message}\n`);
	const auth = AuthStorage.create({ agentDir, onWarning: warn });
	const registry = new ModelRegistry({ agentDir, auth, onError: warn, onWarning: warn });
	const rows = modelTableRows(registry.getAvailable(), search);
	if (rows.length === 0) {
		out.write(
			search
				? `No available model matches "${search}".\n`
				: "No models available. Set an API key environment variable or add a provider in models.json.\n",
		);
		return;
	}
	out.write(`${formatTable(rows)}\n`);
}
