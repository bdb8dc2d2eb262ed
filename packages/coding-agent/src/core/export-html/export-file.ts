/**
 * `pi --export <session.jsonl> [out.html]`: loads a session file through the session module's loader and writes
 * its HTML export.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";
import { loadSessionFile, SessionError, type SessionWarningHandler, sessionMessages } from "../session/index.js";
import { exportMessages } from "./messages.js";
import { renderSessionHtml } from "./render.js";

/** Options of {@link exportSessionFile}. */
export interface ExportSessionFileOptions {
	/** Directory that relative paths and the default output name resolve against. Default: `process.cwd()`. */
	cwd?: string;
	/** Page title; default: the session name. */
	title?: string;
	/** Receives load warnings (malformed lines and the like). */
	onWarning?: SessionWarningHandler;
}

/** `pi-session-<session file name without .jsonl>.html` (rpc.md `export_html`). */
export function defaultExportFileName(sessionPath: string): string {
	return `pi-session-${basename(sessionPath).replace(/\.jsonl$/, "")}.html`;
}

/**
 * Exports a session file to HTML and returns the absolute path written. The leaf is the last entry in file order
 * (as after loading). `outputPath` defaults to {@link defaultExportFileName} in `cwd`.
 *
 * Errors (`SessionError`, message final for the user): `Session file not found: <path>`,
 * `Not a pi session file: <path>`, and `Nothing to export yet: start a conversation first` for an empty file.
 */
export async function exportSessionFile(
	sessionPath: string,
	outputPath?: string,
	options: ExportSessionFileOptions = {},
): Promise<string> {
	const cwd = options.cwd ?? process.cwd();
	const source = resolve(cwd, sessionPath);
	if (!existsSync(source)) throw new SessionError(sessionMessages.fileNotFound(source));
	// A read for export must not rewrite an old-version file on disk.
	const loaded = loadSessionFile(source, { cwd, onWarning: options.onWarning, rewriteMigrated: false });
	if (loaded.empty) throw new SessionError(exportMessages.nothingToExport);
	const entries = loaded.entries;
	const html = renderSessionHtml({
		header: loaded.header,
		entries,
		leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
		title: options.title,
	});
	const target = resolve(cwd, outputPath ?? defaultExportFileName(source));
	await mkdir(dirname(target), { recursive: true });
	await writeFile(target, html, "utf8");
	return target;
}
