import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Container, markFinal } from "@pi/tui";
import { describe, expect, it } from "vitest";
import {
	ASSISTANT_TEXT,
	AssistantMessageComponent,
} from "../../../../src/modes/interactive/components/assistant-message.js";
import {
	BASH_EXECUTION_TEXT,
	BashExecutionComponent,
} from "../../../../src/modes/interactive/components/bash-execution.js";
import { DynamicBorder } from "../../../../src/modes/interactive/components/dynamic-border.js";
import { readGitBranch } from "../../../../src/modes/interactive/components/git-branch.js";
import { DEFAULT_KEY_HINTS, HeaderComponent } from "../../../../src/modes/interactive/components/header.js";
import { NoticeComponent, RETRY_TEXT, RetryNotice } from "../../../../src/modes/interactive/components/notices.js";
import {
	PENDING_TEXT,
	PendingMessagesComponent,
} from "../../../../src/modes/interactive/components/pending-messages.js";
import { PromptEditor } from "../../../../src/modes/interactive/components/prompt-editor.js";
import {
	BranchSummaryComponent,
	CompactionSummaryComponent,
	SUMMARY_TEXT,
} from "../../../../src/modes/interactive/components/summary-messages.js";
import { UserMessageComponent } from "../../../../src/modes/interactive/components/user-message.js";
import { DARK_THEME } from "../../../../src/modes/interactive/theme/index.js";
import { assistantMessage, fgCode, renderPlain, testTheme } from "./helpers.js";

const theme = testTheme();
const WIDTHS = [40, 100];

describe("UserMessage", () => {
	it("renders markdown on the user background within the width", () => {
		const message = new UserMessageComponent(`fix **the build** ${"and more ".repeat(20)}`, theme);
		for (const w of WIDTHS) expect(renderPlain(message, w)).toContain("fix the build");
		const bg = DARK_THEME.colors.userMessageBg as string;
		const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(bg.slice(i, i + 2), 16));
		expect(message.render(40).join("")).toContain(`\x1b[48;2;${r};${g};${b}m`);
	});
});

describe("AssistantMessage", () => {
	it("re-renders markdown as the text streams in", () => {
		const view = new AssistantMessageComponent(theme);
		view.updateContent(assistantMessage([{ type: "text", text: "# Plan\n\n- read the" }]));
		const first = renderPlain(view, 100);
		expect(first).toContain("Plan");
		expect(first).toContain("- read the");
		expect(first).not.toContain("#");
		view.updateContent(assistantMessage([{ type: "text", text: "# Plan\n\n- read the code\n- fix `main.ts`" }]));
		const second = renderPlain(view, 100);
		expect(second).toContain("read the code");
		expect(second).toContain("fix main.ts");
		for (const w of WIDTHS) renderPlain(view, w);
	});

	it("shows thinking dimmed and italic, or a one-line placeholder when hidden (Ctrl+T)", () => {
		const message = assistantMessage([
			{ type: "thinking", thinking: "Let me look at\nthe config first." },
			{ type: "text", text: "Done." },
		]);
		const view = new AssistantMessageComponent(theme, { message });
		const rows = view.render(100);
		expect(renderPlain(view, 100)).toContain("the config first.");
		expect(rows.join("")).toContain("\x1b[3m");
		expect(rows.join("")).toContain(fgCode(DARK_THEME.colors.thinking as string));
		view.setHideThinking(true);
		const hidden = renderPlain(view, 100);
		expect(hidden).toContain(ASSISTANT_TEXT.thinkingPlaceholder);
		expect(hidden).not.toContain("config");
		expect(hidden).toContain("Done.");
		const hiddenFromStart = new AssistantMessageComponent(theme, { message, hideThinking: true });
		expect(renderPlain(hiddenFromStart, 40)).toContain(ASSISTANT_TEXT.thinkingPlaceholder);
	});

	it("notes aborted and failed responses in the error colour", () => {
		const aborted = new AssistantMessageComponent(theme, {
			message: assistantMessage([{ type: "text", text: "partial" }], { stopReason: "aborted" }),
		});
		expect(renderPlain(aborted, 40)).toContain(ASSISTANT_TEXT.aborted);
		const failed = new AssistantMessageComponent(theme, {
			message: assistantMessage([], { stopReason: "error", errorMessage: "429 rate limited" }),
		});
		expect(renderPlain(failed, 40)).toContain("Error: 429 rate limited");
		expect(failed.render(40).join("")).toContain(fgCode(DARK_THEME.colors.error as string));
	});

	it("renders finished messages once when marked final in a Container", () => {
		const container = new Container();
		const view = markFinal(
			new AssistantMessageComponent(theme, { message: assistantMessage([{ type: "text", text: "hi" }]) }),
		);
		container.addChild(view);
		let renders = 0;
		const render = view.render.bind(view);
		view.render = (width) => {
			renders++;
			return render(width);
		};
		expect(container.render(40)).toEqual(container.render(40));
		expect(renders).toBe(1);
	});
});

describe("BashExecution", () => {
	it("streams output, then shows the exit code; !! is marked as excluded", () => {
		const view = new BashExecutionComponent("ls", { theme, excludeFromContext: true });
		view.appendOutput("a.txt\n");
		view.appendOutput("b.txt\n");
		const running = renderPlain(view, 40);
		expect(running).toContain("$ ls");
		expect(running).toContain("b.txt");
		expect(running).toContain(BASH_EXECUTION_TEXT.running);
		view.setComplete({ exitCode: 2, cancelled: false, truncated: false });
		const done = renderPlain(view, 100);
		expect(done).toContain("exit 2");
		expect(done).toContain(BASH_EXECUTION_TEXT.excluded);
	});

	it("shows cancellation and collapses long output to its tail", () => {
		const view = BashExecutionComponent.fromMessage(
			{
				command: "yes",
				output: Array.from({ length: 40 }, (_, i) => `y${i}`).join("\n"),
				cancelled: true,
				truncated: true,
				fullOutputPath: "/tmp/pi-bash-x.log",
			},
			{ theme },
		);
		const shown = renderPlain(view, 40);
		expect(shown).toContain(BASH_EXECUTION_TEXT.cancelled);
		expect(shown).toContain("y39");
		expect(shown).not.toContain("y0\n");
		expect(shown).toContain("30 earlier lines");
		expect(shown).toContain("/tmp/pi-bash-x.log");
		view.setExpanded(true);
		expect(renderPlain(view, 100)).toContain("y0");
	});
});

describe("summaries", () => {
	it("compaction and branch summaries are one-liners that expand to the summary", () => {
		const compaction = new CompactionSummaryComponent({ summary: "## Goal\nShip it.", tokensBefore: 183000 }, theme);
		expect(renderPlain(compaction, 100)).toContain(SUMMARY_TEXT.compaction(183000));
		expect(renderPlain(compaction, 100)).not.toContain("Ship it.");
		compaction.setExpanded(true);
		expect(renderPlain(compaction, 40)).toContain("Ship it.");
		const branch = new BranchSummaryComponent({ summary: "Tried tests; abandoned." }, theme);
		expect(renderPlain(branch, 40).split("\n").filter(Boolean)).toHaveLength(1);
		branch.setExpanded(true);
		expect(renderPlain(branch, 100)).toContain("Tried tests; abandoned.");
	});
});

describe("notices", () => {
	it("RetryNotice counts down from the delay and stops", () => {
		let now = 1000;
		let renders = 0;
		const notice = new RetryNotice({
			theme,
			attempt: 2,
			maxAttempts: 3,
			delayMs: 4000,
			errorMessage: "overloaded",
			requestRender: () => renders++,
			now: () => now,
		});
		expect(renderPlain(notice, 100)).toContain(RETRY_TEXT.countdown(4, 2, 3));
		now += 1500;
		expect(renderPlain(notice, 100)).toContain("Retrying in 3s (attempt 2/3)…");
		now += 3000;
		expect(renderPlain(notice, 40)).toContain(RETRY_TEXT.retrying(2, 3));
		expect(notice.running).toBe(true);
		notice.stop();
		expect(notice.running).toBe(false);
		expect(renders).toBe(0);
	});

	it("error notices use the error colour", () => {
		const notice = new NoticeComponent(theme, "error", "No API key found for anthropic.");
		expect(renderPlain(notice, 40)).toContain("No API key found");
		expect(notice.render(40).join("")).toContain(fgCode(DARK_THEME.colors.error as string));
	});
});

describe("Header", () => {
	it("shows the version and key hints, or only the title when quiet", () => {
		const header = new HeaderComponent({ theme, version: "1.2.3" });
		const shown = renderPlain(header, 100);
		expect(shown).toContain("pi v1.2.3");
		expect(shown).toContain("ctrl+c clear / exit");
		const narrow = renderPlain(header, 40);
		for (const hint of DEFAULT_KEY_HINTS) expect(narrow).toContain(hint.description);
		const quiet = new HeaderComponent({ theme, version: "1.2.3", quiet: true });
		expect(renderPlain(quiet, 40)).toBe(" pi v1.2.3");
	});
});

describe("PendingMessages", () => {
	it("lists queued steering and follow-up messages until delivered", () => {
		const pending = new PendingMessagesComponent(theme);
		expect(pending.render(40)).toEqual([]);
		pending.setMessages(["stop using npm"], ["then run the tests\nplease"]);
		const shown = renderPlain(pending, 100);
		expect(shown).toContain(`${PENDING_TEXT.steering}stop using npm`);
		expect(shown).toContain(`${PENDING_TEXT.followUp}then run the tests please`);
		renderPlain(pending, 40);
		pending.setMessages([], []);
		expect(pending.render(40)).toEqual([]);
	});
});

describe("PromptEditor and DynamicBorder", () => {
	it("colour the border by thinking level and run key handlers first", () => {
		const editor = new PromptEditor(theme, { thinkingLevel: "high" });
		expect(editor.render(40)[0]).toContain(fgCode(DARK_THEME.colors.thinkingHigh as string));
		editor.setThinkingLevel("off");
		expect(editor.render(40)[0]).toContain(fgCode(DARK_THEME.colors.thinkingOff as string));
		let toggled = 0;
		const remove = editor.onKey("ctrl+o", () => {
			toggled++;
			return true;
		});
		editor.handleInput("\x0f");
		editor.handleInput("a");
		expect(toggled).toBe(1);
		expect(editor.getText()).toBe("a");
		remove();
		editor.handleInput("\x0f");
		expect(toggled).toBe(1);
		for (const w of WIDTHS) renderPlain(editor, w);
		const border = new DynamicBorder(theme, "borderAccent");
		expect(renderPlain(border, 40)).toBe("─".repeat(40));
	});
});

describe("readGitBranch", () => {
	it("reads the branch from .git/HEAD, walking up, and a short id when detached", () => {
		const repo = mkdtempSync(join(tmpdir(), "pi-git-"));
		mkdirSync(join(repo, ".git"));
		mkdirSync(join(repo, "src", "deep"), { recursive: true });
		writeFileSync(join(repo, ".git", "HEAD"), "ref: refs/heads/feature/x\n");
		expect(readGitBranch(join(repo, "src", "deep"))).toBe("feature/x");
		writeFileSync(join(repo, ".git", "HEAD"), "0123456789abcdef0123456789abcdef01234567\n");
		expect(readGitBranch(repo)).toBe("0123456");
		const worktree = mkdtempSync(join(tmpdir(), "pi-wt-"));
		mkdirSync(join(repo, ".git", "worktrees", "wt"), { recursive: true });
		writeFileSync(join(repo, ".git", "worktrees", "wt", "HEAD"), "ref: refs/heads/wt-branch\n");
		writeFileSync(join(worktree, ".git"), `gitdir: ${join(repo, ".git", "worktrees", "wt")}\n`);
		expect(readGitBranch(worktree)).toBe("wt-branch");
	});
});
