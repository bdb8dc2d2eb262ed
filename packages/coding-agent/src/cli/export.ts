/**
 * `pi --export <session.jsonl> [out.html]`: writes a session file as HTML (default name as RPC `export_html`).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CliError } from "./errors.js";

/** Exports `sessionPath` (relative to `cwd`) and returns the written path. */
export async function exportSessionFile(sessionPath: string, output: string | undefined, cwd: string): Promise<string> {
	const input = resolve(cwd, sessionPath);
	if (!existsSync(input)) throw new CliError(`Session file not found: ${input}`);
	// The HTML exporter is being written alongside; the module name is kept dynamic until its types land.
	const exporterPath = "../core/export-html/index.js";
	let exporter: {
		exportSessionFileToHtml?: (input: string, output: string | undefined, cwd: string) => Promise<string>;
	};
	try {
		exporter = await import(exporterPath);
	} catch {
		throw new CliError("HTML export is not available in this build yet.");
	}
	if (!exporter.exportSessionFileToHtml) throw new CliError("HTML export is not available in this build yet.");
	return exporter.exportSessionFileToHtml(input, output, cwd);
}
