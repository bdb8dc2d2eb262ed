/** /tree (move between branches, label entries, optional branch summary) and /fork. */
import type { SessionTreeNode } from "../../../core/session/index.js";
import { NOTICE_TEXT } from "../notices.js";
import { TreeSelector } from "../selectors/tree-selector.js";
import type { CommandRun, ModeContext } from "./types.js";

function oneLine(text: string, max = 80): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The tree selector (initial filter from settings `treeFilterMode`); resolves with the chosen entry id. */
function chooseTreeEntry(context: ModeContext, tree: SessionTreeNode[]): Promise<string | undefined> {
	return context.dialogs.open<string>(
		(finish, theme) =>
			new TreeSelector({
				theme,
				tree,
				leafId: context.session.getLeafId(),
				filterMode: context.session.settingsManager.getTreeFilterMode(),
				onSelect: (entryId) => finish(entryId),
				onCancel: () => finish(undefined),
			}),
	);
}

async function openTree(context: ModeContext): Promise<void> {
	const { session } = context;
	const tree = session.getTree();
	if (tree.length === 0) {
		context.notify("info", NOTICE_TEXT.emptyTree);
		return;
	}
	const entryId = await chooseTreeEntry(context, tree);
	if (!entryId) return;
	// branchSummary.skipPrompt: never offer to summarise the branch left behind.
	const offerSummary = !session.settingsManager.getBranchSummarySettings().skipPrompt;
	const action = await context.dialogs.select("Entry", [
		{ value: "go", label: "Continue from here" },
		...(offerSummary ? [{ value: "summary", label: "Continue from here, summarising the branch left behind" }] : []),
		{ value: "label", label: "Set or clear a label" },
	]);
	if (action === "label") {
		const label = await context.dialogs.input("Label (empty clears it)", { initial: session.getLabel(entryId) });
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
		context.notify("info", NOTICE_TEXT.navigated);
		context.refreshFooter();
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
}

async function openFork(context: ModeContext): Promise<void> {
	const { session } = context;
	const messages = session.getForkMessages();
	if (messages.length === 0) {
		context.notify("info", NOTICE_TEXT.noForkPoints);
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
		context.notify("info", NOTICE_TEXT.forked);
		context.refreshFooter();
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
}

/** The implementations of /tree and /fork. */
export const treeCommandRuns = { tree: openTree, fork: openFork } satisfies Record<string, CommandRun>;

export { openFork, openTree };
