import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

afterEach(() => {
	for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary directory removed after the test. */
export function tempDir(prefix = "pi-config-"): string {
	const dir = mkdtempSync(join(tmpdir(), prefix));
	created.push(dir);
	return dir;
}

/** Writes a file, creating parent directories. */
export function writeFile(path: string, content: string | object): string {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
	return path;
}

/** Collects warnings passed to an `onWarning` option. */
export function warningSink(): { warnings: string[]; onWarning: (message: string) => void } {
	const warnings: string[] = [];
	return { warnings, onWarning: (message) => warnings.push(message) };
}
