#!/usr/bin/env node
// Runs every benchmark in bench/cases/ in order. Each prints its own figures; see bench/README.md.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const casesDir = join(here, "cases");
let files = [];
try {
	files = readdirSync(casesDir)
		.filter((f) => f.endsWith(".mjs"))
		.sort();
} catch {
	// no cases yet
}
if (only) files = files.filter((f) => f.includes(only));
if (files.length === 0) console.log("No benchmarks found.");
for (const file of files) {
	console.log(`\n## ${file.replace(/\.mjs$/, "")}`);
	const mod = await import(pathToFileURL(join(casesDir, file)).href);
	await mod.run();
}
