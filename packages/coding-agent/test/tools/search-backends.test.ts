/**
 * grep backed by ripgrep and find backed by fd must print exactly what the built-in implementation prints
 * (tools.md §6.1). Each case runs both and compares the whole result; without rg/fd installed the same cases
 * assert that the built-in implementation served the call, and a notice names the missing program (CI installs
 * both and requires them: test/system-programs.ts).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { describe, expect, it } from "vitest";
import { createFindTool } from "../../src/tools/find.js";
import { createGrepTool } from "../../src/tools/grep.js";
import { findSearchBinary } from "../../src/tools/search-binaries.js";
import type { SearchBackend, SearchToolOptions } from "../../src/tools/search-options.js";
import { hasSystemProgram } from "../system-programs.js";
import { callTool, errorOf, isAlive, tempDir, waitFor } from "./helpers.js";

const rg = await findSearchBinary("rg");
const fd = await findSearchBinary("fd");
hasSystemProgram(rg !== undefined, "rg", "the ripgrep side of the grep comparison", "apt-get install ripgrep");
hasSystemProgram(fd !== undefined, "fd", "the fd side of the find comparison", "apt-get install fd-find");
const rgNote = rg ? "rg installed" : "rg NOT installed: only the built-in path is asserted";
const fdNote = fd ? "fd installed" : "fd NOT installed: only the built-in path is asserted";

type Files = Record<string, string | Buffer>;

function writeTree(root: string, files: Files): string {
	for (const [path, content] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), content);
	}
	return root;
}

const longLine = `start ${"x".repeat(700)} TODO end`;
const lateNul = Buffer.concat([Buffer.from(`TODO before\n${"y".repeat(9000)}\n`), Buffer.from([0]), Buffer.from("\n")]);

/** A tree that fd can serve too: inside a repository, no `.ignore`/`.fdignore`, no exclude rules. */
const portableFiles: Files = {
	".git/HEAD": "ref: refs/heads/main TODO\n",
	".gitignore": "*.log\nbuild/\n!keep.log\n/anchored.txt\nignored-dir/\n*.tmp\n!/src/kept.tmp\n",
	".hidden": "TODO hidden\n",
	".hiddendir/h.ts": "export const h = 1; // TODO\n",
	"anchored.txt": "TODO anchored\n",
	"src/anchored.txt": "TODO not anchored here\n",
	"src/kept.tmp": "TODO kept tmp\n",
	"src/drop.tmp": "TODO dropped tmp\n",
	"src/.gitignore": "gen.ts\n*.gen.ts\n!important.gen.ts\n",
	"src/gen.ts": "TODO generated\n",
	"src/a.gen.ts": "TODO generated too\n",
	"src/important.gen.ts": "TODO important\n",
	"src/api.ts": "// 1\n// 2\nexport function load() {\n// TODO: cache this\nreturn fetchAll(); // foo_bar\n}\n",
	"src/util/str.ts": "// TODO trim\nexport const trim = (s: string) => s.trim();\nconst n = 42; const foo = 'bar';\n",
	"sub/.gitignore": "!keep-me.log\n",
	"sub/keep-me.log": "TODO re-included log\n",
	"sub/other.log": "TODO ignored log\n",
	"sub/repo/.git/HEAD": "x\n",
	"sub/repo/inner.log": "TODO nested repo log\n",
	"sub/repo/inner.ts": "TODO nested repo ts\n",
	"build/out.js": "TODO built\n",
	"ignored-dir/x.ts": "TODO ignored dir\n",
	"debug.log": "TODO log\n",
	"keep.log": "TODO kept\n",
	"bin.dat": Buffer.from("TODO\u0000binary"),
	"late-nul.dat": lateNul,
	"crlf.txt": "first line\r\nTODO crlf\r\nend\r\n",
	"long.txt": `${longLine}\nshort TODO\n`,
	"latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b, 0x0a]),
	"bom.txt": "\ufeffTODO with bom\n",
	"ünï/çödé.ts": "TODO ünïcödé 😀 naïve\n",
	"日本.txt": "TODO 日本語 ٣ digits\n",
	"a.txt": "TODO a\n",
	"a/b.txt": "TODO a/b\n",
	"A.txt": "TODO A\n",
	"a-b.txt": "TODO a-b\n",
	"ä.txt": "TODO ä\n",
	"ctx.txt": "c1\nc2\nTODO one\nc4\nTODO two\nc6\nc7\nc8\nTODO three\nc10\n",
	"many.txt": Array.from({ length: 40 }, (_, i) => `TODO many ${i}`).join("\n"),
	"feff.txt": "x\ufeffy\n",
};

/** The portable tree plus what only ripgrep can handle (fd falls back for these). */
const rgOnlyFiles: Files = {
	".git/info/exclude": "*.ts\n",
	".ignore": "*.txt\n",
	"sub/.fdignore": "*\n",
	"sub/worktree/.git": "gitdir: /nowhere TODO\n",
};

function makeTree(files: Files, parentRepo = false): string {
	const base = tempDir("pi-search-backends-");
	const root = parentRepo ? join(base, "project") : base;
	writeTree(root, files);
	symlinkSync("src", join(root, "link-dir"));
	symlinkSync("src/api.ts", join(root, "link-file.ts"));
	symlinkSync("missing", join(root, "broken-link"));
	return root;
}

async function run<T>(
	create: (cwd: string, options: SearchToolOptions) => AgentTool<any, T>,
	cwd: string,
	args: Record<string, unknown>,
	options: SearchToolOptions = {},
) {
	const backends: SearchBackend[] = [];
	const result = await callTool(create(cwd, { ...options, onBackend: (b) => backends.push(b) }), args);
	return { result, backend: backends[0] };
}

/** Runs the call with the built-in implementation and with the external tool; returns the backend used. */
async function expectSameOutput<T>(
	create: (cwd: string, options: SearchToolOptions) => AgentTool<any, T>,
	cwd: string,
	args: Record<string, unknown>,
): Promise<SearchBackend> {
	const builtin = await run(create, cwd, args, { useExternalTools: false });
	expect(builtin.backend).toBe("builtin");
	const external = await run(create, cwd, args);
	expect(external.result, JSON.stringify(args)).toEqual(builtin.result);
	return external.backend;
}

const grepCases: Record<string, unknown>[] = [
	{ pattern: "TODO" },
	{ pattern: "todo", ignore_case: true },
	{ pattern: "TODO", context: 2 },
	{ pattern: "TODO", limit: 3, context: 1 },
	{ pattern: "TODO", limit: 1000 },
	{ pattern: "many \\d+$", limit: 5 },
	{ pattern: "\\bfoo\\b" },
	{ pattern: "\\d" },
	{ pattern: "\\D\\d" },
	{ pattern: "\\W\\w+\\W" },
	{ pattern: "x\\sy" },
	{ pattern: "caf. ok" },
	{ pattern: "caf[^a-z] ok" },
	{ pattern: "^TODO crlf$" },
	{ pattern: "crlf$" },
	{ pattern: "na.ve" },
	{ pattern: "😀" },
	{ pattern: "(?<word>TO)DO (?:one|three)" },
	{ pattern: "[\\u0041-\\u005A]{4} [ä]" },
	{ pattern: "o(x", literal: true },
	{ pattern: "fetchAll()", literal: true },
	{ pattern: "TODO", glob: "*.ts" },
	{ pattern: "TODO", glob: "!src/**" },
	{ pattern: "TODO", glob: "**/*.{txt,log}" },
	{ pattern: "TODO", path: "src", context: 1 },
	{ pattern: "TODO", path: "debug.log" },
	{ pattern: "T(?=ODO)" },
	{ pattern: "(T)ODO \\1?" },
	{ pattern: "\\p{Lu}{4}" },
	{ pattern: "TODO\\:" },
	{ pattern: "nothing-matches-this" },
];

const findCases: Record<string, unknown>[] = [
	{ pattern: "*" },
	{ pattern: "*.ts" },
	{ pattern: "src/**" },
	{ pattern: "**/*.log" },
	{ pattern: "{link*,a*}" },
	{ pattern: "[!.]*" },
	{ pattern: "*", limit: 5 },
	{ pattern: "*.txt", path: "sub" },
	{ pattern: "no-such-*" },
];

describe(`grep via ripgrep equals the built-in grep (backend comparison needs rg; ${rgNote})`, () => {
	it("matches byte for byte on a tree with every ignore, encoding and naming corner case", async () => {
		for (const files of [portableFiles, { ...portableFiles, ...rgOnlyFiles }]) {
			const root = makeTree(files);
			for (const args of grepCases) {
				const backend = await expectSameOutput(createGrepTool, root, args);
				// A single file is always read by the built-in search; for `src` the root's `!/src/kept.tmp` is an
				// anchored re-include ripgrep cannot apply from an ancestor, so that call falls back too.
				expect(backend, JSON.stringify(args)).toBe(rg && args.path === undefined ? "rg" : "builtin");
			}
		}
	});

	it("honours ancestor .gitignore files up to the repository root, and none outside a repository", async () => {
		const files = { "sub/a.anc": "TODO anc\n", "sub/keep.anc": "TODO keep\n", "sub/x.txt": "TODO x\n" };
		// Inside a repository.
		const inside = makeTree({ ...files, ".git/HEAD": "x\n" });
		writeFileSync(join(inside, ".gitignore"), "*.anc\n!keep.anc\n");
		expect(await expectSameOutput(createGrepTool, join(inside, "sub"), { pattern: "TODO" })).toBe(
			rg ? "rg" : "builtin",
		);
		const insideText = (await run(createGrepTool, join(inside, "sub"), { pattern: "TODO" })).result.content[0];
		expect(insideText).toEqual({ type: "text", text: "keep.anc:1: TODO keep\nx.txt:1: TODO x" });
		// An anchored re-include cannot be handed to ripgrep: the call falls back and stays exact.
		writeFileSync(join(inside, ".gitignore"), "*.anc\n!/sub/keep.anc\n");
		expect(await expectSameOutput(createGrepTool, join(inside, "sub"), { pattern: "TODO" })).toBe("builtin");
		// Outside any repository the parent's .gitignore does not count.
		const outside = tempDir("pi-search-outside-");
		writeTree(outside, { ".gitignore": "*.anc\n", ...files });
		expect(await expectSameOutput(createGrepTool, join(outside, "sub"), { pattern: "TODO" })).toBe(
			rg ? "rg" : "builtin",
		);
		const outsideText = (await run(createGrepTool, join(outside, "sub"), { pattern: "TODO" })).result.content[0];
		expect(outsideText).toEqual({ type: "text", text: "a.anc:1: TODO anc\nkeep.anc:1: TODO keep\nx.txt:1: TODO x" });
	});

	it("falls back to the built-in search when a .rgignore would hide files", async () => {
		const root = makeTree({ ...portableFiles, "src/.rgignore": "*\n" });
		expect(await expectSameOutput(createGrepTool, root, { pattern: "TODO" })).toBe("builtin");
	});
});

describe(`find via fd equals the built-in find (backend comparison needs fd; ${fdNote})`, () => {
	it("matches byte for byte on a repository tree", async () => {
		const root = makeTree(portableFiles);
		for (const args of findCases) {
			expect(await expectSameOutput(createFindTool, root, args), JSON.stringify(args)).toBe(fd ? "fd" : "builtin");
		}
	});

	it("falls back (still exact) where fd cannot follow the rules: .ignore/.fdignore, exclude rules, no repository", async () => {
		const root = makeTree({ ...portableFiles, ...rgOnlyFiles });
		for (const args of findCases) {
			expect(await expectSameOutput(createFindTool, root, args)).toBe("builtin");
		}
		const outside = tempDir("pi-search-outside-");
		writeTree(outside, { ".gitignore": "*.anc\n", "sub/a.anc": "", "sub/b.txt": "", "sub/.gitignore": "b.txt\n" });
		expect(await expectSameOutput(createFindTool, join(outside, "sub"), { pattern: "*" })).toBe("builtin");
	});

	it("applies ancestor .gitignore files inside a repository", async () => {
		const root = makeTree({ "sub/a.anc": "", "sub/b.txt": "", "sub/d/c.anc": "", ".git/HEAD": "x\n" });
		writeFileSync(join(root, ".gitignore"), "*.anc\n");
		expect(await expectSameOutput(createFindTool, join(root, "sub"), { pattern: "*" })).toBe(fd ? "fd" : "builtin");
		expect((await run(createFindTool, join(root, "sub"), { pattern: "*" })).result.content[0]).toEqual({
			type: "text",
			text: "b.txt\nd/",
		});
	});
});

/** Writes `<agentDir>/bin/<name>`: answers --version, logs each call, then runs `body`. */
function writeShim(agentDir: string, name: string, version: string, body: string): string {
	const log = join(agentDir, `${name}.log`);
	const path = join(agentDir, "bin", name);
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(
		path,
		`#!/bin/sh\necho "$$ $*" >> '${log}'\nif [ "$1" = "--version" ]; then echo '${version}'; exit 0; fi\n${body}\n`,
	);
	chmodSync(path, 0o755);
	return log;
}

function realCommand(name: string | undefined): string | undefined {
	if (!name) return undefined;
	return execFileSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).trim();
}

describe("<agentDir>/bin", () => {
	it("prefers an <agentDir>/bin/rg shim over PATH (delegates to the real rg when installed)", async () => {
		const agentDir = tempDir("pi-agent-dir-");
		const real = realCommand(rg);
		const log = writeShim(agentDir, "rg", "ripgrep 13.0.0 (shim)", real ? `exec '${real}' "$@"` : "exit 2");
		const root = makeTree(portableFiles);
		const viaShim = await run(createGrepTool, root, { pattern: "TODO", glob: "*.ts" }, { agentDir });
		const builtin = await run(createGrepTool, root, { pattern: "TODO", glob: "*.ts" }, { useExternalTools: false });
		expect(viaShim.result).toEqual(builtin.result);
		const calls = readFileSync(log, "utf8");
		expect(calls).toContain("--version");
		expect(calls).toContain("--no-ignore-global");
		expect(viaShim.backend).toBe(real ? "rg" : "builtin");
	});

	it("prefers <agentDir>/bin/fd and kills it when the call is aborted", async () => {
		const agentDir = tempDir("pi-agent-dir-");
		const log = writeShim(agentDir, "fd", "fd 8.6.0", "exec sleep 30");
		const root = makeTree(portableFiles);
		const controller = new AbortController();
		const call = callTool(createFindTool(root, { agentDir }), { pattern: "*" }, controller.signal);
		const calls = () => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : []);
		expect(await waitFor(() => calls().length >= 2, 5000)).toBe(true);
		const pid = Number(calls()[1].split(" ")[0]);
		controller.abort();
		expect((await errorOf(call)).message).toBe("Operation aborted");
		expect(await waitFor(() => !isAlive(pid), 5000)).toBe(true);
	});

	it("ignores a program named rg that is not ripgrep", async () => {
		const agentDir = tempDir("pi-agent-dir-");
		writeShim(agentDir, "rg", "rg: some other tool", "exit 2");
		expect(await findSearchBinary("rg", agentDir)).toBe(rg);
	});
});
