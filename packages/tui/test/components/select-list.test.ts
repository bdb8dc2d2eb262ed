import { describe, expect, it } from "vitest";
import { fuzzyFilter } from "../../src/components/fuzzy.js";
import { type SelectItem, SelectList } from "../../src/components/select-list.js";
import { stripAnsi } from "../../src/text/ansi.js";
import { KITTY, LEGACY, typeInto } from "./keys.js";

const MODELS: SelectItem[] = [
	{ value: "claude-sonnet-4", label: "claude-sonnet-4", description: "Anthropic" },
	{ value: "gpt-4o", label: "gpt-4o", description: "OpenAI" },
	{ value: "gpt-4o-mini", label: "gpt-4o-mini", description: "OpenAI, small" },
	{ value: "gemini-2.5-pro", label: "gemini-2.5-pro", description: "Google" },
	{ value: "grep-tool-4", label: "grep-tool-4" },
];

describe("fuzzyFilter", () => {
	it("keeps items containing the query in order, best matches first", () => {
		const labels = fuzzyFilter(MODELS, "gpt4", (item) => item.label).map((item) => item.label);
		expect(labels.slice(0, 2)).toEqual(["gpt-4o", "gpt-4o-mini"]);
		expect(labels).toContain("grep-tool-4");
		expect(labels).not.toContain("claude-sonnet-4");
		expect(fuzzyFilter(MODELS, "", (item) => item.label)).toHaveLength(5);
		expect(fuzzyFilter(MODELS, "zzz", (item) => item.label)).toEqual([]);
	});
});

describe("SelectList", () => {
	it("moves the selection with arrows (wrapping) and selects with Enter", () => {
		const selected: string[] = [];
		const list = new SelectList(MODELS);
		list.onSelect = (item) => selected.push(item.value);
		list.handleInput(LEGACY.down);
		list.handleInput(LEGACY.down);
		list.handleInput(LEGACY.up);
		list.handleInput(LEGACY.enter);
		list.handleInput(LEGACY.up);
		list.handleInput(LEGACY.up);
		list.handleInput(KITTY.enter);
		expect(selected).toEqual(["gpt-4o", "grep-tool-4"]);
	});

	it("filters by typed text and selects the best match", () => {
		const selected: string[] = [];
		const list = new SelectList(MODELS);
		list.onSelect = (item) => selected.push(item.value);
		typeInto(list, "gem");
		expect(list.getVisibleItems().map((item) => item.value)).toEqual(["gemini-2.5-pro"]);
		expect(stripAnsi(list.render(40)[0]!)).toBe("Filter: gem");
		list.handleInput(LEGACY.backspace);
		list.handleInput(LEGACY.backspace);
		expect(list.getFilter()).toBe("g");
		list.handleInput(LEGACY.enter);
		expect(selected).toHaveLength(1);
	});

	it("shows a message when nothing matches and calls onCancel on Escape", () => {
		let cancelled = false;
		const list = new SelectList(MODELS);
		list.onCancel = () => {
			cancelled = true;
		};
		typeInto(list, "xyz");
		expect(list.render(30).map(stripAnsi)).toContain("  No matches");
		list.handleInput(LEGACY.escape);
		expect(cancelled).toBe(true);
	});

	it("shows at most maxVisible items, scrolls with the selection and shows its position", () => {
		const list = new SelectList(MODELS, { maxVisible: 2 });
		let rows = list.render(50).map(stripAnsi);
		expect(rows).toHaveLength(3);
		expect(rows[0]).toMatch(/^→ claude-sonnet-4/);
		expect(rows[2]).toContain("(1/5)");
		for (let i = 0; i < 4; i++) list.handleInput(LEGACY.down);
		rows = list.render(50).map(stripAnsi);
		expect(rows[1]).toMatch(/^→ grep-tool-4/);
		expect(rows[2]).toContain("(5/5)");
	});

	it("shows descriptions in a column and drops them when there is no room", () => {
		const rows = new SelectList(MODELS).render(60).map(stripAnsi);
		expect(rows[1]).toMatch(/^ {2}gpt-4o {11}OpenAI$/);
		const narrow = new SelectList(MODELS).render(18).map(stripAnsi);
		expect(narrow.join("\n")).not.toContain("OpenAI");
	});
});
