/**
 * The bundled CLI keeps the model catalogue's provider texts in a data file read on demand (scripts/bundle.mjs),
 * so `pi` does not compile them at start-up. The bundle's catalogue must hold exactly the models of @pi/ai.
 */
import { existsSync, readFileSync } from "node:fs";
import { getCatalogueInfo, getModels, getProviders } from "@pi/ai";
import { describe, expect, it } from "vitest";

/** `npm run build` bundles the CLI here; modules.json lists the modules in each bundle file. */
const BUNDLE_DIR = new URL("../../dist/bundle/", import.meta.url);
const MODULES = new URL("modules.json", BUNDLE_DIR);

/** The bundle file holding @pi/ai's models/index.js (getModels and friends). */
function catalogueChunk(): URL {
	const modules = JSON.parse(readFileSync(MODULES, "utf8")) as Record<string, string[]>;
	const file = Object.keys(modules).find((name) => modules[name]!.some((m) => m.endsWith("/ai/dist/models/index.js")));
	if (!file) throw new Error("no bundle file holds ai/dist/models/index.js");
	return new URL(file, BUNDLE_DIR);
}

describe.runIf(existsSync(MODULES))("the bundle's model catalogue", () => {
	it("has the providers and models of @pi/ai, read from its data file", async () => {
		expect(existsSync(new URL("catalogue-data.txt", BUNDLE_DIR))).toBe(true);
		const bundled = (await import(catalogueChunk().href)) as Pick<
			typeof import("@pi/ai"),
			"getModels" | "getProviders" | "getCatalogueInfo"
		>;
		expect(bundled.getProviders()).toEqual(getProviders());
		for (const provider of getProviders()) expect(bundled.getModels(provider)).toEqual(getModels(provider));
		expect(bundled.getModels()).toEqual(getModels());
		expect(bundled.getCatalogueInfo()).toEqual(getCatalogueInfo());
	});
});
