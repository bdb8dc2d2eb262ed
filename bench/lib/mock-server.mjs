// Starts @pi/ai's loopback mock server from the built dist (run `npm run build` first).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Imports a file of a package's built dist, failing with the fix when it is missing. */
export async function importDist(pkg, path) {
	const file = join(root, "packages", pkg, "dist", path);
	if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
	return import(pathToFileURL(file).href);
}

/** A running mock server speaking every default wire protocol. */
export async function startMockServer(options) {
	const testing = await importDist("ai", "testing/index.js");
	return testing.startMockServer(options);
}
