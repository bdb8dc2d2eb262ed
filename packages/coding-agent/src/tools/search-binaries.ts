/**
 * Locating ripgrep and fd (tools.md §6.1 "Implementations"): `<agentDir>/bin/` first, then `PATH`; each candidate
 * is probed once per process with `--version`. Debian installs fd as `fdfind`, so fd is looked up under both names.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The external search tools pi can use. */
export type SearchBinary = "rg" | "fd";

/** Executable names per tool, in lookup order. */
const EXECUTABLE_NAMES: Record<SearchBinary, readonly string[]> = { rg: ["rg"], fd: ["fd", "fdfind"] };

/** What `--version` must print first, so an unrelated program that happens to be called `fd` is not used. */
const VERSION_PREFIXES: Record<SearchBinary, readonly string[]> = { rg: ["ripgrep "], fd: ["fd ", "fdfind "] };

const PROBE_TIMEOUT_MS = 5000;

/** Probe results by command (absolute path or bare name), kept for the life of the process. */
const probes = new Map<string, Promise<boolean>>();

function probe(command: string, binary: SearchBinary): Promise<boolean> {
	let result = probes.get(command);
	if (!result) {
		result = new Promise((resolve) => {
			execFile(command, ["--version"], { timeout: PROBE_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
				resolve(!error && VERSION_PREFIXES[binary].some((prefix) => String(stdout).startsWith(prefix)));
			});
		});
		probes.set(command, result);
	}
	return result;
}

/**
 * The command to run for `binary`, or `undefined` when it is not installed: an absolute path inside
 * `<agentDir>/bin/`, otherwise a bare name the system resolves through `PATH`.
 */
export async function findSearchBinary(binary: SearchBinary, agentDir?: string): Promise<string | undefined> {
	const names = EXECUTABLE_NAMES[binary];
	if (agentDir) {
		for (const name of names) {
			const path = join(agentDir, "bin", name);
			if (existsSync(path) && (await probe(path, binary))) return path;
		}
	}
	for (const name of names) {
		if (await probe(name, binary)) return name;
	}
	return undefined;
}
