/**
 * What `pi` loads before it has anything to do: the information flags and the print, JSON and RPC modes must not
 * pay for the terminal UI, markdown rendering, image processing, schema compilation or a provider SDK before the
 * first request (each is hundreds of module files). The built CLI runs with a preload recording every module loaded.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, runPi, useCliWorld } from "./harness.js";

const RECORDER = fileURLToPath(new URL("./fixtures/record-imports.mjs", import.meta.url));
/** `npm run build` bundles the CLI here (scripts/bundle.mjs); modules.json lists the modules in each bundle file. */
const BUNDLE_DIR = new URL("../../dist/bundle/", import.meta.url);

/** Libraries only some runs need, each with the pattern of its module URLs. */
const LAZY_LIBRARIES: Record<string, RegExp> = {
	"@pi/tui": /\/packages\/tui\/|\/node_modules\/@pi\/tui\//,
	marked: /\/node_modules\/marked\//,
	"highlight.js": /\/node_modules\/highlight\.js\//,
	jimp: /\/node_modules\/(jimp|@jimp)\//,
	"@sinclair/typebox": /\/node_modules\/@sinclair\/typebox\//,
	yaml: /\/node_modules\/yaml\//,
	diff: /\/node_modules\/diff\//,
	openai: /\/node_modules\/openai\//,
	"@anthropic-ai/sdk": /\/node_modules\/@anthropic-ai\/sdk\//,
	"@google/genai": /\/node_modules\/@google\/genai\//,
	"@mistralai/mistralai": /\/node_modules\/@mistralai\/mistralai\//,
	"@aws-sdk/client-bedrock-runtime": /\/node_modules\/(@aws-sdk|@smithy)\//,
	// The extension compiler: loaded only when an extension is not in the cache yet.
	esbuild: /\/node_modules\/esbuild\//,
};

let runCount = 0;

const cli = useCliWorld();

/** Replaces each loaded bundle file with the URLs of the modules bundled into it. */
function unbundle(urls: string[]): string[] {
	const listing = new URL("modules.json", BUNDLE_DIR);
	if (!existsSync(listing)) return urls;
	const modules = JSON.parse(readFileSync(listing, "utf8")) as Record<string, string[]>;
	return urls.flatMap((url) => {
		const inputs = url.startsWith(BUNDLE_DIR.href) ? modules[url.slice(BUNDLE_DIR.href.length)] : undefined;
		return inputs ? inputs.map((input) => new URL(input, BUNDLE_DIR).href) : [url];
	});
}

/** Runs pi with the recorder; returns its result and the lazy libraries it loaded. */
async function runRecorded(args: string[]) {
	const file = join(cli.world.agentDir, `imports-${++runCount}.txt`);
	const result = await runPi(cli.world, args, {
		env: { NODE_OPTIONS: `--import=${RECORDER}`, PI_TEST_IMPORTS_FILE: file },
	});
	const urls = unbundle(readFileSync(file, "utf8").split("\n").filter(Boolean));
	const libraries = Object.keys(LAZY_LIBRARIES).filter((name) => urls.some((url) => LAZY_LIBRARIES[name]!.test(url)));
	return { result, urls, libraries };
}

describe("pi start-up imports", () => {
	it("--version and --help load none of the lazy libraries", async () => {
		for (const flag of ["--version", "--help"]) {
			const { result, urls, libraries } = await runRecorded([flag]);
			expect(result.code).toBe(0);
			expect(urls.some((url) => url.endsWith("/dist/main.js"))).toBe(true);
			expect(libraries).toEqual([]);
		}
	});

	it("a print run stopped by a missing key loads none of them, the provider's SDK included", async () => {
		const { result, urls, libraries } = await runRecorded(["-p", "--model", "anthropic/claude-sonnet-4-5", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('No API key found for provider "anthropic"');
		expect(urls.some((url) => url.endsWith("/dist/sdk.js"))).toBe(true);
		expect(libraries).toEqual([]);
	});

	it("print and JSON runs load the provider's SDK for their request and nothing else on the list", async () => {
		cli.server.enqueue({ text: "ok" });
		const print = await runRecorded(["-p", "--model", MOCK_MODEL, "say ok"]);
		expect(print.result.stderr).toBe("");
		expect(print.result.stdout).toBe("ok\n");
		expect(print.libraries).toEqual(["openai"]);

		cli.server.enqueue({ text: "ok" });
		const json = await runRecorded(["--mode", "json", "--model", MOCK_MODEL, "say ok"]);
		expect(json.result.code).toBe(0);
		expect(json.result.stdout).toContain('"type":"agent_end"');
		expect(json.libraries).toEqual(["openai"]);
	});

	it("an RPC session that ends without a command loads none of them", async () => {
		const { result, urls, libraries } = await runRecorded(["--mode", "rpc", "--model", MOCK_MODEL]);
		expect(result.code).toBe(0);
		expect(urls.some((url) => url.includes("/dist/modes/rpc/"))).toBe(true);
		expect(libraries).toEqual([]);
	});
});
