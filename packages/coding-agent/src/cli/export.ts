/**
 * `pi --export <session.jsonl> [out.html]`: writes a session file as HTML (default name as RPC `export_html`).
 */
import { exportSessionFile } from "../core/export-html/index.js";
import { CliError } from "./errors.js";

/** Exports `sessionPath` (relative to `cwd`) and returns the written path; failures end the CLI with exit 1. */
export async function exportSession(
	sessionPath: string,
	output: string | undefined,
	cwd: string,
	stderr: NodeJS.WritableStream,
): Promise<string> {
	try {
		return await exportSessionFile(sessionPath, output, { cwd, onWarning: (message) => stderr.write(`${message}\n`) });
	} catch (error) {
		throw new CliError((error as Error).message);
	}
}
