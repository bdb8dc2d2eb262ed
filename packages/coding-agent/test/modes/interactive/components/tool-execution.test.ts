import { describe, expect, it } from "vitest";
import { TOOL_TEXT, ToolExecutionComponent } from "../../../../src/modes/interactive/components/tool-execution.js";
import { DARK_THEME } from "../../../../src/modes/interactive/theme/index.js";
import { fgCode, renderPlain, testTheme } from "./helpers.js";

const theme = testTheme();
const cwd = "/home/alice/proj";
const text = (t: string) => [{ type: "text" as const, text: t }];
const numbered = (lines: string[]) => lines.map((line, i) => `${String(i + 1).padStart(6)}\t${line}`).join("\n");

function tool(name: string, args: Record<string, unknown>, expanded = false) {
	return new ToolExecutionComponent(name, args, { theme, cwd, home: "/home/alice", expanded });
}

const WIDTHS = [40, 100];

describe("bash", () => {
	it("shows the command while pending, the live tail while running, and exit code and duration after", () => {
		const call = tool("bash", { command: "npm te" });
		for (const w of WIDTHS) expect(renderPlain(call, w)).toContain("$ npm te");
		call.updateArgs({ command: "npm test" });
		call.markRunning();
		expect(call.getState()).toBe("running");
		const output = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n");
		call.updateResult(
			{ content: text(output), details: { command: "npm test", exitCode: null }, isError: false },
			true,
		);
		const running = renderPlain(call, 100);
		expect(running).toContain("line 30");
		expect(running).not.toContain("line 5\n");
		expect(running).toContain(TOOL_TEXT.moreAbove(20));

		call.updateResult({
			content: text(output),
			details: { command: "npm test", exitCode: 0, durationMs: 4200, truncated: false },
			isError: false,
		});
		expect(call.getState()).toBe("success");
		expect(renderPlain(call, 100)).toContain("exit 0 · 4.2s");
		for (const w of WIDTHS) renderPlain(call, w);
	});

	it("shows a failure in the error colour with the exit code, without repeating the notice in the output", () => {
		const call = tool("bash", { command: "exit 3" });
		call.updateResult({
			content: text("(no output)\n\nCommand exited with code 3"),
			details: { command: "exit 3", exitCode: 3, durationMs: 4, truncated: false },
			isError: true,
		});
		const rows = call.render(100);
		const shown = renderPlain(call, 100);
		expect(call.getState()).toBe("error");
		expect(shown).toContain("exit 3 · 4ms · Command exited with code 3");
		expect(shown.match(/Command exited/g)).toHaveLength(1);
		expect(rows.join("")).toContain(fgCode(DARK_THEME.colors.error as string));
	});

	it("names the full output file when the output was truncated, and expands on demand", () => {
		const output = Array.from({ length: 15 }, (_, i) => `out ${i}`).join("\n");
		const call = tool("bash", { command: "big" });
		call.updateResult({
			content: text(
				`${output}\n\n[Output truncated: showing the last 15 of 9000 lines (1.0KB of 1.0MB). Full output: /tmp/pi-bash-1.log]`,
			),
			details: { command: "big", exitCode: 0, durationMs: 10, truncated: true, fullOutputPath: "/tmp/pi-bash-1.log" },
			isError: false,
		});
		const collapsed = renderPlain(call, 100);
		expect(collapsed).toContain("Output truncated; full output: /tmp/pi-bash-1.log");
		expect(collapsed).not.toContain("out 0\n");
		call.setExpanded(true);
		const expanded = renderPlain(call, 100);
		expect(expanded).toContain("out 0");
		expect(expanded).not.toContain("ctrl+o to expand");
	});
});

describe("read", () => {
	const content = Array.from({ length: 25 }, (_, i) => `const v${i + 1} = ${i + 1};`);

	it("shows the path relative to cwd with the line range, then numbered content collapsed to 10 lines", () => {
		const call = tool("read", { file_path: "/home/alice/proj/src/a.ts", offset: 5, limit: 25 });
		expect(renderPlain(call, 40)).toContain("read src/a.ts:5-29");
		call.markRunning();
		call.updateResult({ content: text(numbered(content)), details: { totalLines: 25 }, isError: false });
		const collapsed = renderPlain(call, 100);
		expect(collapsed).toMatch(/ 1 const v1 = 1;/);
		expect(collapsed).toContain("10 const v10 = 10;");
		expect(collapsed).not.toContain("v11");
		expect(collapsed).toContain(TOOL_TEXT.moreBelow(15));
		call.setExpanded(true);
		expect(renderPlain(call, 100)).toContain("25 const v25 = 25;");
		renderPlain(call, 40);
	});

	it("highlights TypeScript by extension", () => {
		const call = tool("read", { file_path: "src/a.ts" });
		call.updateResult({ content: text(numbered(["const x = 1;"])), isError: false });
		expect(call.render(100).join("")).toContain(fgCode(DARK_THEME.colors.syntaxKeyword as string));
	});

	it("shows errors in red", () => {
		const call = tool("read", { file_path: "missing.ts" });
		call.updateResult({ content: text("File not found: missing.ts"), isError: true });
		expect(renderPlain(call, 40)).toContain("File not found: missing.ts");
		expect(call.render(40).join("")).toContain(fgCode(DARK_THEME.colors.error as string));
	});
});

describe("edit", () => {
	const diff = [
		"--- src/config.ts",
		"+++ src/config.ts",
		"@@ -1,4 +1,4 @@",
		" export const config = {",
		"-  port: 3000,",
		"+  port: Number(process.env.PORT ?? 3000),",
		'   host: "localhost",',
		" };",
	].join("\n");

	it("previews old and new text while the arguments stream", () => {
		const call = tool("edit", { file_path: "src/config.ts", old_string: "  port: 3000," });
		const shown = renderPlain(call, 100);
		expect(shown).toContain("edit src/config.ts");
		expect(shown).toContain("-   port: 3000,");
	});

	it("renders the diff with line numbers, added lines green and removed lines red", () => {
		const call = tool("edit", { file_path: "src/config.ts", old_string: "  port: 3000,", new_string: "x" });
		call.markRunning();
		call.updateResult({
			content: text("Edited src/config.ts: 1 replacement, +1 -1 lines"),
			details: { diff, filePath: "/home/alice/proj/src/config.ts", firstChangedLine: 2 },
			isError: false,
		});
		const rows = call.render(100);
		const shown = renderPlain(call, 100);
		expect(shown).toContain(" 1 export const config = {");
		expect(shown).toContain("-2   port: 3000,");
		expect(shown).toContain("+2   port: Number(process.env.PORT ?? 3000),");
		expect(shown).toContain(' 3   host: "localhost",');
		expect(shown).toContain("Edited src/config.ts: 1 replacement, +1 -1 lines");
		const added = rows.find((row) => row.includes("+2"))!;
		const removed = rows.find((row) => row.includes("-2"))!;
		expect(added).toContain(fgCode(DARK_THEME.colors.diffAdded as string));
		expect(removed).toContain(fgCode(DARK_THEME.colors.diffRemoved as string));
		renderPlain(call, 40);
	});

	it("shows a not-found error", () => {
		const call = tool("edit", { file_path: "a.ts", old_string: "x", new_string: "y" });
		call.updateResult({ content: text("Could not find old_string in a.ts"), isError: true });
		expect(call.getState()).toBe("error");
		expect(renderPlain(call, 40)).toContain("Could not find old_string");
	});
});

describe("write, grep, find, ls and unknown tools", () => {
	it("write shows the path and content, then the result line", () => {
		const call = tool("write", { file_path: "notes/todo.md", content: "- [ ] ship\n" });
		expect(renderPlain(call, 40)).toContain("- [ ] ship");
		call.updateResult({ content: text("Created notes/todo.md (11 bytes)"), isError: false });
		expect(renderPlain(call, 100)).toContain("Created notes/todo.md (11 bytes)");
	});

	it("grep, find and ls show what was searched and the results", () => {
		const grep = tool("grep", { pattern: "TODO", path: "src", glob: "*.ts" });
		grep.updateResult({ content: text("api.ts:12: // TODO: cache this"), isError: false });
		const shown = renderPlain(grep, 100);
		expect(shown).toContain("grep /TODO/ in src (*.ts)");
		expect(shown).toContain("api.ts:12: // TODO: cache this");
		const find = tool("find", { pattern: "*.md" });
		find.updateResult({ content: text("README.md\ndocs/a.md"), isError: false });
		expect(renderPlain(find, 40)).toContain("find *.md in .");
		const ls = tool("ls", { path: "/home/alice/other" });
		ls.updateResult({ content: text("Path not found: /home/alice/other"), isError: true });
		expect(renderPlain(ls, 40)).toContain("ls ~/other");
	});

	it("an unknown tool shows its name, JSON arguments and text result", () => {
		const call = tool("weather", { city: "Oslo", days: 3 });
		call.updateResult({ content: text("Sunny"), isError: false });
		const shown = renderPlain(call, 100);
		expect(shown).toContain("weather");
		expect(shown).toContain('"city": "Oslo"');
		expect(shown).toContain("Sunny");
	});

	it("every tool in every state stays within widths 40 and 100, collapsed and expanded", () => {
		const long = "x".repeat(300);
		const cases: [string, Record<string, unknown>][] = [
			["bash", { command: long }],
			["read", { file_path: `/deep/${long}.ts` }],
			["edit", { file_path: long, old_string: long, new_string: long }],
			["write", { file_path: "a.ts", content: `${long}\n`.repeat(20) }],
			["grep", { pattern: long }],
			["find", { pattern: long }],
			["ls", { path: long }],
			["other", { blob: long }],
		];
		for (const [name, args] of cases) {
			for (const expanded of [false, true]) {
				const call = tool(name, args, expanded);
				for (const w of WIDTHS) renderPlain(call, w);
				call.markRunning();
				call.updateResult({ content: text(`${long}\n`.repeat(15)), isError: false }, true);
				for (const w of WIDTHS) renderPlain(call, w);
				call.updateResult({
					content: text(long),
					details: { diff: `@@ -1 +1 @@\n-${long}\n+${long}` },
					isError: false,
				});
				for (const w of WIDTHS) renderPlain(call, w);
				call.updateResult({ content: text(long), isError: true });
				for (const w of WIDTHS) renderPlain(call, w);
			}
		}
	});
});
