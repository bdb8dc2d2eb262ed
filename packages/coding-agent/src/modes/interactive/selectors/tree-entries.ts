/**
 * The session tree flattened into rows for the tree selector: one-line descriptions of entries, indentation
 * where the conversation branches, and the filter modes (settings `treeFilterMode`).
 */
import type { SessionEntry, SessionTreeNode } from "../../../core/session/types.js";

export type TreeFilterMode = "default" | "no-tools" | "user-only" | "labeled-only" | "all";

/** Filter modes in the order the cycle key walks them. */
export const TREE_FILTER_MODES: readonly TreeFilterMode[] = ["default", "no-tools", "user-only", "labeled-only", "all"];

/** One row of the flattened tree. */
export interface TreeRow {
	entry: SessionEntry;
	/** Branching depth: how many forks are above this entry. */
	depth: number;
	/** The entry starts a branch (its parent has several children). */
	branchStart: boolean;
	label?: string;
	/** On the path from the root to the current leaf. */
	onCurrentPath: boolean;
	isLeaf: boolean;
	text: string;
}

function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.map((block: { type?: string; text?: string }) => (block.type === "text" ? (block.text ?? "") : ""))
		.join(" ");
}

function oneLine(text: string): string {
	return text.replace(/\s+/g, " ").trim();
}

/** A one-line description of an entry, e.g. `user: fix the build`. */
export function describeEntry(entry: SessionEntry): string {
	switch (entry.type) {
		case "message": {
			const message = entry.message as unknown as { role: string; [key: string]: unknown };
			if (message.role === "user") return `user: ${oneLine(contentText(message.content))}`;
			if (message.role === "assistant") {
				const blocks = message.content as { type: string; text?: string; name?: string }[];
				const text = oneLine(blocks.map((b) => (b.type === "text" ? (b.text ?? "") : "")).join(" "));
				const tools = blocks.filter((b) => b.type === "toolCall").map((b) => b.name);
				if (text !== "") return `assistant: ${text}`;
				return tools.length > 0 ? `assistant: → ${tools.join(", ")}` : "assistant: (no text)";
			}
			if (message.role === "toolResult") {
				const status = message.isError ? " (error)" : "";
				return `${String(message.toolName)} result${status}: ${oneLine(contentText(message.content))}`;
			}
			if (message.role === "bashExecution") return `!${String(message.command)}`;
			if (message.role === "custom") return `${String(message.customType)}: ${oneLine(contentText(message.content))}`;
			return message.role;
		}
		case "compaction":
			return `[compaction: ${entry.tokensBefore} tokens summarised]`;
		case "branch_summary":
			return `[branch summary: ${oneLine(entry.summary)}]`;
		case "model_change":
			return `model: ${entry.provider}/${entry.modelId}`;
		case "thinking_level_change":
			return `thinking: ${entry.thinkingLevel}`;
		case "custom_message":
			return `${entry.customType}: ${oneLine(contentText(entry.content))}`;
		case "custom":
			return `[${entry.customType}]`;
		case "label":
			return `label: ${entry.label ?? "(cleared)"}`;
		case "session_info":
			return `name: ${entry.name ?? ""}`;
		default:
			return (entry as { type: string }).type;
	}
}

const BOOKKEEPING = new Set(["model_change", "thinking_level_change", "label", "session_info", "custom"]);

function isToolEntry(entry: SessionEntry): boolean {
	if (entry.type !== "message") return false;
	const message = entry.message as { role: string; content?: unknown };
	if (message.role === "toolResult") return true;
	if (message.role !== "assistant" || !Array.isArray(message.content)) return false;
	return message.content.every((block: { type: string }) => block.type === "toolCall");
}

/** Whether a row is shown in `mode`. */
export function isVisibleIn(mode: TreeFilterMode, row: { entry: SessionEntry; label?: string }): boolean {
	const { entry } = row;
	switch (mode) {
		case "all":
			return true;
		case "labeled-only":
			return row.label !== undefined;
		case "user-only":
			return entry.type === "message" && (entry.message as { role: string }).role === "user";
		case "no-tools":
			return !BOOKKEEPING.has(entry.type) && !isToolEntry(entry);
		default:
			return !BOOKKEEPING.has(entry.type);
	}
}

/** Every entry in depth-first order (children by time), with its branch depth and current-path mark. */
export function flattenTree(roots: readonly SessionTreeNode[], leafId: string | null): TreeRow[] {
	const onPath = new Set<string>();
	const parentOf = new Map<string, SessionTreeNode | undefined>();
	const rows: TreeRow[] = [];
	const stack: { node: SessionTreeNode; depth: number; branchStart: boolean }[] = [];
	const pushChildren = (children: readonly SessionTreeNode[], depth: number) => {
		const branching = children.length > 1;
		for (let i = children.length - 1; i >= 0; i--) {
			stack.push({ node: children[i]!, depth: branching ? depth + 1 : depth, branchStart: branching });
		}
	};
	// Mark the current path first (walk parents from the leaf).
	const index = new Map<string, SessionTreeNode>();
	const collect = (nodes: readonly SessionTreeNode[], parent?: SessionTreeNode) => {
		for (const node of nodes) {
			index.set(node.entry.id, node);
			parentOf.set(node.entry.id, parent);
			collect(node.children, node);
		}
	};
	collect(roots);
	for (let node = leafId ? index.get(leafId) : undefined; node; node = parentOf.get(node.entry.id)) {
		onPath.add(node.entry.id);
	}
	pushChildren(roots, -1);
	while (stack.length > 0) {
		const { node, depth, branchStart } = stack.pop()!;
		rows.push({
			entry: node.entry,
			depth: Math.max(0, depth),
			branchStart,
			label: node.label,
			onCurrentPath: onPath.has(node.entry.id),
			isLeaf: node.entry.id === leafId,
			text: describeEntry(node.entry),
		});
		pushChildren(node.children, depth);
	}
	return rows;
}
