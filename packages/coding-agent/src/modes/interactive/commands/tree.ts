/** /tree (move between branches, label entries, optional branch summary) and /fork. */
import type { AssistantMessage } from "@pi/ai";
import type { SessionEntry, SessionTreeNode } from "../../../core/session/index.js";
import { userMessageText } from "../components/user-message.js";
import { NOTICE_TEXT } from "../notices.js";
import type { ModeContext, SlashCommand } from "./types.js";

/** Tree rows worth choosing: user and assistant text, summaries. Tool results and bookkeeping are skipped. */
function entryPreview(entry: SessionEntry): string | undefined {
	if (entry.type === "message") {
		const message = entry.message;
		if (message.role === "user") return `user: ${userMessageText(message.content)}`;
		if (message.role === "assistant") {
			const content = (message as AssistantMessage).content;
			const text = content
				.filter((block) => block.type === "text")
				.map((block) => block.text)
				.join(" ");
			const tools = content.filter((block) => block.type === "toolCall").map((block) => block.name);
			if (text.trim()) return `assistant: ${text}`;
			if (tools.length > 0) return `assistant: [${tools.join(", ")}]`;
			return undefined;
		}
		if (message.role === "bashExecution") return `! ${message.command}`;
		return undefined;
	}
	if (entry.type === "compaction") return "[compaction]";
	if (entry.type === "branch_summary") return "[branch summary]";
	return undefined;
}

function oneLine(text: string, max = 80): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

interface TreeRow {
	id: string;
	label: string;
	description?: string;
}

/** Depth-first rows with indentation where the tree branches; the current path is marked with `•`. */
export function flattenTree(roots: readonly SessionTreeNode[], currentPath: ReadonlySet<string>): TreeRow[] {
	const rows: TreeRow[] = [];
	const walk = (nodes: readonly SessionTreeNode[], depth: number) => {
		const branching = nodes.length > 1;
		for (const node of nodes) {
			const preview = entryPreview(node.entry);
			const indent = depth + (branching ? 1 : 0);
			if (preview !== undefined) {
				const marker = currentPath.has(node.entry.id) ? "• " : "  ";
				rows.push({
					id: node.entry.id,
					label: `${"  ".repeat(Math.min(indent, 12))}${marker}${oneLine(preview)}`,
					description: node.label ? `[${node.label}]` : undefined,
				});
			}
			walk(node.children, indent);
		}
	};
	walk(roots, 0);
	return rows;
}

async function openTree(context: ModeContext): Promise<void> {
	const { session } = context;
	const manager = session.sessionManager;
	const path = new Set(manager.getBranch().map((entry) => entry.id));
	const rows = flattenTree(manager.getTree(), path);
	if (rows.length === 0) {
		context.notify("muted", NOTICE_TEXT.noForkPoints);
		return;
	}
	const leaf = manager.getLeafId() ?? undefined;
	const lastOnPath = [...rows].reverse().find((row) => path.has(row.id))?.id ?? leaf;
	const entryId = await context.dialogs.select(
		"Session tree (• = current path)",
		rows.map((row) => ({ value: row.id, label: row.label, description: row.description })),
		{ initial: lastOnPath, maxVisible: 14 },
	);
	if (!entryId) return;
	const action = await context.dialogs.select("Entry", [
		{ value: "go", label: "Continue from here" },
		{ value: "summary", label: "Continue from here, summarising the branch left behind" },
		{ value: "label", label: "Set or clear a label" },
	]);
	if (action === "label") {
		const label = await context.dialogs.input("Label (empty clears it)", { initial: manager.getLabel(entryId) });
		if (label === undefined) return;
		session.setLabel(entryId, label || undefined);
		return;
	}
	if (action !== "go" && action !== "summary") return;
	let customInstructions: string | undefined;
	if (action === "summary") customInstructions = (await context.dialogs.input("Summary focus (optional)")) || undefined;
	try {
		const result = await session.navigateTree(entryId, { summarize: action === "summary", customInstructions });
		if (result.cancelled) return;
		context.rebuildTranscript();
		if (result.editorText !== undefined) context.setEditorText(result.editorText);
		context.notify("muted", NOTICE_TEXT.navigated);
		context.refreshFooter();
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
}

async function openFork(context: ModeContext): Promise<void> {
	const { session } = context;
	const messages = session.getForkMessages();
	if (messages.length === 0) {
		context.notify("muted", NOTICE_TEXT.noForkPoints);
		return;
	}
	const entryId = await context.dialogs.select(
		"Fork from a message (it goes back into the editor)",
		messages.map((message) => ({ value: message.entryId, label: oneLine(message.text) })),
		{ initial: messages[messages.length - 1]?.entryId },
	);
	if (!entryId) return;
	try {
		const result = await session.fork(entryId);
		if (result.cancelled) return;
		context.rebuildTranscript();
		context.setEditorText(result.text);
		context.notify("muted", NOTICE_TEXT.forked);
		context.refreshFooter();
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
}

export const treeCommands: SlashCommand[] = [
	{ name: "tree", description: "Navigate the session tree (branches, labels, summaries)", run: openTree },
	{ name: "fork", description: "Fork a new session from an earlier message", run: openFork },
];

export { openFork, openTree };
