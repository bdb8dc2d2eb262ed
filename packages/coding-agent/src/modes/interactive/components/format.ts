/** Small formatting helpers shared by the interactive components (paths, durations, token counts, money). */
import { isAbsolute, relative, sep } from "node:path";

/** `path` shown relative to `cwd` when inside it, with the home directory as `~` otherwise. */
export function displayPath(path: string, cwd?: string, home?: string): string {
	if (cwd && isAbsolute(path)) {
		const rel = relative(cwd, path);
		if (rel === "") return ".";
		if (!rel.startsWith("..") && !isAbsolute(rel)) return rel;
	}
	return tildePath(path, home);
}

/** `path` with a leading home directory replaced by `~`. */
export function tildePath(path: string, home?: string): string {
	if (!home) return path;
	if (path === home) return "~";
	if (path.startsWith(home + sep) || path.startsWith(`${home}/`)) return `~${path.slice(home.length)}`;
	return path;
}

/** Milliseconds as `850ms`, `4.2s` or `3m 05s`. */
export function formatDuration(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)}ms`;
	const seconds = ms / 1000;
	if (seconds < 60) return `${seconds.toFixed(1)}s`;
	const minutes = Math.floor(seconds / 60);
	return `${minutes}m ${String(Math.floor(seconds % 60)).padStart(2, "0")}s`;
}

/** Token counts as `950`, `12.3k`, `1.2M`. */
export function formatTokens(count: number): string {
	if (count < 1000) return String(Math.round(count));
	if (count < 10_000) return `${(count / 1000).toFixed(1)}k`;
	if (count < 1_000_000) return `${Math.round(count / 1000)}k`;
	return `${(count / 1_000_000).toFixed(1)}M`;
}

/** USD amounts as `$0.012` below a dollar, `$1.23` above. */
export function formatCost(usd: number): string {
	return usd < 1 ? `$${usd.toFixed(3)}` : `$${usd.toFixed(2)}`;
}

/** Bytes as `512B`, `4.0KB`, `1.2MB` (the tools' formatSize convention). */
export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes}B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
	return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}
