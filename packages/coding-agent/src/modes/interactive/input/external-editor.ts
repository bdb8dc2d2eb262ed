/** Ctrl+G: edit the prompt in $VISUAL / $EDITOR through a temporary file. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Opens `text` in `command` (run by the shell, so `code --wait` works) with the terminal handed over; returns the
 * edited text without its final newline, or undefined when the editor failed.
 */
export function editInExternalEditor(command: string, text: string): string | undefined {
	const dir = mkdtempSync(join(tmpdir(), "pi-edit-"));
	const file = join(dir, "prompt.md");
	try {
		writeFileSync(file, text);
		const result = spawnSync(`${command} "${file}"`, { stdio: "inherit", shell: true });
		if (result.status !== 0) return undefined;
		return readFileSync(file, "utf8").replace(/\n$/, "");
	} catch {
		return undefined;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
