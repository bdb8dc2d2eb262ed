/**
 * Compiles one extension entry into a single ES module with esbuild (imported only here, and only on a cache miss):
 * the extension's own files (TypeScript or JavaScript) are bundled; everything else stays outside and loads natively:
 * - Node built-ins as they are;
 * - aliased module names (aliases.ts: the pi packages, TypeBox) become bridges to the running pi's namespaces
 *   (namespaces.ts), which esbuild drops when the extension uses none of their exports;
 * - other bare imports are resolved from the importing file (the extension's own node_modules, ESM or CommonJS) to
 *   an absolute file URL, so each dependency is evaluated once, natively, from where it is installed.
 * A dependency shipped as TypeScript source is bundled like the extension's own files.
 * `import.meta.url`/`dirname`/`filename`, `__dirname` and `__filename` in a bundled file keep meaning that file.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, extname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Loader, Message, OnResolveArgs, Plugin, PluginBuild } from "esbuild";
import { aliasFor, type PiNamespace } from "./aliases.js";
import { type CachedInput, describeInput } from "./cache.js";
import { bridgeSource, loadNamespace } from "./namespaces.js";
import { loadingTexts } from "./texts.js";

/** The result of a successful compile. */
export interface CompiledExtension {
	code: string;
	inputs: CachedInput[];
	externals: string[];
}

/** A compile failure whose message names the file, line and column (or the unresolvable import). */
export class CompileError extends Error {}

const LOADERS: Readonly<Record<string, Loader>> = {
	".ts": "ts",
	".mts": "ts",
	".cts": "ts",
	".tsx": "tsx",
	".js": "js",
	".mjs": "js",
	".cjs": "js",
	".jsx": "jsx",
};
const TYPESCRIPT_SOURCE = /\.(c|m)?tsx?$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const BUILTINS = new Set(builtinModules);
/** esbuild namespaces: a pi module name as the extension wrote it, and one bridge per running-pi namespace. */
const MODULE_NAMESPACE = "pi-module";
const BRIDGE_NAMESPACE = "pi-namespace";
/** Marks the resolve calls the plugin makes itself, so its own onResolve lets esbuild answer them. */
const INNER_RESOLVE = Symbol("inner");

/** This module's folder: where our own dependencies (TypeBox) are resolved from, bundled or not. */
const OWN_DIR = dirname(fileURLToPath(import.meta.url));

function isBuiltin(specifier: string): boolean {
	return specifier.startsWith("node:") || BUILTINS.has(specifier) || BUILTINS.has(specifier.split("/")[0] ?? "");
}

function isBare(specifier: string): boolean {
	return !specifier.startsWith(".") && !specifier.startsWith("/") && !/^[a-z]+:/i.test(specifier);
}

/**
 * Spelled apart: scripts/bundle.mjs rewrites that expression's full text in our own sources, and this file must
 * reach the bundle unchanged.
 */
const IMPORT_META = ["import", "meta"].join(".");

/** Values that make a bundled file's own-location expressions mean its original path. */
function locationDefines(path: string): Record<string, string> {
	return {
		[`${IMPORT_META}.url`]: JSON.stringify(pathToFileURL(path).href),
		[`${IMPORT_META}.filename`]: JSON.stringify(path),
		[`${IMPORT_META}.dirname`]: JSON.stringify(dirname(path)),
		__filename: JSON.stringify(path),
		__dirname: JSON.stringify(dirname(path)),
	};
}

const MISSING_EXPORT = new RegExp(`^No matching export in "${MODULE_NAMESPACE}:([^"]+)" for import "([^"]+)"$`);

/** "file:line:col: text" of an esbuild message; esbuild gives paths relative to the working directory `base`. */
function formatMessage(message: Message, base: string): string {
	const missing = MISSING_EXPORT.exec(message.text);
	const text = missing ? loadingTexts.missingExport(missing[2] ?? "", missing[1] ?? "") : message.text;
	const location = message.location;
	if (!location) return text;
	return `${resolve(base, location.file)}:${location.line}:${location.column + 1}: ${text}`;
}

/**
 * Whether an import of TypeBox 1.x's name (`typebox`, `typebox/...`) is satisfied by a `typebox` the extension
 * installed itself: that one is used (natively, like any dependency), since its 1.x API (`Compile`, `Errors`, ...)
 * differs from the 0.34 pi shares; without one, the name is an alias of pi's TypeBox.
 */
async function ownTypebox(build: PluginBuild, args: OnResolveArgs): Promise<boolean> {
	if (args.path !== "typebox" && !args.path.startsWith("typebox/")) return false;
	const resolved = await build.resolve(args.path, {
		kind: args.kind,
		resolveDir: args.resolveDir,
		importer: args.importer,
		pluginData: INNER_RESOLVE,
	});
	return resolved.errors.length === 0 && Boolean(resolved.path);
}

function piPlugin(esbuild: typeof import("esbuild"), externals: Set<string>): Plugin {
	return {
		name: "pi-extension",
		setup(build: PluginBuild) {
			build.onResolve({ filter: /.*/ }, async (args) => {
				if (args.pluginData === INNER_RESOLVE || args.namespace === MODULE_NAMESPACE) return undefined;
				if (args.namespace === BRIDGE_NAMESPACE) return undefined;
				const specifier = args.path;
				if (isBuiltin(specifier)) return { path: specifier, external: true };
				if (!isBare(specifier)) return undefined; // the extension's own files: esbuild resolves and bundles them
				const alias = (await ownTypebox(build, args)) ? undefined : aliasFor(specifier);
				// Bridges have no side effects for esbuild: one whose exports the extension never uses (a type-only
				// import, the UI half of the coding-agent name) is dropped, and its namespace never loaded.
				if (alias?.kind === "namespaces") return { path: specifier, namespace: MODULE_NAMESPACE, sideEffects: false };
				const fromOwnPackage = alias?.kind === "package";
				const resolved = await build.resolve(fromOwnPackage ? alias.specifier : specifier, {
					kind: args.kind,
					resolveDir: fromOwnPackage ? OWN_DIR : args.resolveDir,
					importer: args.importer,
					pluginData: INNER_RESOLVE,
				});
				if (resolved.errors.length > 0 || !resolved.path) {
					return { errors: [{ text: loadingTexts.missingModule(specifier, args.resolveDir) }] };
				}
				if (TYPESCRIPT_SOURCE.test(resolved.path)) return { path: resolved.path };
				externals.add(resolved.path);
				// require() needs a path, import a URL (an absolute path is not a valid specifier on Windows).
				const external = args.kind === "require-call" ? resolved.path : pathToFileURL(resolved.path).href;
				return { path: external, external: true };
			});

			// Inside a pi module, each name is a bridge.
			build.onResolve({ filter: /.*/, namespace: MODULE_NAMESPACE }, (args) => ({
				path: args.path,
				namespace: BRIDGE_NAMESPACE,
				sideEffects: false,
			}));

			// A pi module re-exports each name from the first of its namespaces that has it.
			build.onLoad({ filter: /.*/, namespace: MODULE_NAMESPACE }, async (args) => {
				const alias = aliasFor(args.path);
				const namespaces = alias?.kind === "namespaces" ? alias.namespaces : [];
				const taken = new Set<string>();
				const lines: string[] = [];
				for (const namespace of namespaces) {
					const names = Object.keys(await loadNamespace(namespace)).filter(
						(name) => IDENTIFIER.test(name) && name !== "default" && !taken.has(name),
					);
					for (const name of names) taken.add(name);
					if (names.length > 0) lines.push(`export { ${names.join(", ")} } from ${JSON.stringify(namespace)};`);
				}
				return { contents: lines.join("\n"), loader: "js" };
			});

			build.onLoad({ filter: /.*/, namespace: BRIDGE_NAMESPACE }, async (args) => {
				const namespace = args.path as PiNamespace;
				return { contents: bridgeSource(namespace, Object.keys(await loadNamespace(namespace))), loader: "js" };
			});

			build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
				const loader = LOADERS[extname(args.path)];
				if (!loader) return undefined;
				const source = readFileSync(args.path, "utf8");
				try {
					const result = await esbuild.transform(source, {
						loader,
						sourcefile: args.path,
						define: locationDefines(args.path),
						target: "node20",
						logLevel: "silent",
					});
					return { contents: result.code, loader: "js", resolveDir: dirname(args.path) };
				} catch (error) {
					// Hand the syntax errors (with their file, line and column) to the build instead of one wrapped text.
					const errors = (error as { errors?: Message[] }).errors;
					if (errors?.length) return { errors };
					throw error;
				}
			});
		},
	};
}

/** Bundles `entry`; throws a {@link CompileError} naming the file and position on a syntax or resolution error. */
export async function compileExtension(entry: string): Promise<CompiledExtension> {
	const esbuild = await import("esbuild");
	const externals = new Set<string>();
	let result: import("esbuild").BuildResult<{ metafile: true; write: false }>;
	try {
		result = await esbuild.build({
			entryPoints: [entry],
			absWorkingDir: dirname(entry),
			bundle: true,
			write: false,
			metafile: true,
			format: "esm",
			platform: "node",
			target: "node20",
			logLevel: "silent",
			plugins: [piPlugin(esbuild, externals)],
		});
	} catch (error) {
		const errors = (error as { errors?: Message[] }).errors;
		if (errors?.length)
			throw new CompileError(errors.map((message) => formatMessage(message, dirname(entry))).join("\n"));
		throw error;
	}
	let code = result.outputFiles[0]?.text ?? "";
	// esbuild calls a global `require` for require() of externals in bundled files; give it one relative to the entry.
	if (code.includes("__require(") && !/^(?:const|let|var) require\b/m.test(code)) {
		code = `import { createRequire as __piCreateRequire } from "node:module";\nconst require = __piCreateRequire(${JSON.stringify(pathToFileURL(entry).href)});\n${code}`;
	}
	const inputs = Object.keys(result.metafile.inputs)
		.filter((input) => !input.includes(":"))
		.map((input) => describeInput(resolve(dirname(entry), input)));
	return { code, inputs, externals: [...externals] };
}
