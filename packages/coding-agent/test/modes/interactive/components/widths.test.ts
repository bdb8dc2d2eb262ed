import type { Component } from "@pi/tui";
import { describe, it } from "vitest";
import {
	AssistantMessageComponent,
	BashExecutionComponent,
	BranchSummaryComponent,
	CompactionSummaryComponent,
	DynamicBorder,
	FooterComponent,
	HeaderComponent,
	NoticeComponent,
	PendingMessagesComponent,
	PromptEditor,
	RetryNotice,
	ToolExecutionComponent,
	UserMessageComponent,
} from "../../../../src/modes/interactive/components/index.js";
import {
	ConfirmDialog,
	HotkeysView,
	SessionSelector,
	SettingsSelector,
	TextInputDialog,
	ThinkingSelector,
} from "../../../../src/modes/interactive/selectors/index.js";
import { assistantMessage, expectWithin, testTheme } from "./helpers.js";

const theme = testTheme();
const nasty = `日本語のテキスト 👩‍💻🚀 ${"superlongwordwithoutanybreaks".repeat(8)} \t tab\u200b end`;
const noop = () => {};

function components(): [string, Component][] {
	const tool = new ToolExecutionComponent("bash", { command: nasty }, { theme });
	tool.updateResult({ content: [{ type: "text", text: `${nasty}\n`.repeat(12) }], isError: true });
	const bash = new BashExecutionComponent(nasty, { theme });
	bash.appendOutput(`${nasty}\n`.repeat(12));
	const pending = new PendingMessagesComponent(theme);
	pending.setMessages([nasty], [nasty]);
	const editor = new PromptEditor(theme);
	editor.setText(nasty);
	const retry = new RetryNotice({
		theme,
		attempt: 1,
		maxAttempts: 3,
		delayMs: 2000,
		errorMessage: nasty,
		requestRender: noop,
	});
	retry.stop();
	const compaction = new CompactionSummaryComponent({ summary: nasty, tokensBefore: 1000 }, theme);
	compaction.setExpanded(true);
	return [
		["user", new UserMessageComponent(nasty, theme)],
		[
			"assistant",
			new AssistantMessageComponent(theme, {
				message: assistantMessage(
					[
						{ type: "thinking", thinking: nasty },
						{
							type: "text",
							text: `# ${nasty}\n\n| a | b |\n|---|---|\n| ${nasty} | x |\n\n\`\`\`ts\n${nasty}\n\`\`\``,
						},
					],
					{ stopReason: "error", errorMessage: nasty },
				),
			}),
		],
		["tool", tool],
		["bash", bash],
		["compaction", compaction],
		["branch", new BranchSummaryComponent({ summary: nasty }, theme)],
		["notice", new NoticeComponent(theme, "warning", nasty)],
		["retry", retry],
		["header", new HeaderComponent({ theme, version: "0.1.0", details: [nasty] })],
		[
			"footer",
			new FooterComponent(theme, {
				cwd: `/home/${nasty}`,
				gitBranch: nasty,
				sessionName: nasty,
				modelId: nasty,
				thinkingLevel: "high",
				tokens: { input: 1e7, output: 1e6, cacheRead: 1e8, cacheWrite: 1e5 },
				cost: 1234.5,
				contextTokens: 100,
				contextWindow: 1000,
			}),
		],
		["pending", pending],
		["editor", editor],
		["border", new DynamicBorder(theme)],
		[
			"thinking",
			new ThinkingSelector({ theme, levels: ["off", "high"], current: "off", onSelect: noop, onCancel: noop }),
		],
		[
			"sessions",
			new SessionSelector({
				theme,
				sessions: [
					{
						path: "/x.jsonl",
						id: "x",
						cwd: nasty,
						name: nasty,
						created: new Date(0),
						modified: new Date(0),
						messageCount: 3,
						firstMessage: nasty,
						size: 10,
					},
				],
				onSelect: noop,
				onCancel: noop,
			}),
		],
		["settings", new SettingsSelector({ theme, values: {}, onChange: noop, onClose: noop })],
		["confirm", new ConfirmDialog({ theme, title: nasty, message: nasty, onConfirm: noop, onCancel: noop })],
		["input", new TextInputDialog({ theme, title: nasty, initialValue: nasty, onSubmit: noop, onCancel: noop })],
		[
			"hotkeys",
			new HotkeysView({
				theme,
				sections: [{ title: nasty, rows: [{ keys: [nasty], description: nasty }] }],
				onClose: noop,
			}),
		],
	];
}

describe("every component fits the width", () => {
	for (const width of [40, 100, 12]) {
		it(`at ${width} columns`, () => {
			for (const [name, component] of components()) {
				try {
					expectWithin(component.render(width), width);
				} catch (error) {
					throw new Error(`${name}: ${(error as Error).message}`);
				}
			}
		});
	}
});
