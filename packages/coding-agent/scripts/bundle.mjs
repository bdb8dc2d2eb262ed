// Bundles the compiled CLI (dist/, written by `tsc -b`) into dist/bundle/ with esbuild, so that starting `pi` loads a
// handful of files instead of a hundred-odd ES modules (Node 20 has no module compile cache: each file costs about a
// millisecond). Code splitting keeps every dynamic import a lazy chunk: the modes, the TUI, the adapters.
//
// Run from the root `npm run build` after `tsc -b`. bin/pi.js uses the bundle when it is at least as new as every
// package's compiled output, else dist/cli.js.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const distDir = join(packageDir, "dist");
const outDir = join(distDir, "bundle");

/** Output file listing, for each bundle file, the modules it contains (paths relative to dist/bundle/). */
const MODULES_FILE = "modules.json";

/**
 * Provider SDKs @pi/ai loads through `createRequire` (providers/shared/require-sdk.ts) whose CommonJS build is
 * hundreds of files: each is bundled into one file under dist/bundle/node_modules/, where that require finds it first
 * from the bundle, and loads in a third to half the time. @google/genai ships a single-file CommonJS build already.
 * Their own dependencies stay external (resolved further up).
 */
const PROVIDER_SDKS = ["openai", "@anthropic-ai/sdk"];
/** Resolves the SDK loader's bare requires from the bundle directory instead of its original location. */
const SDK_LOADER = /[\\/]ai[\\/]dist[\\/]providers[\\/]shared[\\/]require-sdk\.js$/;

/** A path relative to dist/bundle/, with forward slashes (it ends up in a URL). */
const fromOutDir = (path) => relative(outDir, path).split(sep).join("/");

/**
 * Every output file sits directly in dist/bundle/, so `import.meta.url` there means dist/bundle/<file>. Files that
 * resolve paths from their own location (package.json for --version, CHANGELOG.md, createRequire for the provider
 * SDKs) get the URL of their original module instead, built from the bundle's own URL so the package stays movable.
 */
function withModuleUrl(path, source) {
	if (SDK_LOADER.test(path)) return source;
	const url = `new URL(${JSON.stringify(fromOutDir(path))}, import.meta.url).href`;
	return source.replaceAll("import.meta.url", url);
}

const keepModuleUrls = {
	name: "keep-module-urls",
	setup(pluginBuild) {
		pluginBuild.onLoad({ filter: /\.[cm]?js$/ }, (args) => {
			const source = readFileSync(args.path, "utf8");
			if (!source.includes("import.meta.url") || SDK_LOADER.test(args.path)) return undefined;
			return { contents: withModuleUrl(args.path, source), loader: "js" };
		});
	},
};

/**
 * The built-in model catalogue of @pi/ai (models/catalogue.generated.js: a JSON text per provider, ~300 KB) costs
 * ~1.7 ms to compile on every start that imports @pi/ai, `pi --help` and a `pi -p` on a models.json model included,
 * though a run needs one provider's models or none. In the bundle the module keeps its exports, but each provider's
 * text is read from CATALOGUE_DATA (by byte range, bytes of the generated module's strings) the first time it is
 * asked for; the model registry asks only for the providers a run uses.
 */
const CATALOGUE_MODULE = /[\\/]ai[\\/]dist[\\/]models[\\/]catalogue\.generated\.js$/;
const CATALOGUE_DATA = "catalogue-data.txt";
/** The data file's bytes, written next to the bundle once it is built. */
let catalogueData;

/** The catalogue module for the bundle: its CATALOGUE_INFO as is, CATALOGUE's texts on demand from CATALOGUE_DATA. */
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
	catalogueData = Buffer.concat(parts);
	return `import { closeSync, openSync, readSync } from "node:fs";
// Bundled form of ${fromOutDir(path)} (scripts/bundle.mjs): provider texts read from ${CATALOGUE_DATA} on first use.
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
}

const lazyCatalogue = {
	name: "lazy-catalogue",
	setup(pluginBuild) {
		pluginBuild.onLoad({ filter: CATALOGUE_MODULE }, async (args) => ({
			contents: await lazyCatalogueModule(args.path),
			loader: "js",
		}));
	},
};

/** Bundled CommonJS dependencies call require() for Node built-ins: each output file gets one (see dropUnusedRequire). */
const REQUIRE_BANNER =
	'import { createRequire as __piRequire } from "node:module"; const require = __piRequire(import.meta.url);';

/**
 * Removes the banner's require from output files that never mention it: createRequire costs 20-80 µs per file, and
 * `pi -p` loads some 70 files, most of them our own ES modules.
 */
function dropUnusedRequire(file) {
	const text = readFileSync(file, "utf8");
	if (!text.startsWith(REQUIRE_BANNER) || text.includes("require", REQUIRE_BANNER.length)) return;
	writeFileSync(file, text.slice(REQUIRE_BANNER.length).replace(/^\n/, ""));
}

/**
 * The provider adapters of @pi/ai (ai/dist/providers/*.js, each imported when its api is first used) share small
 * helpers (providers/shared/, providers/openai-shared/), each used by a different subset of adapters. Code splitting
 * gives every subset its own file, so the first request loaded eight files of a few hundred bytes to 3 KB each
 * (~0.2 ms per file). Every adapter module imports all of them here, which puts them in one file: ~40 KB in all, most
 * of it (failure, output, http-fetch) loaded at start-up anyway.
 */
const ADAPTER_MODULE = /[\\/]ai[\\/]dist[\\/]providers[\\/][^\\/]+\.js$/;
const ADAPTER_HELPER_DIRS = ["shared", "openai-shared"];

const groupAdapterHelpers = {
	name: "group-adapter-helpers",
	setup(pluginBuild) {
		pluginBuild.onLoad({ filter: ADAPTER_MODULE }, (args) => {
			const providersDir = dirname(args.path);
			const helpers = ADAPTER_HELPER_DIRS.flatMap((dir) =>
				readdirSync(join(providersDir, dir))
					.filter((name) => name.endsWith(".js"))
					.map((name) => join(providersDir, dir, name)),
			);
			const imports = helpers.map((path) => `import ${JSON.stringify(path)};\n`).join("");
			const source = withModuleUrl(args.path, readFileSync(args.path, "utf8"));
			return { contents: imports + source, loader: "js", resolveDir: providersDir };
		});
	},
};

rmSync(outDir, { recursive: true, force: true });
const result = await build({
	absWorkingDir: packageDir,
	entryPoints: {
		cli: join(distDir, "cli.js"),
		// main.ts imports the interactive mode through a variable (esbuild leaves that import alone): its own entry,
		// reached through the stub written below.
		interactive: join(distDir, "modes", "interactive", "index.js"),
	},
	outdir: outDir,
	bundle: true,
	splitting: true,
	format: "esm",
	platform: "node",
	target: "node20",
	// Image processing: hundreds of modules, loaded only to resize an image, and not start-up code.
	external: ["jimp", "esbuild"],
	// Bundled CommonJS dependencies call require() for Node built-ins.
	banner: { js: REQUIRE_BANNER },
	metafile: true,
	logLevel: "warning",
	// lazyCatalogue first: the first plugin whose onLoad answers for a file wins.
	plugins: [lazyCatalogue, groupAdapterHelpers, keepModuleUrls],
});

for (const output of Object.keys(result.metafile.outputs)) {
	if (output.endsWith(".js")) dropUnusedRequire(join(packageDir, output));
}
if (!catalogueData) throw new Error(`the bundle has no ${CATALOGUE_MODULE}: update scripts/bundle.mjs`);
writeFileSync(join(outDir, CATALOGUE_DATA), catalogueData);

// The path main.js imports the interactive mode from, relative to its bundle file.
const interactiveStub = join(outDir, "modes", "interactive", "index.js");
mkdirSync(dirname(interactiveStub), { recursive: true });
writeFileSync(interactiveStub, 'export * from "../../interactive.js";\n');

const requireFromAi = createRequire(join(packageDir, "..", "ai", "package.json"));
for (const name of PROVIDER_SDKS) {
	const sdkDir = join(outDir, "node_modules", ...name.split("/"));
	await build({
		entryPoints: [requireFromAi.resolve(name)],
		outfile: join(sdkDir, "index.js"),
		bundle: true,
		format: "cjs",
		platform: "node",
		target: "node20",
		packages: "external",
		logLevel: "warning",
	});
	writeFileSync(join(sdkDir, "package.json"), `${JSON.stringify({ name, type: "commonjs", main: "index.js" })}\n`);
}

// Which modules each bundle file holds: the start-up import test maps loaded chunks back to modules with it.
const modules = {};
for (const [output, meta] of Object.entries(result.metafile.outputs)) {
	if (!output.endsWith(".js")) continue;
	modules[fromOutDir(join(packageDir, output))] = Object.keys(meta.inputs).map((input) =>
		fromOutDir(join(packageDir, input)),
	);
}
// Written last: bin/pi.js takes its time stamp as the bundle's.
writeFileSync(join(outDir, MODULES_FILE), `${JSON.stringify(modules, null, "\t")}\n`);
