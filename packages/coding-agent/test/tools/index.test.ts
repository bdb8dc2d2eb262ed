import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES, createCodingTools, DEFAULT_TOOL_NAMES, TOOL_SUMMARIES } from "../../src/tools/index.js";
import { callTool, tempDir, textOf } from "./helpers.js";

describe("tool registry", () => {
	it("creates the default tools with the spec's names and labels", () => {
		const tools = createCodingTools(tempDir());
		expect(tools.map((t) => [t.name, t.label])).toEqual([
			["read", "Read"],
			["bash", "Bash"],
			["edit", "Edit"],
			["write", "Write"],
		]);
		expect(DEFAULT_TOOL_NAMES).toEqual(["read", "bash", "edit", "write"]);
	});

	it("enables grep, find and ls by name, in a fixed order, ignoring unknown names", () => {
		const tools = createCodingTools(tempDir(), {}, ["ls", "grep", "nope", "find"]);
		expect(tools.map((t) => [t.name, t.label])).toEqual([
			["grep", "Grep"],
			["find", "Find"],
			["ls", "List"],
		]);
		expect(BUILTIN_TOOL_NAMES).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls"]);
		expect(TOOL_SUMMARIES.ls).toBe("List a directory");
		expect(TOOL_SUMMARIES.edit).toBe("Replace exact text in a file (one or several edits)");
	});

	it("passes settings through to the tools", async () => {
		const cwd = tempDir();
		const [read, write] = createCodingTools(cwd, { read: { maxLines: 2 } }, ["write", "read"]);
		await callTool(write, { file_path: "a.txt", content: "1\n2\n3\n" });
		expect(textOf(await callTool(read, { file_path: "a.txt" }))).toBe(
			"     1\t1\n     2\t2\n\n[Lines 1-2 of 3 shown (line limit 2). Use offset=3 to continue.]",
		);
	});

	it("exposes the parameter schemas of tools.md §7", () => {
		const tools = Object.fromEntries(
			createCodingTools(tempDir(), {}, BUILTIN_TOOL_NAMES).map((t) => [t.name, t.parameters]),
		);
		expect(tools.read.required).toEqual(["file_path"]);
		expect(tools.read.properties.offset).toMatchObject({ type: "integer", minimum: 1 });
		expect(tools.bash.properties.timeout).toMatchObject({ type: "number", exclusiveMinimum: 0 });
		expect(tools.edit.properties.edits).toMatchObject({ type: "array", minItems: 1 });
		expect(tools.edit.properties.edits.items.required).toEqual(["old_string", "new_string"]);
		expect(tools.write.required).toEqual(["file_path", "content"]);
		expect(tools.grep.properties.context).toMatchObject({ type: "integer", minimum: 0 });
		expect(tools.ls.required).toBeUndefined();
	});
});
