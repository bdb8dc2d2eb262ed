import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { Markdown } from "../../../src/components/markdown/markdown.js";
import { fitColumnWidths } from "../../../src/components/markdown/table.js";
import { stripAnsi } from "../../../src/text/ansi.js";
import { visibleWidth } from "../../../src/text/width.js";

const SAMPLE = `# Project title

Some **bold**, *italic*, ~~struck~~ and \`inline code\` text with a [link](https://example.com/docs) and <https://auto.example>.

## Lists

- first item
- second item with enough words to wrap at narrow widths
  1. nested one
  2. nested two
- [ ] open task
- [x] done task

### Code

\`\`\`ts
const answer: number = 42; // the answer
function greet(name: string) { return \`hi \${name}\`; }
\`\`\`

> A quoted line that is long enough to wrap around.

| Name | Description | Size |
|:-----|:------------|-----:|
| alpha | first letter of the Greek alphabet | 1 |
| beta | second | 22 |

---

Tail & end.`;

function plainRows(markdown: Markdown, width: number): string[] {
	return markdown.render(width).map(stripAnsi);
}

beforeAll(() => {
	// Colour output is off when tests do not run in a TTY; the style assertions need it on.
	chalk.level = 1;
});

describe("Markdown", () => {
	it.each([20, 40, 80])("keeps every row within width %i", (width) => {
		const rows = new Markdown(SAMPLE).render(width);
		for (const row of rows) expect(visibleWidth(row), JSON.stringify(row)).toBeLessThanOrEqual(width);
	});

	it.each([20, 40, 80])("renders recognisable structure at width %i", (width) => {
		const text = plainRows(new Markdown(SAMPLE), width).join("\n");
		expect(text).toContain("Project title");
		expect(text).not.toContain("**");
		expect(text).toContain("- first item");
		expect(text).toMatch(/1\. nested one/);
		expect(text).toContain("[ ] open task");
		expect(text).toContain("[x] done task");
		expect(text).toContain("```ts");
		expect(text).toContain("const answer");
		expect(text).toMatch(/│ A quoted/);
		expect(text).toContain("┌");
		if (width >= 40) expect(text).toContain("alpha");
		expect(text).toContain("Tail & end.");
	});

	it("renders headings, emphasis and inline code without markdown syntax", () => {
		const rows = plainRows(new Markdown("# Title\n\n### Third\n\nA **b** *i* `c`"), 80);
		expect(rows).toEqual(["Title", "", "### Third", "", "A b i c"]);
	});

	it("styles emphasis and code spans with ANSI", () => {
		const row = new Markdown("**b** `c`").render(80)[0]!;
		expect(row).toContain("\x1b[1m");
		expect(row).not.toBe(stripAnsi(row));
	});

	it("emits OSC-8 hyperlinks and shows the URL when the text differs", () => {
		const rows = new Markdown("see [docs](https://example.com/docs) or https://plain.example").render(80);
		expect(rows[0]).toContain("\x1b]8;;https://example.com/docs\x1b\\");
		expect(stripAnsi(rows[0]!)).toBe("see docs (https://example.com/docs) or https://plain.example");
	});

	it("can leave hyperlinks out", () => {
		const rows = new Markdown("[docs](https://example.com)", { hyperlinks: false }).render(80);
		expect(rows[0]).not.toContain("\x1b]8;");
	});

	it("highlights code with the language and indents it", () => {
		const rows = new Markdown("```js\nconst x = 1;\n```", { codeIndent: 4 }).render(40);
		expect(stripAnsi(rows[1]!)).toBe("    const x = 1;");
		expect(rows[1]).toContain("\x1b[35m"); // keyword colour (magenta)
		const plain = new Markdown("```\nconst x = 1;\n```").render(40);
		expect(plain[1]).toBe("  const x = 1;");
	});

	it("renders tables with borders and fits columns into narrow widths by wrapping cells", () => {
		const wide = plainRows(new Markdown("| a | b |\n|---|--:|\n| 1 | 22 |"), 40);
		expect(wide).toEqual(["┌───┬────┐", "│ a │  b │", "├───┼────┤", "│ 1 │ 22 │", "└───┴────┘"]);
		const table = "| Name | Description |\n|---|---|\n| x | a long description that must wrap |";
		const narrow = plainRows(new Markdown(table), 24);
		for (const row of narrow) expect(visibleWidth(row)).toBeLessThanOrEqual(24);
		expect(narrow.length).toBeGreaterThan(5);
		expect(narrow.join(" ")).toContain("description");
	});

	it("renders block quotes and horizontal rules", () => {
		const rows = plainRows(new Markdown("> quoted\n\n---"), 10);
		expect(rows).toEqual(["│ quoted", "", "─".repeat(10)]);
	});

	it("returns the cached rows for unchanged text and width, and re-renders on change", () => {
		const markdown = new Markdown("# Hello\n\nworld");
		const first = markdown.render(40);
		expect(markdown.render(40)).toBe(first);
		expect(markdown.render(30)).not.toBe(first);
		markdown.setText("# Hello\n\nworld!");
		expect(plainRows(markdown, 40).at(-1)).toBe("world!");
	});

	it("renders a growing (streamed) text, including an unclosed code fence", () => {
		const markdown = new Markdown();
		const full = "Intro\n\n```py\nprint('hi')\nprint('there')\n```\n\nDone";
		for (let end = 1; end <= full.length; end += 7) {
			markdown.setText(full.slice(0, end));
			for (const row of markdown.render(20)) expect(visibleWidth(row)).toBeLessThanOrEqual(20);
		}
		markdown.setText(full);
		expect(plainRows(markdown, 20).join("\n")).toContain("print('there')");
	});

	it("renders nothing for blank text and applies padding", () => {
		expect(new Markdown("  \n").render(20)).toEqual([]);
		expect(plainRows(new Markdown("hi", { paddingX: 2 }), 20)).toEqual(["  hi"]);
	});
});

describe("fitColumnWidths", () => {
	it("keeps natural widths when they fit and shares out the rest otherwise", () => {
		expect(fitColumnWidths([3, 5], 20)).toEqual([3, 5]);
		expect(fitColumnWidths([2, 30], 12)).toEqual([2, 10]);
		expect(fitColumnWidths([20, 20], 10)).toEqual([5, 5]);
	});
});
