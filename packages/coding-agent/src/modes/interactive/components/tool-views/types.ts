/** The contract between ToolExecutionComponent and the per-tool views. */
import type { ImageContent, TextContent } from "@pi/ai";
import type { Theme } from "../../theme/theme.js";

/** Where a tool call is: arguments streaming, executing, or finished. */
export type ToolState = "pending" | "running" | "success" | "error";

/** A tool result (final or a streaming update) as the UI sees it. */
export interface ToolResultData {
	content: readonly (TextContent | ImageContent)[];
	details?: unknown;
	isError: boolean;
}

/** What a view gets to draw a call. */
export interface ToolViewInput {
	toolName: string;
	/** The arguments so far: while streaming they may be partial (missing or cut-off values). */
	args: Record<string, unknown>;
	state: ToolState;
	/** The latest result: a streaming update while running, the final one after. */
	result?: ToolResultData;
	theme: Theme;
	cwd?: string;
	home?: string;
}

/** A drawn call: a title line, a body that may be collapsed, and status lines that are always shown. */
export interface ToolView {
	/** Styled title, e.g. `$ npm test` or `read src/a.ts:1-20`. */
	title: string;
	/** Styled body lines (not yet wrapped). */
	body: string[];
	/** Which end of the body stays visible when collapsed: the start (file content) or the end (live output). */
	keep?: "head" | "tail";
	/** Styled lines after the body (exit code, duration, notices), never collapsed. */
	status?: string[];
}

export type ToolViewRenderer = (input: ToolViewInput) => ToolView;

/** The text blocks of a result joined, images noted by their type. */
export function resultText(result: ToolResultData | undefined): string {
	if (!result) return "";
	return result.content.map((block) => (block.type === "text" ? block.text : `[image ${block.mimeType}]`)).join("\n");
}

/** A string argument, or undefined when absent or not (yet) a string. */
export function stringArg(args: Record<string, unknown>, ...names: string[]): string | undefined {
	for (const name of names) {
		const value = args[name];
		if (typeof value === "string") return value;
	}
	return undefined;
}

/** A number argument, or undefined. */
export function numberArg(args: Record<string, unknown>, name: string): number | undefined {
	const value = args[name];
	return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Lines of `text` without one trailing empty line. */
export function splitLines(text: string): string[] {
	if (text === "") return [];
	const lines = text.replace(/\r\n/g, "\n").split("\n");
	if (lines[lines.length - 1] === "") lines.pop();
	return lines;
}

/** A details object as a record, or undefined. */
export function detailsOf(result: ToolResultData | undefined): Record<string, unknown> | undefined {
	const details = result?.details;
	return typeof details === "object" && details !== null ? (details as Record<string, unknown>) : undefined;
}
