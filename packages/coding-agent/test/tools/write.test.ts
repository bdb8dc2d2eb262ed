import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWriteTool } from "../../src/tools/write.js";
import { callTool, errorOf, tempDir, textOf } from "./helpers.js";

describe("write", () => {
	it("creates a file and its parent directories (spec example)", async () => {
		const cwd = tempDir();
		const result = await callTool(createWriteTool(cwd), { file_path: "notes/todo.md", content: "- [ ] ship\n" });
		expect(textOf(result)).toBe("Created notes/todo.md (11 bytes)");
		expect(result.details).toEqual({ filePath: join(cwd, "notes/todo.md"), size: 11, isNew: true });
		expect(readFileSync(join(cwd, "notes/todo.md"), "utf8")).toBe("- [ ] ship\n");
	});

	it("overwrites exactly as given, keeping the mode, with the UTF-8 byte size", async () => {
		const cwd = tempDir();
		const file = join(cwd, "run.sh");
		writeFileSync(file, "old", { mode: 0o755 });
		const content = "\uFEFFé\r\nx";
		const result = await callTool(createWriteTool(cwd), { path: "run.sh", content });
		expect(textOf(result)).toBe("Overwrote run.sh (8 bytes)");
		expect(result.details).toMatchObject({ size: 8, isNew: false });
		expect(readFileSync(file, "utf8")).toBe(content);
		expect(statSync(file).mode & 0o777).toBe(0o755);
		expect(readdirSync(cwd)).toEqual(["run.sh"]);
	});

	it("refuses a directory", async () => {
		const cwd = tempDir();
		mkdirSync(join(cwd, "d"));
		expect((await errorOf(callTool(createWriteTool(cwd), { file_path: "d", content: "x" }))).message).toBe(
			"d is a directory",
		);
	});

	it("resolves @, ~ and unicode-space variants of paths", async () => {
		const cwd = tempDir();
		writeFileSync(join(cwd, "my file.txt"), "x");
		const tool = createWriteTool(cwd);
		expect(textOf(await callTool(tool, { file_path: "@my\u00a0file.txt", content: "y" }))).toBe(
			"Overwrote my file.txt (1 bytes)",
		);
		expect(readdirSync(cwd)).toEqual(["my file.txt"]);
	});
});
