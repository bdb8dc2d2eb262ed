/**
 * scripts/bundle-sources.mjs `startupLeaves`: which small modules the bundle puts into one file (those `pi -p` loads
 * after its first step that import nothing of ours) and which modules then import the whole group.
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
) => { grouped: string[]; importers: Set<string> };

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
		"out/main.js": chunk(5000, ["dist/main.js"], [stat("out/args.js"), dynamic("out/headless.js")], "dist/main.js"),
		"out/args.js": chunk(700, ["dist/cli/args.js"]),
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
		"dist/main.js": { imports: [stat("dist/cli/args.js")] },
		"dist/cli/args.js": { imports: [] },
		"dist/cli/headless.js": { imports: [stat("dist/cli/args.js"), stat("dist/tools/paths.js")] },
		"dist/core/texts.js": { imports: [{ path: "node:path", kind: "import-statement" }] },
		"dist/tools/paths.js": { imports: [stat("dist/tools/schema.js")] },
		"dist/tools/schema.js": { imports: [] },
		"dist/core/session.js": { imports: [] },
		"dist/core/agent.js": { imports: [stat("dist/core/texts.js"), stat("dist/core/session.js")] },
	},
};

describe("bundle: small start-up leaves in one file", () => {
	it("groups the small leaves of the print path, not those of the --version step, and names their importers", async () => {
		const startupLeaves = await load();
		const leaves = startupLeaves(METAFILE, WORK, {
			cli: join(WORK, "dist/cli.js"),
			main: join(WORK, "dist/main.js"),
			print: join(WORK, "dist/cli/headless.js"),
		});
		expect([...leaves.grouped].sort()).toEqual(
			["dist/core/texts.js", "dist/tools/paths.js", "dist/tools/schema.js"].map((p) => join(WORK, p)),
		);
		expect([...leaves.importers].sort()).toEqual(
			["dist/cli/headless.js", "dist/core/agent.js"].map((p) => join(WORK, p)),
		);
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
