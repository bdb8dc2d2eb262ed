/** Temp folders, a host that records load errors, and loading through the cache for the loading*.test.ts files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { ExtensionHost } from "../../../src/core/extensions/host.js";
import { loadExtensions } from "../../../src/core/extensions/loader.js";
import type { ExtensionErrorEvent } from "../../../src/core/extensions/types.js";

export interface LoadingWorld {
	root: string;
	cacheDir: string;
}

/** A fresh temp root (with a cache folder path inside) per test. */
export function useLoadingWorld(): LoadingWorld {
	const world = { root: "", cacheDir: "" };
	beforeEach(() => {
		world.root = mkdtempSync(join(tmpdir(), "pi-loading-"));
		world.cacheDir = join(world.root, "cache");
	});
	afterEach(() => rmSync(world.root, { recursive: true, force: true }));
	return world;
}

/** Writes a file, creating its folders; returns its path. */
export function write(path: string, text: string): string {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
	return path;
}

/** Loads `paths` (origin cli) into a new host through the cache; returns the host and the load errors. */
export async function loadInto(world: LoadingWorld, paths: string[]) {
	const errors: ExtensionErrorEvent[] = [];
	const host = new ExtensionHost({ cwd: world.root, onError: (error) => errors.push(error) });
	await loadExtensions(
		host,
		paths.map((path) => ({ path, origin: "cli" as const })),
		world.root,
		{ cacheDir: world.cacheDir },
	);
	return { host, errors, commands: host.listCommands().map((command) => command.name) };
}

/** A slot on globalThis where a test extension leaves what it saw, keyed by test. */
export function takeSeen<T>(key: string): T {
	const slot = globalThis as Record<string, unknown>;
	const value = slot[key] as T;
	delete slot[key];
	return value;
}
