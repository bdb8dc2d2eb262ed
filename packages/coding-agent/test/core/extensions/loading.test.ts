/**
 * Loading TypeScript and JavaScript extensions (extensions.md "Where pi finds extensions", "TypeScript and
 * dependencies"): single files, folders with an index file, package.json `pi.extensions`, relative imports, an
 * extension's own node_modules, and the errors that name the extension file.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { findExtensions } from "../../../src/core/extensions/loader.js";
import { loadingTexts } from "../../../src/core/extensions/loading/texts.js";
import { loadInto, takeSeen, useLoadingWorld, write } from "./loading-helpers.js";

const world = useLoadingWorld();

describe("TypeScript extensions", () => {
	it("a single .ts file with types, interfaces and an enum loads and registers", async () => {
		const file = write(
			join(world.root, "typed.ts"),
			[
				"interface Greeting { word: string }",
				"enum Level { Low = 1, High = 2 }",
				"const greeting: Greeting = { word: 'hi' };",
				"export default function (pi: { registerCommand(name: string, command: object): void }): void {",
				"\tpi.registerCommand(greeting.word + '-' + Level.High, { handler: async (): Promise<void> => {} });",
				"}",
			].join("\n"),
		);
		const { commands, errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		expect(commands).toEqual(["hi-2"]);
	});

	it(".mts, .cts and .mjs files load; a .cts file's module.exports is its factory", async () => {
		const mts = write(
			join(world.root, "a.mts"),
			"export default (pi: any) => pi.registerCommand('from-mts', { handler() {} });\n",
		);
		const cts = write(
			join(world.root, "b.cts"),
			"module.exports = (pi: any) => pi.registerCommand('from-cts', { handler() {} });\n",
		);
		const mjs = write(
			join(world.root, "c.mjs"),
			"export default (pi) => pi.registerCommand('from-mjs', { handler() {} });\n",
		);
		const { commands, errors } = await loadInto(world, [mts, cts, mjs]);
		expect(errors).toEqual([]);
		expect(commands).toEqual(["from-mts", "from-cts", "from-mjs"]);
	});

	it("a folder's index.ts imports sibling .ts files by .js, extensionless and .ts specifiers", async () => {
		const dir = join(world.root, "multi");
		write(join(dir, "one.ts"), "export const one: number = 1;\n");
		write(join(dir, "two.ts"), "export const two: number = 2;\n");
		write(join(dir, "lib", "three.ts"), "export const three: number = 3;\n");
		write(
			join(dir, "index.ts"),
			[
				'import { one } from "./one.js";',
				'import { two } from "./two";',
				'import { three } from "./lib/three.ts";',
				"export default (pi: any) => pi.registerCommand('sum-' + (one + two + three), { handler() {} });",
			].join("\n"),
		);
		const [source] = findExtensions({ cwd: world.root, agentDir: join(world.root, "agent"), cliPaths: [dir] });
		expect(source?.path).toBe(join(dir, "index.ts"));
		const { commands, errors } = await loadInto(world, [source!.path]);
		expect(errors).toEqual([]);
		expect(commands).toEqual(["sum-6"]);
	});

	it("import.meta.url, __dirname and __filename in a bundled file still name that file", async () => {
		const dir = join(world.root, "where");
		write(
			join(dir, "nested", "paths.ts"),
			"export const paths = { url: import.meta.url, dir: __dirname, file: __filename };\n",
		);
		write(
			join(dir, "index.ts"),
			[
				'import { paths } from "./nested/paths";',
				"export default () => { (globalThis as any).__loadingWhere = { ...paths, entryUrl: import.meta.url }; };",
			].join("\n"),
		);
		const { errors } = await loadInto(world, [join(dir, "index.ts")]);
		expect(errors).toEqual([]);
		const nested = join(dir, "nested", "paths.ts");
		expect(takeSeen("__loadingWhere")).toEqual({
			url: pathToFileURL(nested).href,
			dir: join(dir, "nested"),
			file: nested,
			entryUrl: pathToFileURL(join(dir, "index.ts")).href,
		});
	});
});

describe("discovery", () => {
	it("an extensions directory holds .ts/.mts/.cts/.js/.mjs files and folders with index.ts/.mts/.js/.mjs; declaration files are skipped", () => {
		const agentDir = join(world.root, "agent");
		const extensions = join(agentDir, "extensions");
		const files = ["a.ts", "b.mts", "c.cts", "d.js", "e.mjs"].map((name) => write(join(extensions, name), ""));
		write(join(extensions, "types.d.ts"), "");
		write(join(extensions, "readme.md"), "");
		const folders = ["index.ts", "index.mts", "index.js", "index.mjs"].map((index, i) =>
			write(join(extensions, `f${i}`, index), ""),
		);
		write(join(extensions, "no-index", "helper.ts"), "");
		const found = findExtensions({ cwd: join(world.root, "project"), agentDir }).map((source) => source.path);
		expect(found).toEqual([...files, ...folders]);
	});

	it("a folder whose package.json lists pi.extensions loads those entries (files, folders, globs) instead of its index", () => {
		const agentDir = join(world.root, "agent");
		const pkg = join(agentDir, "extensions", "my-package");
		write(
			join(pkg, "package.json"),
			JSON.stringify({ name: "my-package", pi: { extensions: ["./src/main.ts", "./tools", "./more/*.ts"] } }),
		);
		write(join(pkg, "index.ts"), "");
		const main = write(join(pkg, "src", "main.ts"), "");
		const tools = write(join(pkg, "tools", "index.ts"), "");
		const more = ["x.ts", "y.ts"].map((name) => write(join(pkg, "more", name), ""));
		const found = findExtensions({ cwd: join(world.root, "project"), agentDir }).map((source) => source.path);
		expect(found).toEqual([main, tools, ...more]);
		// The same folder given with -e.
		const explicit = findExtensions({ cwd: world.root, agentDir, cliPaths: [pkg], noDiscovery: true });
		expect(explicit.map((source) => source.path)).toEqual([main, tools, ...more]);
	});
});

describe("dependencies in the extension's own node_modules", () => {
	it("ESM and CommonJS packages load natively from where they are installed, once", async () => {
		const dir = join(world.root, "with-deps");
		write(
			join(dir, "node_modules", "shout-esm", "package.json"),
			JSON.stringify({ name: "shout-esm", type: "module", exports: { ".": { import: "./index.js" } } }),
		);
		write(
			join(dir, "node_modules", "shout-esm", "index.js"),
			"export const shout = (text) => text.toUpperCase();\nexport const where = import.meta.url;\n",
		);
		write(
			join(dir, "node_modules", "twice-cjs", "package.json"),
			JSON.stringify({ name: "twice-cjs", main: "main.js" }),
		);
		write(join(dir, "node_modules", "twice-cjs", "main.js"), "exports.twice = (text) => text + text;\n");
		write(
			join(dir, "index.ts"),
			[
				'import { shout, where } from "shout-esm";',
				'import { twice } from "twice-cjs";',
				"export default () => { (globalThis as any).__loadingDeps = { text: twice(shout('ab')), where }; };",
			].join("\n"),
		);
		const { errors } = await loadInto(world, [join(dir, "index.ts")]);
		expect(errors).toEqual([]);
		expect(takeSeen("__loadingDeps")).toEqual({
			text: "ABAB",
			where: pathToFileURL(join(dir, "node_modules", "shout-esm", "index.js")).href,
		});
	});
});

describe("errors name the extension file; the other extensions still load", () => {
	it("a syntax error gives file:line:col", async () => {
		const broken = write(
			join(world.root, "broken.ts"),
			"const a: number = 1;\nconst b = ;\nexport default () => {};\n",
		);
		const good = write(
			join(world.root, "good.ts"),
			"export default (pi: any) => pi.registerCommand('good', { handler() {} });\n",
		);
		const { errors, commands } = await loadInto(world, [broken, good]);
		expect(commands).toEqual(["good"]);
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatchObject({ extensionPath: broken, event: "load" });
		expect(errors[0]?.error).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:2:11: `));
	});

	it("a syntax error in an imported local file names that file", async () => {
		const dir = join(world.root, "deep");
		const helper = write(join(dir, "helper.ts"), "export const x = {;\n");
		const entry = write(join(dir, "index.ts"), 'import { x } from "./helper";\nexport default () => x;\n');
		const { errors } = await loadInto(world, [entry]);
		expect(errors[0]?.extensionPath).toBe(entry);
		expect(errors[0]?.error).toContain(`${helper}:1:`);
	});

	it("a missing dependency names the import, the importing file and what to install", async () => {
		const entry = write(
			join(world.root, "needs.ts"),
			'import { z } from "zod-not-installed/sub";\nexport default () => z;\n',
		);
		const { errors } = await loadInto(world, [entry]);
		expect(errors[0]?.extensionPath).toBe(entry);
		expect(errors[0]?.error).toContain(`${entry}:1:`);
		expect(errors[0]?.error).toContain(loadingTexts.missingModule("zod-not-installed/sub", world.root));
	});

	it("a missing file and a module without a default export", async () => {
		const missing = join(world.root, "missing.ts");
		const noDefault = write(join(world.root, "no-default.ts"), "export const value: number = 1;\n");
		const { errors } = await loadInto(world, [missing, noDefault]);
		expect(errors.map((error) => [error.extensionPath, error.error])).toEqual([
			[missing, loadingTexts.notFound(missing)],
			[noDefault, loadingTexts.noFactory],
		]);
	});
});
