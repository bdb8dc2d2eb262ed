import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = (path: string) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
const probe = fileURLToPath(new URL("./fixtures/import-probe.mjs", import.meta.url));
const SDK_PATTERN = /node_modules\/(@anthropic-ai\/sdk|openai|@google\/genai|@aws-sdk|@smithy|@mistralai\/mistralai)\//;

/** Every module file node loaded while importing `files` in a fresh process. */
function loadedModules(...files: string[]): string[] {
	return JSON.parse(execFileSync(process.execPath, [probe, ...files], { encoding: "utf8" }));
}

describe.runIf(existsSync(dist("index.js")))("importing @pi/ai", () => {
	it("loads no provider SDK", () => {
		const loaded = loadedModules(dist("index.js"));
		expect(loaded.some((url) => url.endsWith("/dist/index.js"))).toBe(true);
		expect(loaded.filter((url) => SDK_PATTERN.test(url))).toEqual([]);
	});

	it("loads no typebox: the schema compiler loads on the first validation", () => {
		expect(loadedModules(dist("index.js")).filter((url) => url.includes("node_modules/@sinclair/typebox/"))).toEqual(
			[],
		);
	});

	it("the probe does see an SDK once an adapter module is imported", () => {
		const loaded = loadedModules(dist("index.js"), dist("providers/anthropic.js"));
		expect(loaded.some((url) => url.includes("node_modules/@anthropic-ai/sdk/"))).toBe(true);
	});
});
