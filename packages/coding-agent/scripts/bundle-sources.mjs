// How scripts/bundle.mjs changes modules on their way into the bundle: an esbuild plugin (sourcesPlugin) that
//  - gives modules that resolve paths from their own location the URL of their original file (withModuleUrl);
//  - replaces the model catalogue's strings by reads from a data file (catalogue-data.txt);
//  - adds side-effect imports that put small modules always loaded together into one output file (fewer files at
//    start-up: Node 20 spends ~0.2 ms on each ES module it loads, whatever its size).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";

/** The SDK loader resolves bare requires from the bundle directory itself (the bundled SDKs live there). */
const SDK_LOADER = /[\\/]ai[\\/]dist[\\/]providers[\\/]shared[\\/]require-sdk\.js$/;

/**
 * Every output file sits directly in dist/bundle/, so `import.meta.url` there means dist/bundle/<file>. Files that
 * resolve paths from their own location (package.json for --version, CHANGELOG.md, createRequire for the provider
 * SDKs) get the URL of their original module instead, built from the bundle's own URL so the package stays movable.
 */
function withModuleUrl(outDir, path, source) {
	if (SDK_LOADER.test(path) || !source.includes("import.meta.url")) return source;
	const url = `new URL(${JSON.stringify(relative(outDir, path).split(sep).join("/"))}, import.meta.url).href`;
	return source.replaceAll("import.meta.url", url);
}

/**
 * The built-in model catalogue of @pi/ai (models/catalogue.generated.js: a JSON text per provider, ~300 KB) costs
 * ~1.7 ms to compile on every start that imports @pi/ai, `pi --help` and a `pi -p` on a models.json model included,
 * though a run needs one provider's models or none. In the bundle the module keeps its exports, but each provider's
 * text is read from CATALOGUE_DATA (by byte range) the first time it is asked for; the model registry asks only for
 * the providers a run uses.
 */
const CATALOGUE_MODULE = /[\\/]ai[\\/]dist[\\/]models[\\/]catalogue\.generated\.js$/;
export const CATALOGUE_DATA = "catalogue-data.txt";

/** The catalogue module for the bundle and the data file's bytes. */
async function lazyCatalogueModule(path) {
	const { CATALOGUE, CATALOGUE_INFO } = await import(pathToFileURL(path).href);
	const ranges = {};
	const parts = [];
	let offset = 0;
	for (const [provider, text] of Object.entries(CATALOGUE)) {
		const bytes = Buffer.from(text, "utf8");
		ranges[provider] = [offset, bytes.length];
		parts.push(bytes);
		offset += bytes.length;
	}
	const source = `import { closeSync, openSync, readSync } from "node:fs";
// Bundled form of @pi/ai's models/catalogue.generated.js (scripts/bundle-sources.mjs): provider texts read from
// ${CATALOGUE_DATA} on first use.
export const CATALOGUE_INFO = ${JSON.stringify(CATALOGUE_INFO)};
const RANGES = ${JSON.stringify(ranges)};
const DATA = new URL(${JSON.stringify(`./${CATALOGUE_DATA}`)}, import.meta.url);
const texts = new Map();
function readText(provider) {
	let text = texts.get(provider);
	if (text === undefined) {
		const [offset, length] = RANGES[provider];
		const bytes = Buffer.allocUnsafe(length);
		const fd = openSync(DATA, "r");
		try {
			for (let read = 0; read < length; ) {
				const count = readSync(fd, bytes, read, length - read, offset + read);
				if (count === 0) throw new Error(\`\${DATA.pathname}: ends before the models of \${provider}\`);
				read += count;
			}
		} finally {
			closeSync(fd);
		}
		text = bytes.toString("utf8");
		texts.set(provider, text);
	}
	return text;
}
export const CATALOGUE = {};
for (const provider of Object.keys(RANGES)) {
	Object.defineProperty(CATALOGUE, provider, { enumerable: true, get: () => readText(provider) });
}
`;
	return { source, data: Buffer.concat(parts) };
}

/**
 * The provider adapters of @pi/ai (ai/dist/providers/*.js, each imported when its api is first used) share small
 * helpers (providers/shared/, providers/openai-shared/), each used by a different subset of adapters. Code splitting
 * gives every subset its own file, so the first request loaded eight files of a few hundred bytes to 3 KB each.
 * Every adapter module imports all of them here, which puts them in one file: ~40 KB in all, most of it (failure,
 * output, http-fetch) loaded at start-up anyway.
 */
const ADAPTER_MODULE = /[\\/]ai[\\/]dist[\\/]providers[\\/][^\\/]+\.js$/;
const ADAPTER_HELPER_DIRS = ["shared", "openai-shared"];

function adapterHelpers(adapterPath) {
	const providersDir = dirname(adapterPath);
	return ADAPTER_HELPER_DIRS.flatMap((dir) =>
		readdirSync(join(providersDir, dir))
			.filter((name) => name.endsWith(".js"))
			.map((name) => join(providersDir, dir, name)),
	);
}

/** Leaf output files at most this big are grouped (see startupLeaves). */
const LEAF_MAX_BYTES = 8 * 1024;

/**
 * Small modules that import nothing of ours (message texts, argument parsing, tool helpers, small configuration
 * readers), in two groups by when `pi` first needs them: the first step (what `pi --version` loads besides cli.js)
 * and the print path after it (what `pi -p` adds). Code splitting gives most of them a file of their own (each is
 * used by a different set of lazily imported parts), ~25 files of 0.2-8 KB. Grouped, each group is one file that
 * every part using any of its modules loads. Only leaves: a module that imports nothing of ours runs the same
 * whenever it is evaluated, so importing it earlier changes nothing.
 *
 * `metafile` is the esbuild metafile of a build without the grouping; returns the grouped modules and, for each
 * module importing some of them, the modules it gets side-effect imports of (absolute paths).
 */
export function startupLeaves(metafile, workingDir, entries) {
	const outputs = metafile.outputs;
	const byEntry = new Map(
		Object.entries(outputs)
			.filter(([, meta]) => meta.entryPoint)
			.map(([output, meta]) => [join(workingDir, meta.entryPoint), output]),
	);
	const staticImports = (output) =>
		(outputs[output].imports ?? []).filter((i) => i.kind === "import-statement" && outputs[i.path]);
	const closure = (start) => {
		const seen = new Set();
		const stack = [start];
		while (stack.length > 0) {
			const output = stack.pop();
			if (!output || seen.has(output)) continue;
			seen.add(output);
			for (const i of staticImports(output)) stack.push(i.path);
		}
		return seen;
	};
	const output = (entry) => {
		const found = byEntry.get(entry);
		if (!found) throw new Error(`no bundle output for ${entry}: update scripts/bundle-sources.mjs`);
		return found;
	};
	const isLeaf = (chunk) =>
		!outputs[chunk].entryPoint && outputs[chunk].bytes <= LEAF_MAX_BYTES && staticImports(chunk).length === 0;
	const cli = closure(output(entries.cli));
	const first = new Set([...cli, ...closure(output(entries.main))]);
	// Two groups: the first step's (what `pi --version` loads besides cli.js) and the print path's after it.
	const steps = [
		[...first].filter((chunk) => !cli.has(chunk) && isLeaf(chunk)),
		[...closure(output(entries.print))].filter((chunk) => !first.has(chunk) && isLeaf(chunk)),
	];
	/** Module path -> the group it is in (every module of the group, by absolute path). */
	const groupOf = new Map();
	for (const leaves of steps) {
		const group = leaves.flatMap((chunk) => Object.keys(outputs[chunk].inputs)).map((input) => join(workingDir, input));
		if (group.length > 1) for (const path of group) groupOf.set(path, group);
	}
	/** Module path -> the modules it gets side-effect imports of (the groups of the leaves it imports). */
	const importers = new Map();
	for (const [input, meta] of Object.entries(metafile.inputs)) {
		const path = join(workingDir, input);
		const groups = new Set(
			meta.imports
				.filter((i) => i.kind === "import-statement")
				.map((i) => groupOf.get(join(workingDir, i.path)))
				.filter((group) => group && !group.includes(path)),
		);
		if (groups.size > 0) importers.set(path, [...groups].flat());
	}
	return { grouped: [...groupOf.keys()], importers };
}

/**
 * The esbuild plugin. `leaves` (from startupLeaves) is optional: the first of the two builds has none.
 * `onCatalogueData` receives the catalogue data file's bytes.
 */
export function sourcesPlugin({ outDir, leaves, onCatalogueData }) {
	return {
		name: "pi-bundle-sources",
		setup(pluginBuild) {
			pluginBuild.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
				const imports = [];
				if (ADAPTER_MODULE.test(args.path)) imports.push(...adapterHelpers(args.path));
				imports.push(...(leaves?.importers.get(args.path) ?? []));
				let source;
				if (CATALOGUE_MODULE.test(args.path)) {
					const catalogue = await lazyCatalogueModule(args.path);
					onCatalogueData(catalogue.data);
					source = catalogue.source;
				} else {
					const original = readFileSync(args.path, "utf8");
					source = withModuleUrl(outDir, args.path, original);
					if (source === original && imports.length === 0) return undefined;
				}
				const prefix = imports.map((path) => `import ${JSON.stringify(path)};\n`).join("");
				return { contents: prefix + source, loader: "js", resolveDir: dirname(args.path) };
			});
		},
	};
}
