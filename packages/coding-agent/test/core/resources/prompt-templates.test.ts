// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${@:N}` placeholders are the subject under test
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	expandPromptTemplate,
	loadPromptTemplates,
	parseTemplateArguments,
	substituteTemplateArguments,
} from "../../../src/core/resources/prompt-templates.js";
import { tempDir, warningSink, writeFile } from "../config/helpers.js";

describe("prompt templates (§8)", () => {
	it("the spec example", () => {
		const cwd = tempDir();
		writeFile(
			join(cwd, ".pi", "prompts", "review.md"),
			"---\ndescription: Review a file for a given concern\n---\nReview $1 with a focus on ${@:2}. Report problems as a list.\n",
		);
		const templates = loadPromptTemplates({ cwd, agentDir: join(cwd, "agent") });
		expect(templates).toEqual([
			{
				name: "review",
				description: "Review a file for a given concern",
				content: "Review $1 with a focus on ${@:2}. Report problems as a list.",
				filePath: join(cwd, ".pi", "prompts", "review.md"),
				source: "project",
			},
		]);
		expect(expandPromptTemplate('/review src/db.ts "error handling" logging', templates)).toBe(
			"Review src/db.ts with a focus on error handling logging. Report problems as a list.",
		);
	});

	it("precedence: --prompt-template, project, settings entries, agent dir; not recursive; discovery switch", () => {
		const root = tempDir();
		const cwd = join(root, "proj");
		const agentDir = join(root, "agent");
		writeFile(join(root, "cli", "a.md"), "cli a");
		writeFile(join(cwd, ".pi", "prompts", "a.md"), "project a");
		writeFile(join(cwd, ".pi", "prompts", "b.md"), "project b");
		writeFile(join(agentDir, "extra", "c.md"), "settings c");
		writeFile(join(agentDir, "extra", "b.md"), "settings b");
		writeFile(join(agentDir, "prompts", "c.md"), "agent c");
		writeFile(join(agentDir, "prompts", "d.md"), "agent d");
		writeFile(join(agentDir, "prompts", "nested", "e.md"), "nested e");
		const options = {
			cwd,
			agentDir,
			cliPaths: [join(root, "cli")],
			settingsEntries: { patterns: ["extra/*.md", "!extra/b.md"], baseDir: agentDir },
		};
		const byName = Object.fromEntries(loadPromptTemplates(options).map((t) => [t.name, `${t.source}:${t.content}`]));
		expect(byName).toEqual({ a: "cli:cli a", b: "project:project b", c: "settings:settings c", d: "user:agent d" });
		const noDiscovery = loadPromptTemplates({ ...options, noDiscovery: true });
		expect(noDiscovery.map((t) => t.name)).toEqual(["a"]);
	});

	it("description falls back to the first non-empty body line, cut to 60 characters plus ...", () => {
		const cwd = tempDir();
		writeFile(join(cwd, ".pi", "prompts", "short.md"), "\n\n  Short line  \nmore");
		writeFile(join(cwd, ".pi", "prompts", "long.md"), `${"x".repeat(61)}\n`);
		writeFile(join(cwd, ".pi", "prompts", "bad.md"), "---\ndescription: [unclosed\n---\nbody");
		const sink = warningSink();
		const templates = loadPromptTemplates({ cwd, agentDir: join(cwd, "a"), onWarning: sink.onWarning });
		expect(templates.find((t) => t.name === "short")?.description).toBe("Short line");
		expect(templates.find((t) => t.name === "long")?.description).toBe(`${"x".repeat(60)}...`);
		expect(templates.find((t) => t.name === "bad")).toBeUndefined();
		expect(sink.warnings[0]).toMatch(/^Prompt template .*bad\.md has invalid frontmatter \(.+\); skipped$/);
	});

	it("argument quoting: double and single quotes group, no escapes, unterminated runs to the end", () => {
		expect(parseTemplateArguments(`a "b c"  'd "e"' f\\ g`)).toEqual(["a", "b c", 'd "e"', "f\\", "g"]);
		expect(parseTemplateArguments(`x "" 'y z`)).toEqual(["x", "", "y z"]);
		expect(parseTemplateArguments("  ")).toEqual([]);
	});

	it("substitution is one pass: inserted text is never scanned again", () => {
		const args = ["$2", "two", "${@:1}", "four"];
		expect(substituteTemplateArguments("[$1] [$2] [$5] [$@] [$ARGUMENTS] [${@:2}] [${@:2:2}]", args)).toBe(
			"[$2] [two] [] [$2 two ${@:1} four] [$2 two ${@:1} four] [two ${@:1} four] [two ${@:1}]",
		);
	});

	it("only /<name> alone or followed by whitespace invokes; unknown names are sent unchanged", () => {
		const templates = [
			{ name: "hi", description: "", content: "Hello $1!", filePath: "/x/hi.md", source: "user" as const },
		];
		expect(expandPromptTemplate("/hi", templates)).toBe("Hello !");
		expect(expandPromptTemplate("/hi\nBob", templates)).toBe("Hello Bob!");
		expect(expandPromptTemplate("/hix Bob", templates)).toBe("/hix Bob");
		expect(expandPromptTemplate("/unknown a", templates)).toBe("/unknown a");
		expect(expandPromptTemplate("say /hi", templates)).toBe("say /hi");
	});
});
