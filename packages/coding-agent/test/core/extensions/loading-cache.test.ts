/**
 * The compiled-extension cache (extensions.md "The cache"): a second load imports the cached module without
 * compiling; an edit to any local file the extension imports, or a deleted dependency, compiles again.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExtensionHost } from "../../../src/core/extensions/host.js";
import { loadExtensions } from "../../../src/core/extensions/loader.js";
import { findCached, manifestPath } from "../../../src/core/extensions/loading/cache.js";
import { loadInto, takeSeen, useLoadingWorld, write } from "./loading-helpers.js";

const world = useLoadingWorld();

/** An extension folder whose index.ts imports a helper; the factory reports the helper's value. */
function writeExtension(value: string): { entry: string; helper: string } {
	const dir = join(world.root, "cached");
	const helper = write(join(dir, "helper.ts"), `export const value: string = ${JSON.stringify(value)};\n`);
	const entry = write(
		join(dir, "index.ts"),
		'import { value } from "./helper";\nexport default () => { (globalThis as any).__loadingCache = value; };\n',
	);
	return { entry, helper };
}

const compiledModules = () => readdirSync(world.cacheDir).filter((name) => name.endsWith(".mjs"));

describe("the compiled-extension cache", () => {
	it("stores one module and a manifest of every input; a second load reuses them untouched", async () => {
		const { entry, helper } = writeExtension("first");
		await loadInto(world, [entry]);
		expect(takeSeen("__loadingCache")).toBe("first");
		const manifest = JSON.parse(readFileSync(manifestPath(world.cacheDir, entry), "utf8"));
		expect(manifest.inputs.map((input: { path: string }) => input.path).sort()).toEqual([entry, helper].sort());
		const [output] = compiledModules();
		expect(findCached(world.cacheDir, entry)).toBe(join(world.cacheDir, output!));
		const before = statSync(join(world.cacheDir, output!)).mtimeMs;

		await loadInto(world, [entry]);
		expect(takeSeen("__loadingCache")).toBe("first");
		expect(compiledModules()).toEqual([output]);
		expect(statSync(join(world.cacheDir, output!)).mtimeMs).toBe(before);
	});

	it("an edit to an imported local file compiles again under a new name and removes the old module", async () => {
		const { entry, helper } = writeExtension("before");
		await loadInto(world, [entry]);
		expect(takeSeen("__loadingCache")).toBe("before");
		const [old] = compiledModules();

		writeFileSync(helper, 'export const value: string = "after the edit";\n');
		expect(findCached(world.cacheDir, entry)).toBeUndefined();
		await loadInto(world, [entry]);
		expect(takeSeen("__loadingCache")).toBe("after the edit");
		expect(compiledModules()).toHaveLength(1);
		expect(compiledModules()).not.toContain(old);
	});

	it("a touched but unchanged file keeps the cache; a deleted dependency invalidates it", async () => {
		const dir = join(world.root, "dep-user");
		write(join(dir, "node_modules", "dep", "package.json"), JSON.stringify({ name: "dep", main: "index.js" }));
		const dependency = write(join(dir, "node_modules", "dep", "index.js"), "exports.value = 1;\n");
		const entry = write(join(dir, "index.ts"), 'import { value } from "dep";\nexport default () => value;\n');
		await loadInto(world, [entry]);
		const cached = findCached(world.cacheDir, entry);
		expect(cached).toBeDefined();

		writeFileSync(entry, readFileSync(entry, "utf8")); // new mtime, same content
		expect(findCached(world.cacheDir, entry)).toBe(cached);
		const manifest = JSON.parse(readFileSync(manifestPath(world.cacheDir, entry), "utf8"));
		const recorded = manifest.inputs.find((input: { path: string }) => input.path === entry);
		expect(recorded.mtimeMs).toBe(statSync(entry).mtimeMs);

		rmSync(dependency);
		expect(findCached(world.cacheDir, entry)).toBeUndefined();
	});

	it("two loads of the same extension at once both succeed and leave one module, no temporary files", async () => {
		const { entry } = writeExtension("together");
		const [first, second] = await Promise.all([loadInto(world, [entry]), loadInto(world, [entry])]);
		expect(first.errors).toEqual([]);
		expect(second.errors).toEqual([]);
		takeSeen("__loadingCache");
		expect(compiledModules()).toHaveLength(1);
		expect(readdirSync(world.cacheDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
	});

	it("an unwritable cache folder is reported and the extension loads from a temporary cache", async () => {
		const { entry } = writeExtension("elsewhere");
		writeFileSync(world.cacheDir, "a file where the cache folder should be");
		const warnings: string[] = [];
		const host = new ExtensionHost({ cwd: world.root });
		await loadExtensions(host, [{ path: entry, origin: "cli" }], world.root, {
			cacheDir: world.cacheDir,
			onWarning: (message) => warnings.push(message),
		});
		expect(takeSeen("__loadingCache")).toBe("elsewhere");
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(`cannot write the extension cache ${world.cacheDir}`);
	});

	it("a cache from another format is ignored", async () => {
		const { entry } = writeExtension("x");
		await loadInto(world, [entry]);
		takeSeen("__loadingCache");
		const path = manifestPath(world.cacheDir, entry);
		writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, "utf8")), format: -1 }));
		expect(findCached(world.cacheDir, entry)).toBeUndefined();
	});
});
