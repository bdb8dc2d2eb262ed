/**
 * scripts/bundle-sources.mjs `startupLeaves`: which small modules that import nothing of ours the bundle puts into
 * one file per start-up step (the first step's, the print path's after it) and which modules then import a group.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";

type Import = { path: string; kind: string };
type Output = { entryPoint?: string; bytes: number; inputs: Record<string, unknown>; imports: Import[] };
type Metafile = { outputs: Record<string, Output>; inputs: Record<string, { imports: Import[] }> };
type StartupLeaves = (
	metafile: Metafile,
	workingDir: string,
	entries: { cli: string; main: string; print: string },
) => { grouped: string[]; importers: Map<string, string[]> };

const SCRIPT = new URL("../../scripts/bundle-sources.mjs", import.meta.url).href;
const load = async () => ((await import(SCRIPT)) as { startupLeaves: StartupLeaves }).startupLeaves;

const WORK = "/pkg";
const stat = (path: string): Import => ({ path, kind: "import-statement" });
const dynamic = (path: string): Import => ({ path, kind: "dynamic-import" });
const chunk = (bytes: number, inputs: string[], imports: Import[] = [], entryPoint?: string): Output => ({
	bytes,
	inputs: Object.fromEntries(inputs.map((input) => [input, {}])),
	imports,
	...(entryPoint ? { entryPoint } : {}),
});

/** cli → main (with args, the --version step) → headless, whose chunks are leaves, a big leaf and a non-leaf. */
const METAFILE: Metafile = {
	outputs: {
		"out/cli.js": chunk(100, ["dist/cli.js"], [dynamic("out/main.js")], "dist/cli.js"),
		"out/main.js": chunk(
			5000,
			["dist/main.js"],
			[stat("out/args.js"), stat("out/env.js"), dynamic("out/headless.js")],
			"dist/main.js",
		),
		"out/args.js": chunk(700, ["dist/cli/args.js"]),
		"out/env.js": chunk(300, ["dist/cli/env.js"]),
		"out/headless.js": chunk(
			9000,
			["dist/cli/headless.js"],
			[stat("out/args.js"), stat("out/texts.js"), stat("out/tools.js"), stat("out/session.js"), stat("out/agent.js")],
			"dist/cli/headless.js",
		),
		"out/texts.js": chunk(500, ["dist/core/texts.js"]),
		"out/tools.js": chunk(900, ["dist/tools/paths.js", "dist/tools/schema.js"]),
		"out/session.js": chunk(20_000, ["dist/core/session.js"]),
		"out/agent.js": chunk(2000, ["dist/core/agent.js"], [stat("out/texts.js")]),
	},
	inputs: {
		"dist/cli.js": { imports: [] },
		"dist/main.js": { imports: [stat("dist/cli/args.js"), stat("dist/cli/env.js")] },
		"dist/cli/args.js": { imports: [] },
		"dist/cli/env.js": { imports: [] },
		"dist/cli/headless.js": { imports: [stat("dist/cli/args.js"), stat("dist/tools/paths.js")] },
		"dist/core/texts.js": { imports: [{ path: "node:path", kind: "import-statement" }] },
		"dist/tools/paths.js": { imports: [stat("dist/tools/schema.js")] },
		"dist/tools/schema.js": { imports: [] },
		"dist/core/session.js": { imports: [] },
		"dist/core/agent.js": { imports: [stat("dist/core/texts.js"), stat("dist/core/session.js")] },
	},
};

describe("bundle: small start-up leaves in one file", () => {
	it("groups the small leaves of the first step and those of the print path after it, and names their importers", async () => {
		const startupLeaves = await load();
		const leaves = startupLeaves(METAFILE, WORK, {
			cli: join(WORK, "dist/cli.js"),
			main: join(WORK, "dist/main.js"),
			print: join(WORK, "dist/cli/headless.js"),
		});
		const at = (...paths: string[]) => paths.map((p) => join(WORK, p));
		const first = at("dist/cli/args.js", "dist/cli/env.js");
		const print = at("dist/core/texts.js", "dist/tools/paths.js", "dist/tools/schema.js");
		expect([...leaves.grouped].sort()).toEqual([...first, ...print].sort());
		const importers = Object.fromEntries([...leaves.importers].map(([path, group]) => [path, [...group].sort()]));
		expect(importers).toEqual({
			[join(WORK, "dist/main.js")]: first,
			[join(WORK, "dist/cli/headless.js")]: [...first, ...print].sort(),
			[join(WORK, "dist/core/agent.js")]: print,
		});
	});

	it("fails with the entry it cannot find instead of grouping nothing", async () => {
		const startupLeaves = await load();
		expect(() =>
			startupLeaves(METAFILE, WORK, {
				cli: join(WORK, "dist/cli.js"),
				main: join(WORK, "dist/main.js"),
				print: join(WORK, "dist/cli/print.js"),
			}),
		).toThrow(`no bundle output for ${join(WORK, "dist/cli/print.js")}`);
	});
});
