// Bundles the compiled CLI (dist/, written by `tsc -b`) into dist/bundle/ with esbuild, so that starting `pi` loads a
// handful of files instead of a hundred-odd ES modules (Node 20 has no module compile cache: each file costs about a
// millisecond). Code splitting keeps every dynamic import a lazy chunk: the modes, the TUI, the adapters.
//
// Run from the root `npm run build` after `tsc -b`. bin/pi.js uses the bundle when it is at least as new as every
// package's compiled output, else dist/cli.js.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { CATALOGUE_DATA, sourcesPlugin, startupLeaves } from "./bundle-sources.mjs";

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

/** A path relative to dist/bundle/, with forward slashes (it ends up in a URL). */
const fromOutDir = (path) => relative(outDir, path).split(sep).join("/");

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

/** esbuild options of the CLI bundle; `plugin` decides how modules are changed on the way in. */
const bundleOptions = (plugin) => ({
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
	plugins: [plugin],
});

rmSync(outDir, { recursive: true, force: true });
let catalogueData;
const onCatalogueData = (data) => {
	catalogueData = data;
};
// A first build (not written) shows which small modules pi -p loads in files of their own; the second groups them.
const layout = await build({ ...bundleOptions(sourcesPlugin({ outDir, onCatalogueData })), write: false });
const leaves = startupLeaves(layout.metafile, packageDir, {
	cli: join(distDir, "cli.js"),
	main: join(distDir, "main.js"),
	print: join(distDir, "cli", "headless.js"),
});
const result = await build(bundleOptions(sourcesPlugin({ outDir, leaves, onCatalogueData })));

for (const output of Object.keys(result.metafile.outputs)) {
	if (output.endsWith(".js")) dropUnusedRequire(join(packageDir, output));
}
if (!catalogueData) throw new Error("the bundle has no model catalogue (ai/dist/models/catalogue.generated.js)");
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
