import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { HLJSApi } from "highlight.js";
import { describe, expect, it } from "vitest";
import { highlightCode, isKnownLanguage } from "../../../src/components/markdown/highlight.js";
import { LANGUAGE_ALIASES, LANGUAGE_NAMES } from "../../../src/components/markdown/languages.js";

/** Marks each styled piece with its scope, so tests can see which scopes were found without ANSI colours. */
const MARKED_SCOPES = new Proxy({} as Record<string, (text: string) => string>, {
	get: (_, scope) => (text: string) => `[${String(scope)}:${text}]`,
});
const plain = (text: string) => text;

describe("highlightCode", () => {
	it("styles code by scope and keeps the text line for line", () => {
		const code = 'const x: number = 1; // one\nfunction f() {\n\treturn "s";\n}';
		const lines = highlightCode(code, "ts", MARKED_SCOPES, plain);
		expect(lines).toHaveLength(4);
		expect(lines[0]).toContain("[keyword:const]");
		expect(lines[0]).toContain("[comment:// one]");
		expect(lines[2]).toContain('[string:"s"]');
		const unmarked = lines.map((line) => line.replace(/\[[\w-]+:([^\]]*)\]/g, "$1"));
		expect(unmarked).toEqual(code.split("\n"));
	});

	it("loads the grammars a language embeds (scripts and styles inside HTML)", () => {
		const lines = highlightCode(
			"<script>const a = 1;</script>\n<style>p { color: red; }</style>",
			"html",
			MARKED_SCOPES,
			plain,
		);
		expect(lines[0]).toContain("[keyword:const]");
		expect(lines[1]).toContain("[selector-tag:p]");
	});

	it("returns unknown languages unstyled through the plain style", () => {
		expect(highlightCode("a\n\nb", "no-such-language", MARKED_SCOPES, (text) => `<${text}>`)).toEqual([
			"<a>",
			"",
			"<b>",
		]);
		expect(highlightCode("x", undefined, MARKED_SCOPES, plain)).toEqual(["x"]);
	});

	it("knows languages by name and alias without loading them", () => {
		expect(isKnownLanguage("TypeScript")).toBe(true);
		expect(isKnownLanguage("sh")).toBe(true);
		expect(isKnownLanguage("constructor")).toBe(false);
		expect(isKnownLanguage("../index")).toBe(false);
		expect(isKnownLanguage(undefined)).toBe(false);
	});

	it("has the language table of the installed highlight.js", () => {
		// The full library registers every grammar on the shared instance; ours is a separate one.
		const full = createRequire(import.meta.url)("highlight.js") as HLJSApi;
		expect([...LANGUAGE_NAMES].sort()).toEqual(full.listLanguages().sort());
		for (const name of full.listLanguages()) {
			for (const alias of full.getLanguage(name)?.aliases ?? []) {
				const key = alias.toLowerCase();
				if (key === name) continue;
				expect(full.getLanguage(LANGUAGE_ALIASES[key]), `alias ${alias}`).toBe(full.getLanguage(key));
			}
		}
	});
});

const dist = fileURLToPath(new URL("../../../dist/index.js", import.meta.url));
const probe = fileURLToPath(new URL("./fixtures/load-probe.mjs", import.meta.url));
const HIGHLIGHT_JS = /node_modules\/highlight\.js\//;

describe.runIf(existsSync(dist))("importing @pi/tui (built dist)", () => {
	it("loads no highlight.js until a code block with a language is rendered, then the core and the grammars it needs", () => {
		const { afterImport, afterRender } = JSON.parse(
			execFileSync(process.execPath, [probe, dist, "render"], { encoding: "utf8" }),
		) as { afterImport: string[]; afterRender: string[] };
		expect(afterImport.some((url) => url.endsWith("/tui/dist/index.js"))).toBe(true);
		expect(afterImport.filter((url) => HIGHLIGHT_JS.test(url))).toEqual([]);
		const loaded = afterRender
			.filter((url) => HIGHLIGHT_JS.test(url))
			.map((url) => url.replace(/.*node_modules\//, ""));
		expect(loaded).toContain("highlight.js/lib/core.js");
		expect(loaded).toContain("highlight.js/lib/languages/typescript.js");
		expect(loaded).not.toContain("highlight.js/lib/index.js");
		// TypeScript embeds a few grammars (HTML, CSS, GraphQL in tagged templates); not the ~190 of the full library.
		expect(loaded.length).toBeLessThan(10);
	});
});
