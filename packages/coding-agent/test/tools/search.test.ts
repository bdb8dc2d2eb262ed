import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFindTool } from "../../src/tools/find.js";
import { createGrepTool } from "../../src/tools/grep.js";
import { createLsTool } from "../../src/tools/ls.js";
import { callTool, errorOf, tempDir, textOf } from "./helpers.js";

function tree(files: Record<string, string>): string {
	const root = tempDir();
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	}
	return root;
}

const apiTs = `${Array.from({ length: 10 }, (_, i) => `// ${i + 1}`).join("\n")}\nexport function load() {\n// TODO: cache this\nreturn fetchAll();\n}\n`;

function repo(): string {
	const root = tree({
		".git/HEAD": "ref: TODO\n",
		".gitignore": "*.log\nbuild/\n!keep.log\n",
		".hidden": "TODO hidden\n",
		"src/api.ts": apiTs,
		"src/util/str.ts": "// x\n// y\n// z\n// TODO trim unicode spaces\nexport const trim = (s: string) => s.trim();\n",
		"src/.gitignore": "gen.ts\n",
		"src/gen.ts": "TODO generated\n",
		"build/out.js": "TODO built\n",
		"debug.log": "TODO log\n",
		"keep.log": "TODO kept\n",
		"bin.dat": "TODO\u0000binary",
	});
	symlinkSync("src", join(root, "link"));
	return root;
}

describe("grep", () => {
	it("prints matches and context per file in path order (spec example)", async () => {
		const root = repo();
		const result = await callTool(createGrepTool(root), { pattern: "TODO", path: "src", context: 1 });
		expect(textOf(result)).toBe(
			[
				"api.ts-11- export function load() {",
				"api.ts:12: // TODO: cache this",
				"api.ts-13- return fetchAll();",
				"util/str.ts-3- // z",
				"util/str.ts:4: // TODO trim unicode spaces",
				"util/str.ts-5- export const trim = (s: string) => s.trim();",
			].join("\n"),
		);
		expect(result.details).toBeUndefined();
	});

	it("sees hidden files, honours .gitignore at every level, skips .git, binaries and links", async () => {
		const root = repo();
		const text = textOf(await callTool(createGrepTool(root), { pattern: "TODO" }));
		expect(text.split("\n").map((l) => l.slice(0, l.indexOf(":")))).toEqual([
			".hidden",
			"keep.log",
			"src/api.ts",
			"src/util/str.ts",
		]);
	});

	it("searches an explicitly named file even when ignored, showing its name", async () => {
		const root = repo();
		expect(textOf(await callTool(createGrepTool(root), { pattern: "log", path: "debug.log" }))).toBe(
			"debug.log:1: TODO log",
		);
	});

	it("honours .gitignore files of ancestors up to the repository root", async () => {
		const root = repo();
		writeFileSync(join(root, "src", "trace.log"), "TODO in log\n");
		const result = await callTool(createGrepTool(join(root, "src")), { pattern: "TODO", path: "." });
		expect(textOf(result)).not.toContain("trace.log");
		const outside = tree({ ".gitignore": "*.txt\n", "inner/a.txt": "hit\n" });
		// No repository above `inner`: the parent's .gitignore does not apply.
		expect(textOf(await callTool(createGrepTool(outside), { pattern: "hit", path: "inner" }))).toBe("a.txt:1: hit");
	});

	it("supports ignore_case (and its alias), literal, and glob filters with negation", async () => {
		const root = tree({ "a.ts": "Foo(x)\n", "b.js": "foo(x)\n", "c/d.ts": "FOO(x)\n" });
		const tool = createGrepTool(root);
		expect(textOf(await callTool(tool, { pattern: "foo", ignoreCase: true }))).toBe(
			"a.ts:1: Foo(x)\nb.js:1: foo(x)\nc/d.ts:1: FOO(x)",
		);
		expect(textOf(await callTool(tool, { pattern: "o(x", literal: true, ignore_case: true, glob: "*.ts" }))).toBe(
			"a.ts:1: Foo(x)\nc/d.ts:1: FOO(x)",
		);
		expect(textOf(await callTool(tool, { pattern: "o\\(", ignore_case: true, glob: "!c/**" }))).toBe(
			"a.ts:1: Foo(x)\nb.js:1: foo(x)",
		);
		expect((await errorOf(callTool(tool, { pattern: "foo", ignore_case: true, ignoreCase: false }))).message).toBe(
			'Conflicting arguments "ignore_case" and "ignoreCase"; use "ignore_case" only.',
		);
	});

	it("reports invalid regexes, missing paths and no matches", async () => {
		const root = tree({ "a.txt": "x\r\n" });
		const tool = createGrepTool(root);
		expect((await errorOf(callTool(tool, { pattern: "(" }))).message).toMatch(/^Invalid regex: /);
		expect((await errorOf(callTool(tool, { pattern: "x", path: "nope" }))).message).toBe(
			`Path not found: ${join(root, "nope")}`,
		);
		expect(textOf(await callTool(tool, { pattern: "y" }))).toBe("No matches found");
		expect(textOf(await callTool(tool, { pattern: "x$" }))).toBe("a.txt:1: x");
	});

	it("stops at the match limit but shows the last match's context", async () => {
		const root = tree({ "a.txt": "m1\nm2\nm3\nm4\n" });
		const result = await callTool(createGrepTool(root), { pattern: "m", limit: 2, context: 1 });
		expect(textOf(result)).toBe(
			"a.txt:1: m1\na.txt:2: m2\na.txt-3- m3\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]",
		);
		expect(result.details).toEqual({ matchLimitReached: 2 });
	});

	it("gives the limit notice only when another matching line exists, in this file or a later one", async () => {
		const root = tree({ "a.txt": "m1\nx\nm2\nx\n", "b.txt": "x\nm3\n" });
		const exact = await callTool(createGrepTool(root), { pattern: "m", limit: 3 });
		expect(textOf(exact)).toBe("a.txt:1: m1\na.txt:3: m2\nb.txt:2: m3");
		expect(exact.details).toBeUndefined();
		const more = await callTool(createGrepTool(root), { pattern: "m", limit: 2, context: 1 });
		expect(textOf(more)).toBe(
			"a.txt:1: m1\na.txt-2- x\na.txt:3: m2\na.txt-4- x\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]",
		);
		expect(more.details).toEqual({ matchLimitReached: 2 });
	});

	it("reads files as streams: lines split across read chunks, CRLF, a BOM and a last line without newline", async () => {
		const long = "y".repeat(70 * 1024);
		const root = tree({ "big.txt": `\uFEFFfirst hit\r\n${long}\r\n${long}hit${long}\r\nlast hit` });
		const result = await callTool(createGrepTool(root), { pattern: "^first|hit$|y{3}hit" });
		const lines = textOf(result).split("\n");
		expect(lines[0]).toBe("big.txt:1: first hit");
		expect(lines[1]).toBe(`big.txt:3: ${"y".repeat(500)}... [truncated]`);
		expect(lines[2]).toBe("big.txt:4: last hit");
		expect(lines[3]).toBe("");
		expect(result.details).toEqual({ linesTruncated: true });
	});

	it("cuts long lines and applies the 50KB output limit", async () => {
		const long = `${"a".repeat(600)}\n`;
		const root = tree({ "a.txt": long.repeat(150) });
		const result = await callTool(createGrepTool(root), { pattern: "a", limit: 1000 });
		const text = textOf(result);
		const line = `a.txt:1: ${"a".repeat(500)}... [truncated]`;
		expect(text.startsWith(line)).toBe(true);
		expect(
			text.endsWith("\n\n[50.0KB limit reached. Some lines truncated to 500 chars. Use read tool to see full lines]"),
		).toBe(true);
		const details = result.details as { truncation: { outputLines: number; totalLines: number; outputBytes: number } };
		expect(details).toMatchObject({ linesTruncated: true, truncation: { totalLines: 150, maxBytes: 51200 } });
		expect(details.truncation.outputBytes).toBeLessThanOrEqual(51200);
		expect(text.split("\n\n[")[0].split("\n")).toHaveLength(details.truncation.outputLines);
	});
});

describe("find", () => {
	it("matches names without / and paths with /, dirs with a trailing slash, links listed", async () => {
		const root = repo();
		const tool = createFindTool(root);
		expect(textOf(await callTool(tool, { pattern: "*.ts" }))).toBe("src/api.ts\nsrc/util/str.ts");
		// `**` is "any characters": src/** names what is inside src, not src itself; `**/` also matches no directory.
		expect(textOf(await callTool(tool, { pattern: "src/**" }))).toBe(
			"src/.gitignore\nsrc/api.ts\nsrc/util/\nsrc/util/str.ts",
		);
		expect(textOf(await callTool(tool, { pattern: "src/**/*.ts" }))).toBe("src/api.ts\nsrc/util/str.ts");
		expect(textOf(await callTool(tool, { pattern: "{link,util,.h*}" }))).toBe(".hidden\nlink\nsrc/util/");
		expect(textOf(await callTool(tool, { pattern: "**/s?r.[a-t]s" }))).toBe("src/util/str.ts");
		expect(textOf(await callTool(tool, { pattern: "[!.k]*" }))).toBe(
			"bin.dat\nlink\nsrc/\nsrc/api.ts\nsrc/util/\nsrc/util/str.ts",
		);
		expect(textOf(await callTool(tool, { pattern: "*.TS" }))).toBe("No files found matching pattern");
	});

	it("applies the result limit and reports missing or file roots", async () => {
		const root = tree(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`f${i}.txt`, ""])));
		const result = await callTool(createFindTool(root), { pattern: "*.txt", limit: 3 });
		expect(textOf(result)).toBe(
			"f0.txt\nf1.txt\nf2.txt\n\n[3 results limit reached. Use limit=6 for more, or refine pattern]",
		);
		expect(result.details).toEqual({ resultLimitReached: 3 });
		expect((await errorOf(callTool(createFindTool(root), { pattern: "*", path: "x" }))).message).toBe(
			`Path not found: ${join(root, "x")}`,
		);
		expect((await errorOf(callTool(createFindTool(root), { pattern: "*", path: "f0.txt" }))).message).toBe(
			`Not a directory: ${join(root, "f0.txt")}`,
		);
	});
});

describe("ls", () => {
	it("lists entries case-insensitively with dirs marked, leaving out gitignored ones", async () => {
		const root = repo();
		writeFileSync(join(root, "B.md"), "");
		writeFileSync(join(root, "a.md"), "");
		const result = await callTool(createLsTool(root), {});
		expect(textOf(result)).toBe(
			[
				".git/",
				".gitignore",
				".hidden",
				"a.md",
				"B.md",
				"bin.dat",
				"keep.log",
				"link/",
				"src/",
				"",
				"[2 gitignored entries not shown]",
			].join("\n"),
		);
		expect(result.details).toEqual({ ignoredCount: 2 });
	});

	it("with both a limit and gitignored entries, reports the limit first and records both in details", async () => {
		const root = tree({ ".gitignore": "*.log\n", "a.txt": "", "b.txt": "", "c.txt": "", "x.log": "" });
		const result = await callTool(createLsTool(root), { limit: 2 });
		expect(textOf(result)).toBe(
			".gitignore\na.txt\n\n[2 entries limit reached. Use limit=4 for more. 1 gitignored entries not shown]",
		);
		expect(result.details).toEqual({ entryLimitReached: 2, ignoredCount: 1 });
	});

	it("reports empty directories, limits and errors", async () => {
		const root = tree({ "f.txt": "", "d/.keep": "", "e/x": "" });
		mkdirSync(join(root, "empty"));
		const tool = createLsTool(root);
		expect(textOf(await callTool(tool, { path: "empty" }))).toBe("(empty directory)");
		expect(textOf(await callTool(tool, { limit: 2 }))).toBe(
			"d/\ne/\n\n[2 entries limit reached. Use limit=4 for more]",
		);
		expect((await errorOf(callTool(tool, { path: "f.txt" }))).message).toBe(`Not a directory: ${join(root, "f.txt")}`);
		expect((await errorOf(callTool(tool, { path: "zz" }))).message).toBe(`Path not found: ${join(root, "zz")}`);
	});
});
