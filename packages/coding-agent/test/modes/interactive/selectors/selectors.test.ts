import type { Model } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { SessionEntry, SessionTreeNode } from "../../../../src/core/session/types.js";
import {
	ConfirmDialog,
	HotkeysView,
	ModelSelector,
	SESSION_SELECTOR_TEXT,
	type SessionListItem,
	SessionSelector,
	SettingsSelector,
	TextInputDialog,
	ThemeSelector,
	ThinkingSelector,
	TreeSelector,
} from "../../../../src/modes/interactive/selectors/index.js";
import { KEYS, renderPlain, testTheme, typeKeys } from "../components/helpers.js";

const theme = testTheme();
const WIDTHS = [40, 100];

function model(provider: string, id: string, contextWindow: number, input: number, output: number): Model {
	return {
		id,
		name: id,
		api: "openai-completions",
		provider,
		baseUrl: "",
		reasoning: true,
		input: ["text"],
		cost: { input, output, cacheRead: 0, cacheWrite: 0 },
		contextWindow,
		maxTokens: 8192,
	};
}

const models = [
	model("anthropic", "claude-sonnet-4-5", 200_000, 3, 15),
	model("openai", "gpt-5", 400_000, 1.25, 10),
	model("openai", "gpt-5-mini", 400_000, 0.25, 2),
	model("google", "gemini-2.5-pro", 1_000_000, 1.25, 10),
];

describe("ModelSelector", () => {
	it("marks the current model, shows context and price, filters fuzzily and selects with Enter", () => {
		let selected: Model | undefined;
		let cancelled = false;
		const selector = new ModelSelector({
			theme,
			models,
			current: { provider: "openai", id: "gpt-5" },
			onSelect: (m) => {
				selected = m;
			},
			onCancel: () => {
				cancelled = true;
			},
		});
		const shown = renderPlain(selector, 100);
		expect(shown).toContain("→ openai/gpt-5 ✓");
		expect(shown).toContain("200k ctx · $3/$15 per M");
		for (const w of WIDTHS) renderPlain(selector, w);
		typeKeys(selector, "gpt5mini");
		expect(selector.getVisibleModels().map((m) => m.id)[0]).toBe("gpt-5-mini");
		selector.handleInput(KEYS.enter);
		expect(selected?.id).toBe("gpt-5-mini");
		selector.handleInput(KEYS.escape);
		expect(cancelled).toBe(true);
	});
});

function session(name: string | undefined, firstMessage: string, cwd: string, hoursAgo: number): SessionListItem {
	const now = Date.UTC(2026, 0, 5, 12);
	return {
		path: `/sessions/${firstMessage}.jsonl`,
		id: firstMessage,
		cwd,
		name,
		created: new Date(now - hoursAgo * 3600_000),
		modified: new Date(now - hoursAgo * 3600_000),
		messageCount: 4,
		firstMessage,
		size: 2048,
	};
}

describe("SessionSelector", () => {
	it("lists this project's sessions, Tab loads all projects, search filters, Enter opens", async () => {
		const here = [
			session("Build fix", "fix the build", "/home/a/proj", 3),
			session(undefined, "add tests", "/home/a/proj", 30),
		];
		const all = [...here, session(undefined, "write docs", "/home/a/other", 1)];
		let opened: SessionListItem | undefined;
		const selector = new SessionSelector({
			theme,
			sessions: here,
			allSessions: async () => all,
			home: "/home/a",
			now: () => Date.UTC(2026, 0, 5, 12),
			onSelect: (s) => {
				opened = s;
			},
			onCancel: () => {},
		});
		const shown = renderPlain(selector, 100);
		expect(shown).toContain(SESSION_SELECTOR_TEXT.titleProject);
		expect(shown).toContain("Build fix — fix the build");
		expect(shown).toContain("3h ago · 4 msgs · 2.0KB");
		expect(shown).not.toContain("write docs");
		await selector.toggleScope();
		expect(selector.getScope()).toBe("all");
		const everything = renderPlain(selector, 100);
		expect(everything).toContain("write docs");
		expect(everything).toContain("~/other");
		for (const w of WIDTHS) renderPlain(selector, w);
		typeKeys(selector, "tests");
		expect(selector.getVisibleSessions().map((s) => s.firstMessage)).toEqual(["add tests"]);
		selector.handleInput(KEYS.enter);
		expect(opened?.firstMessage).toBe("add tests");
	});
});

function entry(id: string, parentId: string | null, extra: Record<string, unknown>): SessionEntry {
	return { id, parentId, timestamp: "2026-01-05T09:00:00.000Z", ...extra } as unknown as SessionEntry;
}
const user = (text: string) => ({
	type: "message",
	message: { role: "user", content: [{ type: "text", text }], timestamp: 0 },
});
const assistant = (text: string, tools: string[] = []) => ({
	type: "message",
	message: {
		role: "assistant",
		content: [
			...(text ? [{ type: "text", text }] : []),
			...tools.map((name) => ({ type: "toolCall", id: name, name, arguments: {} })),
		],
	},
});
function node(e: SessionEntry, children: SessionTreeNode[] = [], label?: string): SessionTreeNode {
	return label === undefined ? { entry: e, children } : { entry: e, children, label };
}

describe("TreeSelector", () => {
	// model_change → user "fix" → assistant (read) → toolResult → assistant "fixed" ─┬→ user "add tests" (leaf)
	//                                                                                └→ user "refactor" [labelled]
	const tree = [
		node(entry("m1", null, { type: "model_change", provider: "anthropic", modelId: "claude" }), [
			node(entry("u1", "m1", user("fix the build")), [
				node(entry("a1", "u1", assistant("", ["read"])), [
					node(
						entry("t1", "a1", {
							type: "message",
							message: {
								role: "toolResult",
								toolName: "read",
								content: [{ type: "text", text: "ok" }],
								isError: false,
							},
						}),
						[
							node(entry("a2", "t1", assistant("fixed it")), [
								node(entry("u2", "a2", user("add tests"))),
								node(entry("u3", "a2", user("refactor instead")), [], "idea"),
							]),
						],
					),
				]),
			]),
		]),
	];

	it("shows the tree with the current path, labels and branch indentation; Enter navigates", () => {
		let chosen: string | undefined;
		const selector = new TreeSelector({
			theme,
			tree,
			leafId: "u2",
			onSelect: (id) => (chosen = id),
			onCancel: () => {},
		});
		const shown = renderPlain(selector, 100);
		expect(shown).toContain("user: fix the build");
		expect(shown).toContain("assistant: → read");
		expect(shown).toContain("├ user: add tests ← current");
		expect(shown).toContain("[idea] user: refactor instead");
		expect(shown).not.toContain("model: anthropic");
		for (const w of WIDTHS) renderPlain(selector, w);
		selector.handleInput(KEYS.enter);
		expect(chosen).toBe("u2");
		selector.handleInput(KEYS.down);
		selector.handleInput(KEYS.enter);
		expect(chosen).toBe("u3");
	});

	it("keeps the ← current marker of a long entry, cutting the entry's text instead", () => {
		const long = "please refactor the parser module so that every error names its line and column ".repeat(3);
		const selector = new TreeSelector({
			theme,
			tree: [node(entry("u1", null, user("start")), [node(entry("u2", "u1", user(long)))])],
			leafId: "u2",
			onSelect: () => {},
			onCancel: () => {},
		});
		for (const width of [40, 80, 120]) {
			const row = renderPlain(selector, width)
				.split("\n")
				.find((line) => line.includes("user: please"));
			expect(row, `width ${width}`).toMatch(/… ← current$/);
		}
	});

	it("cycles filter modes with Tab: no-tools, user-only, labeled-only, all", () => {
		const modes: string[] = [];
		const selector = new TreeSelector({
			theme,
			tree,
			leafId: "u2",
			onSelect: () => {},
			onCancel: () => {},
			onFilterModeChange: (mode) => modes.push(mode),
		});
		expect(selector.getVisibleEntryIds()).toEqual(["u1", "a1", "t1", "a2", "u2", "u3"]);
		selector.handleInput(KEYS.tab);
		expect(selector.getVisibleEntryIds()).toEqual(["u1", "a2", "u2", "u3"]);
		selector.handleInput(KEYS.tab);
		expect(selector.getVisibleEntryIds()).toEqual(["u1", "u2", "u3"]);
		selector.handleInput(KEYS.tab);
		expect(selector.getVisibleEntryIds()).toEqual(["u3"]);
		selector.handleInput(KEYS.tab);
		expect(selector.getVisibleEntryIds()).toEqual(["m1", "u1", "a1", "t1", "a2", "u2", "u3"]);
		expect(modes).toEqual(["no-tools", "user-only", "labeled-only", "all"]);
		expect(renderPlain(selector, 40)).toContain("filter: all");
		typeKeys(selector, "refactor");
		expect(selector.getVisibleEntryIds()).toEqual(["u3"]);
	});
});

describe("small selectors and dialogs", () => {
	it("ThinkingSelector offers the given levels with the current one marked", () => {
		let level: string | undefined;
		const selector = new ThinkingSelector({
			theme,
			levels: ["off", "low", "medium", "high"],
			current: "medium",
			onSelect: (l) => (level = l),
			onCancel: () => {},
		});
		expect(renderPlain(selector, 40)).toContain("→ medium ✓");
		selector.handleInput(KEYS.down);
		selector.handleInput(KEYS.enter);
		expect(level).toBe("high");
	});

	it("ThemeSelector previews the highlighted theme on every move", () => {
		const previews: string[] = [];
		let chosen: string | undefined;
		const selector = new ThemeSelector({
			theme,
			themes: ["dark", "light", "ocean"],
			current: "dark",
			onPreview: (name) => previews.push(name),
			onSelect: (name) => (chosen = name),
			onCancel: () => {},
		});
		selector.handleInput(KEYS.down);
		selector.handleInput(KEYS.down);
		expect(previews).toEqual(["light", "ocean"]);
		selector.handleInput(KEYS.enter);
		expect(chosen).toBe("ocean");
		for (const w of WIDTHS) renderPlain(selector, w);
	});

	it("ConfirmDialog answers with y/n, arrows and Enter", () => {
		const answers: string[] = [];
		const dialog = new ConfirmDialog({
			theme,
			title: "Fork this session into the current directory?",
			onConfirm: () => answers.push("yes"),
			onCancel: () => answers.push("no"),
		});
		expect(renderPlain(dialog, 40)).toContain("Yes    No");
		dialog.handleInput(KEYS.enter);
		dialog.handleInput(KEYS.left);
		dialog.handleInput(KEYS.enter);
		dialog.handleInput("y");
		dialog.handleInput(KEYS.escape);
		expect(answers).toEqual(["no", "yes", "yes", "no"]);
	});

	it("TextInputDialog submits typed text; masked mode never shows it", () => {
		let submitted: string | undefined;
		const dialog = new TextInputDialog({
			theme,
			title: "API key for anthropic",
			masked: true,
			onSubmit: (v) => (submitted = v),
			onCancel: () => {},
		});
		typeKeys(dialog, "sk-secret");
		dialog.handleInput("\x1b[200~-pasted\x1b[201~");
		for (const w of WIDTHS) {
			const shown = renderPlain(dialog, w);
			expect(shown).not.toContain("secret");
			expect(shown).toContain("•".repeat(16));
		}
		dialog.handleInput(KEYS.enter);
		expect(submitted).toBe("sk-secret-pasted");
		const name = new TextInputDialog({
			theme,
			title: "Session name",
			initialValue: "draft",
			onSubmit: (v) => (submitted = v),
			onCancel: () => {},
		});
		typeKeys(name, " 2");
		expect(renderPlain(name, 40)).toContain("draft 2");
		name.handleInput(KEYS.enter);
		expect(submitted).toBe("draft 2");
	});

	it("HotkeysView taller than its rows scrolls inside them, keeping the title and hint", () => {
		const rows = Array.from({ length: 40 }, (_, i) => ({ keys: [`ctrl+${i}`], description: `action ${i + 1}` }));
		const view = new HotkeysView({ theme, sections: [{ title: "Keys", rows }], onClose: () => {} });
		view.setMaxRows(12);
		const first = renderPlain(view, 60).split("\n");
		expect(first).toHaveLength(12);
		expect(first[1]).toContain("Keyboard shortcuts");
		expect(first.join("\n")).toContain("action 1");
		expect(first[10]).toMatch(/rows 1–7 of 42/);
		view.handleInput("\x1b[6~"); // PageDown
		const paged = renderPlain(view, 60);
		expect(paged).not.toContain("action 1\n");
		expect(paged).toMatch(/rows 7–13 of 42/);
		view.handleInput("\x1b[F"); // End
		expect(renderPlain(view, 60)).toContain("action 40");
		expect(renderPlain(view, 60)).toMatch(/rows 36–42 of 42/);
		// With room for everything it is drawn whole.
		view.setMaxRows(100);
		expect(renderPlain(view, 60).split("\n")).toHaveLength(47);
	});

	it("SettingsSelector on a short screen shows fewer entries, keeping the highlighted one and the hint", () => {
		const selector = new SettingsSelector({ theme, values: {}, onChange: () => {}, onClose: () => {} });
		selector.setMaxRows(14);
		for (let i = 0; i < 14; i++) selector.handleInput(KEYS.down);
		const shown = renderPlain(selector, 80).split("\n");
		expect(shown.length).toBeLessThanOrEqual(14);
		expect(shown.join("\n")).toContain("→ enableSkillCommands");
		expect(shown.join("\n")).toContain("esc close");
	});

	it("a confirm or input dialog on a short screen cuts its message, keeping its answers and hint", () => {
		const message = Array.from({ length: 30 }, (_, i) => `detail line ${i + 1}`).join("\n");
		const confirm = new ConfirmDialog({ theme, title: "Proceed?", message, onConfirm: () => {}, onCancel: () => {} });
		const input = new TextInputDialog({ theme, title: "Name", message, onSubmit: () => {}, onCancel: () => {} });
		for (const dialog of [confirm, input]) {
			dialog.setMaxRows(12);
			const rows = renderPlain(dialog, 60).split("\n");
			expect(rows).toHaveLength(12);
			expect(rows).toContain(" …");
			expect(rows.join("\n")).toContain("esc cancel");
		}
		expect(renderPlain(confirm, 60)).toMatch(/Yes\s+No/);
		confirm.setMaxRows(100);
		expect(renderPlain(confirm, 60)).toContain("detail line 30");
	});

	it("HotkeysView lists bindings by section and closes on Esc", () => {
		let closed = false;
		const view = new HotkeysView({
			theme,
			sections: [
				{
					title: "Agent",
					rows: [
						{ keys: ["escape"], description: "interrupt" },
						{ keys: ["ctrl+o"], description: "expand tools" },
					],
				},
				{
					title: "Editor",
					rows: [
						{ keys: ["shift+enter", "ctrl+j"], description: "new line" },
						{ keys: [], description: "unbound action" },
					],
				},
			],
			onClose: () => (closed = true),
		});
		const shown = renderPlain(view, 100);
		expect(shown).toMatch(/shift\+enter, ctrl\+j\s+new line/);
		expect(shown).toContain("(unbound)");
		renderPlain(view, 40);
		view.handleInput(KEYS.escape);
		expect(closed).toBe(true);
	});

	it("SettingsSelector toggles and cycles values and reports each change", () => {
		const changes: [string, unknown][] = [];
		const selector = new SettingsSelector({
			theme,
			values: { theme: "dark", hideThinkingBlock: false, editorPaddingX: 3 },
			onChange: (key, value) => changes.push([key, value]),
			onClose: () => {},
		});
		expect(renderPlain(selector, 100)).toContain("theme: dark");
		selector.handleInput(KEYS.enter);
		selector.handleInput(KEYS.down);
		selector.handleInput(KEYS.space);
		for (let i = 0; i < 9; i++) selector.handleInput(KEYS.down);
		expect(renderPlain(selector, 100)).toContain("→ editorPaddingX: 3");
		selector.handleInput(KEYS.right);
		selector.handleInput(KEYS.left);
		expect(changes).toEqual([
			["theme", "light"],
			["hideThinkingBlock", true],
			["editorPaddingX", 0],
			["editorPaddingX", 3],
		]);
		expect(selector.getValue("hideThinkingBlock")).toBe(true);
		for (const w of WIDTHS) renderPlain(selector, w);
	});
});
