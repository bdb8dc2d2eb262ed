/**
 * The sidebar: every entry of every branch as one row, in tree order (roots and children by timestamp). A linear
 * chain stays at one indent; the children of a fork point are indented one level, so long sessions do not drift
 * off the right edge.
 */
import type { AssistantMessage, ToolResultMessage } from "@pi/ai";
import type { SessionEntry, SessionTreeNode } from "../session/index.js";
import { contentText } from "./content.js";
import { escapeHtml } from "./escape.js";
import { exportMessages } from "./messages.js";

const PREVIEW_LENGTH = 80;

function preview(text: string): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

/** One line describing an entry in the tree. */
export function describeEntry(entry: SessionEntry): { kind: string; text: string } {
	switch (entry.type) {
		case "message": {
			const message = entry.message;
			switch (message?.role) {
				case "user":
					return { kind: "user", text: `${exportMessages.roles.user}: ${preview(contentText(message.content))}` };
				case "assistant": {
					const content = Array.isArray(message.content) ? (message as AssistantMessage).content : [];
					// Emphasis and code markers only add noise in a one-line preview.
					const text = preview(contentText(content).replace(/\*\*|__|`+|^#+\s*/gm, ""));
					const tools = content.filter((c) => c?.type === "toolCall").map((c) => (c as { name: string }).name);
					const calls = tools.length > 0 ? `→ ${tools.join(", ")}` : "";
					const error = (message as AssistantMessage).errorMessage ? "(error)" : "";
					return {
						kind: "assistant",
						text: `${exportMessages.roles.assistant}: ${[text, calls, error].filter(Boolean).join(" ")}`,
					};
				}
				case "toolResult": {
					const result = message as ToolResultMessage;
					return {
						kind: result.isError ? "tool error" : "tool",
						text: `↳ ${result.toolName}: ${preview(contentText(result.content))}`,
					};
				}
				case "bashExecution":
					return { kind: "bash", text: preview(`$ ${message.command}`) };
				case "custom":
					return { kind: "custom", text: `${message.customType}: ${preview(contentText(message.content))}` };
				default:
					return { kind: "other", text: String((message as { role?: unknown } | undefined)?.role) };
			}
		}
		case "model_change":
			return { kind: "meta", text: exportMessages.modelChange(entry.provider, entry.modelId) };
		case "thinking_level_change":
			return { kind: "meta", text: exportMessages.thinkingLevel(entry.thinkingLevel) };
		case "compaction":
			return { kind: "summary", text: exportMessages.roles.compaction };
		case "branch_summary":
			return { kind: "summary", text: `${exportMessages.roles.branchSummary}: ${preview(entry.summary ?? "")}` };
		case "custom":
			return { kind: "meta", text: exportMessages.customEntry(entry.customType) };
		case "custom_message":
			return { kind: "custom", text: `${entry.customType}: ${preview(contentText(entry.content))}` };
		case "label":
			return { kind: "meta", text: exportMessages.label(entry.targetId, entry.label) };
		case "session_info":
			return { kind: "meta", text: exportMessages.sessionName(entry.name ?? "") };
		default:
			return { kind: "other", text: String((entry as { type: unknown }).type) };
	}
}

export interface TreeViewInput {
	roots: readonly SessionTreeNode[];
	labels: ReadonlyMap<string, string>;
	/** Ids on the path root..current leaf. */
	leafPath: ReadonlySet<string>;
	leafId: string | null;
}

/** The rows of the sidebar tree (`<a class="node">`), selected on the current leaf's path. */
export function renderTreeView(input: TreeViewInput): string {
	const rows: string[] = [];
	// Depth-first without recursion: a session can have thousands of entries in one chain.
	const stack: { node: SessionTreeNode; depth: number; forkChild: boolean }[] = [];
	for (let i = input.roots.length - 1; i >= 0; i--) {
		stack.push({ node: input.roots[i], depth: 0, forkChild: input.roots.length > 1 });
	}
	while (stack.length > 0) {
		const { node, depth, forkChild } = stack.pop() as (typeof stack)[number];
		const { entry, children } = node;
		const { kind, text } = describeEntry(entry);
		const classes = ["node", ...kind.split(" ").map((k) => `k-${k}`)];
		if (input.leafPath.has(entry.id)) classes.push("leaf-path", "selected");
		if (entry.id === input.leafId) classes.push("leaf");
		if (forkChild) classes.push("fork-child");
		const label = input.labels.get(entry.id);
		const labelHtml = label === undefined ? "" : `<span class="label">${escapeHtml(label)}</span>`;
		const leafHtml =
			entry.id === input.leafId ? `<span class="leaf-mark">${escapeHtml(exportMessages.currentLeaf)}</span>` : "";
		const id = escapeHtml(entry.id);
		rows.push(
			`<a class="${classes.join(" ")}" href="#e-${id}" data-id="${id}" style="--depth:${depth}" title="${escapeHtml(entry.timestamp)}"><span class="node-text">${escapeHtml(text)}</span>${labelHtml}${leafHtml}</a>`,
		);
		const fork = children.length > 1;
		for (let i = children.length - 1; i >= 0; i--) {
			stack.push({ node: children[i], depth: fork ? depth + 1 : depth, forkChild: fork });
		}
	}
	return rows.join("\n");
}
