import { spawnSync } from "node:child_process";
import { promises as fsp, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { structuredPatch } from "diff";
import { afterEach, describe, expect, it, vi } from "vitest";
import { atomicWriteHooks } from "../../src/tools/atomic-write.js";
import { createEditTool } from "../../src/tools/edit.js";
import { createWriteTool } from "../../src/tools/write.js";
import { callTool, errorOf, tempDir, textOf } from "./helpers.js";

function setup(files: Record<string, string | Buffer>) {
	const cwd = tempDir();
	for (const [name, content] of Object.entries(files)) writeFileSync(join(cwd, name), content);
	return { cwd, tool: createEditTool(cwd), read: (name: string) => readFileSync(join(cwd, name)) };
}

afterEach(() => {
	atomicWriteHooks.beforeRename = undefined;
	vi.restoreAllMocks();
});

const CONFIG = 'export const config = {\n  port: 3000,\n  host: "localhost",\n};\n';

describe("edit: exact replacement", () => {
	it("edits the spec example with its result text, diff and details", async () => {
		const { cwd, tool, read } = setup({ "config.ts": CONFIG });
		const result = await callTool(tool, {
			file_path: "config.ts",
			old_string: "  port: 3000,",
			new_string: "  port: Number(process.env.PORT ?? 3000),",
		});
		expect(textOf(result)).toBe("Edited config.ts: 1 replacement, +1 -1 lines");
		expect(read("config.ts").toString()).toBe(CONFIG.replace("port: 3000", "port: Number(process.env.PORT ?? 3000)"));
		expect(result.details).toEqual({
			filePath: join(cwd, "config.ts"),
			diff: [
				"--- config.ts",
				"+++ config.ts",
				"@@ -1,4 +1,4 @@",
				" export const config = {",
				"-  port: 3000,",
				"+  port: Number(process.env.PORT ?? 3000),",
				'   host: "localhost",',
				" };",
			].join("\n"),
			firstChangedLine: 2,
			matchCount: 1,
			linesAdded: 1,
			linesRemoved: 1,
		});
	});

	it("limits diff context to 3 lines and numbers hunks in a large file", async () => {
		const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
		const { tool } = setup({ "big.txt": `${lines.join("\n")}\n` });
		const result = await callTool(tool, { file_path: "big.txt", old_string: "line 50\n", new_string: "fifty\nL\n" });
		expect(result.details?.diff).toBe(
			[
				"--- big.txt",
				"+++ big.txt",
				"@@ -47,7 +47,8 @@",
				" line 47",
				" line 48",
				" line 49",
				"-line 50",
				"+fifty",
				"+L",
				" line 51",
				" line 52",
				" line 53",
			].join("\n"),
		);
		expect(result.details?.firstChangedLine).toBe(50);
		expect(textOf(result)).toBe("Edited big.txt: 1 replacement, +2 -1 lines");
	});

	it("counts overlapping occurrences for uniqueness and lists the lines of an ambiguous match", async () => {
		const { tool } = setup({ "a.txt": "aaa\nx\naa\n" });
		const error = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "aa", new_string: "b" }));
		expect(error.message).toBe(
			"Found 3 matches of old_string in a.txt (lines 1, 1, 3). Include more surrounding lines to make it unique, or set replace_all to true.",
		);
	});

	it("lists at most 10 lines of an ambiguous match", async () => {
		const { tool } = setup({ "a.txt": "x\n".repeat(12) });
		const error = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "x", new_string: "y" }));
		expect(error.message).toBe(
			"Found 12 matches of old_string in a.txt (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …). Include more surrounding lines to make it unique, or set replace_all to true.",
		);
	});

	it("replace_all takes matches left to right without overlap", async () => {
		const { tool, read } = setup({ "a.txt": "aaaaa\n" });
		const result = await callTool(tool, { file_path: "a.txt", old_string: "aa", new_string: "b", replace_all: true });
		expect(read("a.txt").toString()).toBe("bba\n");
		expect(textOf(result)).toBe("Edited a.txt: 2 replacements, +1 -1 lines");
		expect(result.details?.matchCount).toBe(2);
	});

	it("applies several edits against the original content", async () => {
		const { tool, read } = setup({ "a.txt": "one\ntwo\nthree\n" });
		const result = await callTool(tool, {
			file_path: "a.txt",
			old_string: "one",
			new_string: "two",
			edits: [
				{ old_string: "two", new_string: "2" },
				{ old_string: "three", new_string: "3" },
			],
		});
		// "two" refers to the original line 2, not to the text the first edit produced.
		expect(read("a.txt").toString()).toBe("two\n2\n3\n");
		expect(textOf(result)).toBe("Edited a.txt: 3 replacements, +2 -2 lines");
	});

	it("refuses overlapping edits but allows touching ones", async () => {
		const { tool, read } = setup({ "a.txt": "abcdef\nxyz\n" });
		const error = await errorOf(
			callTool(tool, {
				file_path: "a.txt",
				edits: [
					{ old_string: "abcd", new_string: "1" },
					{ old_string: "xyz", new_string: "2" },
					{ old_string: "cdef", new_string: "3" },
				],
			}),
		);
		expect(error.message).toBe("edits[0] and edits[2] overlap in a.txt (lines 1-1). Combine them into one edit.");
		await callTool(tool, {
			file_path: "a.txt",
			edits: [
				{ old_string: "abc", new_string: "1" },
				{ old_string: "def", new_string: "2" },
			],
		});
		expect(read("a.txt").toString()).toBe("12\nxyz\n");
	});

	it("reports an edit that changes nothing", async () => {
		const { tool } = setup({ "a.txt": "value\n" });
		const error = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "value   ", new_string: "value" }));
		expect(error.message).toBe("No change: the edits leave a.txt unchanged.");
	});
});

describe("edit: argument errors and aliases", () => {
	it("validates the two forms", async () => {
		const { tool } = setup({ "a.txt": "x\n" });
		const msg = async (args: Record<string, unknown>) =>
			(await errorOf(callTool(tool, { file_path: "a.txt", ...args }))).message;
		expect(await msg({})).toBe("Provide old_string and new_string, or a non-empty edits array.");
		expect(await msg({ old_string: "x" })).toBe("Provide old_string and new_string, or a non-empty edits array.");
		expect(await msg({ old_string: "", new_string: "y" })).toBe(
			"old_string must not be empty; use write to create or replace a whole file.",
		);
		expect(await msg({ old_string: "x", new_string: "x" })).toBe(
			"old_string and new_string are identical; nothing to change.",
		);
		expect(
			await msg({
				edits: [
					{ old_string: "x", new_string: "y" },
					{ old_string: "z", new_string: "z" },
				],
			}),
		).toBe("edits[1]: old_string and new_string are identical; nothing to change.");
		expect(await msg({ edits: [{ old_string: "", new_string: "y" }] })).toBe(
			"edits[0]: old_string must not be empty; use write to create or replace a whole file.",
		);
	});

	it("accepts path, oldText/newText, edits[].oldText and edits as a JSON string", async () => {
		const { tool, read } = setup({ "a.txt": "one two three\n" });
		await callTool(tool, { path: "a.txt", oldText: "one", newText: "1" });
		await callTool(tool, { path: "a.txt", edits: JSON.stringify([{ oldText: "two", newText: "2" }]) });
		await callTool(tool, { file_path: "a.txt", path: "a.txt", edits: [{ oldText: "three", new_string: "3" }] });
		expect(read("a.txt").toString()).toBe("1 2 3\n");
	});

	it("rejects an alias that conflicts with its canonical name", async () => {
		const { tool } = setup({ "a.txt": "x\n" });
		expect(
			(await errorOf(callTool(tool, { file_path: "a.txt", path: "b.txt", old_string: "x", new_string: "y" }))).message,
		).toBe('Conflicting arguments "file_path" and "path"; use "file_path" only.');
		expect(
			(await errorOf(callTool(tool, { file_path: "a.txt", old_string: "x", oldText: "z", new_string: "y" }))).message,
		).toBe('Conflicting arguments "old_string" and "oldText"; use "old_string" only.');
		expect(
			(
				await errorOf(
					callTool(tool, { file_path: "a.txt", edits: [{ old_string: "x", oldText: "q", new_string: "y" }] }),
				)
			).message,
		).toBe('Conflicting arguments "edits[0].old_string" and "edits[0].oldText"; use "edits[0].old_string" only.');
	});

	it("reports missing, directory and binary targets", async () => {
		const { cwd, tool } = setup({ "bin.dat": Buffer.from([1, 2, 0, 3]) });
		await fsp.mkdir(join(cwd, "dir"));
		const msg = async (file: string) =>
			(await errorOf(callTool(tool, { file_path: file, old_string: "a", new_string: "b" }))).message;
		expect(await msg("nope.txt")).toBe("File not found: nope.txt. Use write to create a new file.");
		expect(await msg("dir")).toBe("dir is a directory");
		expect(await msg("bin.dat")).toBe("bin.dat is a binary file; edit only changes text files.");
	});

	it("throws Operation aborted when the signal has fired", async () => {
		const { tool, read } = setup({ "a.txt": "x\n" });
		const controller = new AbortController();
		controller.abort();
		const error = await errorOf(
			callTool(tool, { file_path: "a.txt", old_string: "x", new_string: "y" }, controller.signal),
		);
		expect(error.message).toBe("Operation aborted");
		expect(read("a.txt").toString()).toBe("x\n");
	});
});

describe("edit: not found", () => {
	it("shows the closest window of lines", async () => {
		const { tool } = setup({ "a.ts": "function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n" });
		const error = await errorOf(
			callTool(tool, { file_path: "a.ts", old_string: "function b() {\n  return 3;\n}", new_string: "x" }),
		);
		expect(error.message).toBe(
			[
				"Could not find old_string in a.ts (no exact match, and none when ignoring trailing whitespace and quote, dash and space variants).",
				"Closest lines (5-7):",
				"     5\tfunction b() {",
				"     6\t  return 2;",
				"     7\t}",
				"Read the file again and copy the text exactly.",
			].join("\n"),
		);
	});

	it("falls back to the most similar line, and omits the excerpt when nothing is similar", async () => {
		const { tool } = setup({ "a.txt": "alpha beta gamma\nsomething else\nmore\n" });
		const similar = await errorOf(
			callTool(tool, { file_path: "a.txt", edits: [{ old_string: "alpha beta gamme\nzzz", new_string: "x" }] }),
		);
		expect(similar.message).toBe(
			[
				"Could not find edits[0].old_string in a.txt (no exact match, and none when ignoring trailing whitespace and quote, dash and space variants).",
				"Closest lines (1-2):",
				"     1\talpha beta gamma",
				"     2\tsomething else",
				"Read the file again and copy the text exactly.",
			].join("\n"),
		);
		const unrelated = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "QQQQ", new_string: "x" }));
		expect(unrelated.message).toBe(
			"Could not find old_string in a.txt (no exact match, and none when ignoring trailing whitespace and quote, dash and space variants).\nRead the file again and copy the text exactly.",
		);
	});
});

describe("edit: tolerant match", () => {
	it("replaces only the matched span of curly quotes and trailing spaces", async () => {
		const original = "const a = 1;   \n  title: \u201cWelcome\u201d,   \n  dash: 1\u20142,\t\nend\n";
		const { tool, read } = setup({ "a.ts": original });
		await callTool(tool, { file_path: "a.ts", old_string: '  title: "Welcome",', new_string: '  title: "Hello",' });
		expect(read("a.ts").toString()).toBe('const a = 1;   \n  title: "Hello",   \n  dash: 1\u20142,\t\nend\n');
	});

	it("replaces trailing whitespace inside the span and keeps everything outside byte for byte", async () => {
		const original = "keep\u00a0this  \nfoo  \nbar \u2013 baz\t\nafter  \n";
		const { tool, read } = setup({ "a.txt": original });
		await callTool(tool, { file_path: "a.txt", old_string: "foo\nbar - baz", new_string: "X" });
		expect(read("a.txt").toString()).toBe("keep\u00a0this  \nX\t\nafter  \n");
	});
});

/** The unified diff of two whole texts as tools.md §4.5 formats it, computed by the diff library on everything. */
function wholeFileDiff(p: string, before: string, after: string): string {
	const patch = structuredPatch(p, p, before, after, undefined, undefined, { context: 3 });
	const out = [`--- ${p}`, `+++ ${p}`];
	for (const h of patch.hunks) out.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`, ...h.lines);
	return out.join("\n");
}

describe("edit: diff of large files", () => {
	const lines = Array.from({ length: 400 }, (_, i) => `const v${i} = f(${i});`);
	const cases: { name: string; text: string; args: Record<string, unknown> }[] = [
		{ name: "middle", text: `${lines.join("\n")}\n`, args: { old_string: "const v200 = f(200);", new_string: "x\ny" } },
		{ name: "first line", text: `${lines.join("\n")}\n`, args: { old_string: "const v0 = f(0);\n", new_string: "" } },
		{
			name: "last line without newline",
			text: lines.join("\n"),
			args: { old_string: "const v399 = f(399);", new_string: "const last = 1;\n" },
		},
		{
			name: "edits far apart",
			text: `${lines.join("\n")}\n`,
			args: {
				edits: [
					{ old_string: "const v10 = f(10);", new_string: "ten" },
					{ old_string: "const v13 = f(13);\n", new_string: "" },
					{ old_string: "const v390 = f(390);", new_string: "a\nb\nc" },
				],
			},
		},
		{
			name: "replacement equal to a neighbouring line",
			text: `${lines.join("\n")}\n`,
			args: { old_string: "const v50 = f(50);\nconst v51", new_string: "const v49 = f(49);\nconst v51" },
		},
	];
	for (const c of cases) {
		it(`equals the diff of the whole files (${c.name})`, async () => {
			const { tool, read } = setup({ "big.ts": c.text });
			const result = await callTool(tool, { file_path: "big.ts", ...c.args });
			const after = read("big.ts").toString();
			expect(result.details?.diff).toBe(wholeFileDiff("big.ts", c.text, after));
			const firstDiffering = c.text.split("\n").findIndex((line, i) => after.split("\n")[i] !== line) + 1;
			expect(result.details?.firstChangedLine).toBe(firstDiffering);
		});
	}

	it("shows a CRLF file's diff with LF line endings and whole-file line numbers", async () => {
		const text = `${lines.join("\r\n")}\r\n`;
		const { tool, read } = setup({ "crlf.ts": text });
		const result = await callTool(tool, { file_path: "crlf.ts", old_string: "const v300 = f(300);", new_string: "z" });
		expect(read("crlf.ts").toString()).toBe(text.replace("const v300 = f(300);", "z"));
		const lf = (s: string) => s.replace(/\r\n/g, "\n");
		expect(result.details?.diff).toBe(wholeFileDiff("crlf.ts", lf(text), lf(read("crlf.ts").toString())));
		expect(result.details?.diff).toContain("@@ -298,7 +298,7 @@");
	});
});

describe("edit: encodings and line endings", () => {
	it("round-trips a CRLF file byte for byte apart from the edit", async () => {
		const original = "line1\r\nline2\r\nline3\r\nlast without newline";
		const { tool, read } = setup({ "crlf.txt": original });
		const result = await callTool(tool, {
			file_path: "crlf.txt",
			old_string: "line2\nline3",
			new_string: "two\nthree\nmore",
		});
		expect(read("crlf.txt").toString()).toBe("line1\r\ntwo\r\nthree\r\nmore\r\nlast without newline");
		expect(result.details?.diff).not.toContain("\r");
		expect(result.details?.linesAdded).toBe(3);
	});

	it("keeps a BOM and leaves every other byte unchanged", async () => {
		const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("héllo\nwörld\n")]);
		const { tool, read } = setup({ "bom.txt": original });
		await callTool(tool, { file_path: "bom.txt", old_string: "wörld", new_string: "world" });
		expect(read("bom.txt")).toEqual(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("héllo\nworld\n")]));
	});

	it("replaces the right bytes after multi-byte characters and astral characters", async () => {
		const { tool, read } = setup({ "u.txt": "日本 😀 ü\nkey: ✓ value\nend ✓\n" });
		await callTool(tool, {
			file_path: "u.txt",
			edits: [
				{ old_string: "✓ value", new_string: "ok" },
				{ old_string: "end ✓", new_string: "fin" },
			],
		});
		expect(read("u.txt").toString()).toBe("日本 😀 ü\nkey: ok\nfin\n");
	});

	it("treats a file as LF when its first line ends in LF", async () => {
		const { tool, read } = setup({ "mixed.txt": "a\nb\r\nc\n" });
		await callTool(tool, { file_path: "mixed.txt", old_string: "a\n", new_string: "A\nA2\n" });
		expect(read("mixed.txt").toString()).toBe("A\nA2\nb\r\nc\n");
	});
});

describe("edit: safe writing", () => {
	it("keeps the file mode and replaces a symlink's target, keeping the link", async () => {
		const { cwd, tool, read } = setup({ "target.sh": "echo old\n" });
		await fsp.chmod(join(cwd, "target.sh"), 0o751);
		symlinkSync("target.sh", join(cwd, "link.sh"));
		await callTool(tool, { file_path: "link.sh", old_string: "old", new_string: "new" });
		expect(read("target.sh").toString()).toBe("echo new\n");
		expect(lstatSync(join(cwd, "link.sh")).isSymbolicLink()).toBe(true);
		expect(statSync(join(cwd, "target.sh")).mode & 0o777).toBe(0o751);
		expect(readdirSync(cwd).sort()).toEqual(["link.sh", "target.sh"]);
	});

	it("leaves the original intact when the write fails before the rename", async () => {
		const { cwd, tool, read } = setup({ "a.txt": "original\n" });
		let tempSeen = "";
		atomicWriteHooks.beforeRename = (temp) => {
			tempSeen = temp;
			expect(readFileSync(temp, "utf8")).toBe("changed\n");
			throw new Error("disk on fire");
		};
		const error = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "original", new_string: "changed" }));
		expect(error.message).toBe("disk on fire");
		expect(tempSeen).toMatch(/\/\.a\.txt\.pi-[0-9a-f]{8}\.tmp$/);
		expect(read("a.txt").toString()).toBe("original\n");
		expect(readdirSync(cwd)).toEqual(["a.txt"]);
	});

	it("leaves the original intact when the process dies between temp write and rename", async () => {
		const { cwd, read } = setup({ "a.txt": "original\n" });
		const dist = join(__dirname, "../../dist/tools");
		const script = `
			const { atomicWriteHooks } = await import(${JSON.stringify(join(dist, "atomic-write.js"))});
			const { createEditTool } = await import(${JSON.stringify(join(dist, "edit.js"))});
			atomicWriteHooks.beforeRename = () => process.kill(process.pid, "SIGKILL");
			await createEditTool(${JSON.stringify(cwd)}).execute("1", { file_path: "a.txt", old_string: "original", new_string: "changed" });
		`;
		const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
		expect(child.signal).toBe("SIGKILL");
		expect(read("a.txt").toString()).toBe("original\n");
		const leftovers = readdirSync(cwd).filter((f) => f !== "a.txt");
		expect(leftovers).toHaveLength(1);
		expect(leftovers[0]).toMatch(/^\.a\.txt\.pi-[0-9a-f]{8}\.tmp$/);
		expect(readFileSync(join(cwd, leftovers[0]), "utf8")).toBe("changed\n");
	});

	it("refuses to write when the file changed on disk after it was read", async () => {
		const { cwd, tool, read } = setup({ "a.txt": "original\n" });
		const realReadFile = fsp.readFile;
		vi.spyOn(fsp, "readFile").mockImplementation(async (...args: Parameters<typeof fsp.readFile>) => {
			const data = await realReadFile(...args);
			// Another process appends to the file right after edit read it.
			writeFileSync(join(cwd, "a.txt"), "original\nappended by someone else\n");
			return data;
		});
		const error = await errorOf(callTool(tool, { file_path: "a.txt", old_string: "original", new_string: "changed" }));
		expect(error.message).toBe("a.txt was modified by another process while editing; read it again and retry.");
		expect(read("a.txt").toString()).toBe("original\nappended by someone else\n");
	});

	it("serialises concurrent edits and writes to the same file in call order", async () => {
		const initial = `${Array.from({ length: 30 }, (_, i) => `item${i}`).join("\n")}\n`;
		const { cwd, tool, read } = setup({ "a.txt": initial });
		const write = createWriteTool(cwd);
		const calls = [
			callTool(write, { file_path: "a.txt", content: `${initial}tail\n` }),
			...Array.from({ length: 30 }, (_, i) =>
				callTool(tool, { file_path: join(cwd, "a.txt"), old_string: `item${i}\n`, new_string: `done${i}\n` }),
			),
			callTool(tool, { file_path: "./a.txt", old_string: "tail", new_string: "TAIL" }),
		];
		await Promise.all(calls);
		expect(read("a.txt").toString()).toBe(`${Array.from({ length: 30 }, (_, i) => `done${i}`).join("\n")}\nTAIL\n`);
	});
});
