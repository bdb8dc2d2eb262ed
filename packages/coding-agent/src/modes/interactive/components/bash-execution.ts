/**
 * A shell command the user ran with `!cmd` (or `!!cmd`, kept out of the model's context): the command, the
 * output as it streams, then how it ended. Long output is collapsed to its tail like the bash tool's.
 */
import { type Component, expandTabs, renderPadded } from "@pi/tui";
import type { BashExecutionMessage } from "../../../core/session/types.js";
import type { Theme } from "../theme/theme.js";
import { TOOL_TEXT } from "./tool-execution.js";
import { BASH_TEXT } from "./tool-views/bash-view.js";

/** User-visible texts of user shell commands; the exit and truncation lines read as the bash tool's do. */
export const BASH_EXECUTION_TEXT = {
	running: "running… (esc to cancel)",
	cancelled: "cancelled",
	exit: BASH_TEXT.exit,
	excluded: "not sent to the model (!!)",
	truncated: BASH_TEXT.truncated,
} as const;

/** How a user command ended (the BashResult fields the UI shows). */
export interface BashExecutionResult {
	/** Absent when the process was killed. */
	exitCode?: number;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
	/** The final retained output; replaces what was streamed when given. */
	output?: string;
}

export interface BashExecutionOptions {
	theme: Theme;
	/** `!!cmd`: excluded from the LLM context. */
	excludeFromContext?: boolean;
	expanded?: boolean;
	collapsedLines?: number;
}

export class BashExecutionComponent implements Component {
	private output = "";
	private result: BashExecutionResult | undefined;
	private expanded: boolean;

	constructor(
		readonly command: string,
		private readonly options: BashExecutionOptions,
	) {
		this.expanded = options.expanded ?? false;
	}

	/** Builds the finished view of a stored `bashExecution` message. */
	static fromMessage(
		message: Omit<BashExecutionMessage, "role" | "timestamp">,
		options: BashExecutionOptions,
	): BashExecutionComponent {
		const component = new BashExecutionComponent(message.command, {
			...options,
			excludeFromContext: message.excludeFromContext,
		});
		component.setComplete({ ...message });
		return component;
	}

	/** Appends streamed output (already sanitised by the executor). */
	appendOutput(chunk: string): void {
		this.output += chunk;
	}

	/** The command ended. */
	setComplete(result: BashExecutionResult): void {
		this.result = result;
		if (result.output !== undefined) this.output = result.output;
	}

	isComplete(): boolean {
		return this.result !== undefined;
	}

	setExpanded(expanded: boolean): void {
		this.expanded = expanded;
	}

	getOutput(): string {
		return this.output;
	}

	render(width: number): string[] {
		const { theme } = this.options;
		const lines = [theme.bold(theme.fg(this.options.excludeFromContext ? "muted" : "accent", `$ ${this.command}`))];
		const output = this.output.replace(/\n$/, "");
		const outputLines = output === "" ? [] : output.split("\n").map((line) => theme.fg("toolOutput", line));
		const limit = this.options.collapsedLines ?? 10;
		if (outputLines.length > 0) {
			lines.push("");
			if (!this.expanded && outputLines.length > limit) {
				lines.push(theme.fg("muted", TOOL_TEXT.moreAbove(outputLines.length - limit)), ...outputLines.slice(-limit));
			} else {
				lines.push(...outputLines);
			}
		}
		lines.push("", ...this.statusLines());
		return ["", ...renderPadded(expandTabs(lines.join("\n")), width, { paddingX: 1 })];
	}

	private statusLines(): string[] {
		const { theme } = this.options;
		const status: string[] = [];
		const result = this.result;
		if (!result) status.push(theme.fg("muted", BASH_EXECUTION_TEXT.running));
		else if (result.cancelled) status.push(theme.fg("warning", BASH_EXECUTION_TEXT.cancelled));
		else if (result.exitCode !== undefined) {
			status.push(theme.fg(result.exitCode === 0 ? "muted" : "error", BASH_EXECUTION_TEXT.exit(result.exitCode)));
		}
		if (result?.truncated && result.fullOutputPath) {
			status.push(theme.fg("warning", BASH_EXECUTION_TEXT.truncated(result.fullOutputPath)));
		}
		if (this.options.excludeFromContext) status.push(theme.fg("dim", BASH_EXECUTION_TEXT.excluded));
		return status;
	}
}
