/**
 * `renderSessionHtml`: one self-contained HTML page (inline CSS and JS, images as data URIs, no network) showing
 * the whole session tree and the conversation of the selected branch.
 */
import { createHash } from "node:crypto";
import {
	buildTree,
	collectLabels,
	findSessionName,
	getPath,
	indexEntries,
	type SessionEntry,
	type SessionHeader,
} from "../session/index.js";
import { clientScript } from "./client-script.js";
import { renderEntry } from "./entries.js";
import { escapeHtml, jsonForScript } from "./escape.js";
import { exportMessages } from "./messages.js";
import { computeUsageTotals, formatCost, formatTokens } from "./stats.js";
import { exportStyles } from "./styles.js";
import { pairToolResults } from "./tool-pairing.js";
import { renderTreeView } from "./tree-view.js";

/** What {@link renderSessionHtml} renders. */
export interface RenderSessionHtmlInput {
	header: SessionHeader;
	/** All entries in file order (every branch). */
	entries: readonly SessionEntry[];
	/** The current leaf; its branch is shown first and highlighted in the tree. `null`: none selected. */
	leafId: string | null;
	/** Page title; default: the session name, else "pi session". */
	title?: string;
	/** Entry labels; default: replayed from the `label` entries. */
	labels?: ReadonlyMap<string, string>;
}

/** Id of the `<script type="application/json">` block holding the session data. */
export const SESSION_DATA_ELEMENT_ID = "pi-session-data";

function childrenByParent(entries: readonly SessionEntry[]): Map<string, SessionEntry[]> {
	const children = new Map<string, SessionEntry[]>();
	for (const entry of entries) {
		if (entry.parentId === null) continue;
		const list = children.get(entry.parentId);
		if (list) list.push(entry);
		else children.set(entry.parentId, [entry]);
	}
	return children;
}

/** True when every entry's parent comes earlier in the file (files pi writes; hand-edited ones may differ). */
function parentsPrecedeChildren(entries: readonly SessionEntry[]): boolean {
	const seen = new Set<string>();
	for (const entry of entries) {
		if (entry.parentId !== null && !seen.has(entry.parentId)) return false;
		seen.add(entry.id);
	}
	return true;
}

/** Marks a fragment hidden: fragments off the selected branch stay in the page for the script to show. */
function hide(fragment: string): string {
	return fragment.replace(/^<(\w+)/, "<$1 hidden");
}

/**
 * Image data already appears once in the rendered fragments; the embedded JSON leaves it out so big sessions with
 * screenshots do not carry every image twice.
 */
function omitImageData(_key: string, value: unknown): unknown {
	if (value && typeof value === "object" && (value as { type?: unknown }).type === "image") {
		const image = value as { data?: unknown };
		if (typeof image.data === "string") return { ...image, data: "", omitted: exportMessages.imageOmitted };
	}
	return value;
}

function renderHeader(input: RenderSessionHtmlInput, title: string, leafCount: number): string {
	const { header, entries } = input;
	const totals = computeUsageTotals(entries);
	const h = exportMessages.header;
	const rows: [string, string][] = [
		[h.id, header.id],
		[h.cwd, header.cwd],
		[h.created, header.timestamp],
	];
	if (header.parentSession) rows.push([h.parentSession, header.parentSession]);
	rows.push([h.entries, String(entries.length)], [h.branches, String(leafCount)]);
	const tokenDetail = `${formatTokens(totals.totalTokens)} (↑${formatTokens(totals.input)} ↓${formatTokens(totals.output)} cache read ${formatTokens(totals.cacheRead)} cache write ${formatTokens(totals.cacheWrite)})`;
	rows.push([h.tokens, tokenDetail], [h.cost, formatCost(totals.cost)]);
	const list = rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join("");
	return `<header><h1>${escapeHtml(title)}</h1><dl>${list}</dl><noscript><p class="notice">${escapeHtml(exportMessages.noscript)}</p></noscript></header>`;
}

/**
 * Renders a session as one self-contained HTML document. Every branch is listed in the sidebar tree (labels shown,
 * the current leaf's path highlighted); the conversation of the leaf's branch is rendered in the page, and
 * clicking a tree row switches to the branch through that row. Session text is always escaped; markdown in
 * assistant text is rendered with raw HTML shown as text.
 */
export function renderSessionHtml(input: RenderSessionHtmlInput): string {
	const entries = input.entries;
	const labels = input.labels ?? collectLabels(entries);
	const byId = indexEntries(entries);
	const leafId = input.leafId !== null && byId.has(input.leafId) ? input.leafId : null;
	const path = getPath(byId, leafId);
	const onPath = new Set(path.map((entry) => entry.id));
	const children = childrenByParent(entries);
	const title = input.title ?? findSessionName(entries) ?? exportMessages.defaultTitle;

	const context = { labels, ...pairToolResults(entries, children) };
	const fileOrdered = parentsPrecedeChildren(entries);
	const fragments: string[] = [];
	if (fileOrdered) {
		// Every path is in file order, so one fixed order serves all branches (the script only toggles `hidden`).
		for (const entry of entries) {
			const fragment = renderEntry(entry, context);
			fragments.push(onPath.has(entry.id) ? fragment : hide(fragment));
		}
	} else {
		for (const entry of path) fragments.push(renderEntry(entry, context));
		for (const entry of entries) if (!onPath.has(entry.id)) fragments.push(hide(renderEntry(entry, context)));
	}
	if (entries.length === 0) fragments.push(`<p class="notice">${escapeHtml(exportMessages.noEntries)}</p>`);

	const tree = renderTreeView({ roots: buildTree(entries), labels, leafPath: onPath, leafId });
	const leafCount = entries.filter((entry) => !children.has(entry.id)).length;
	const data = jsonForScript(
		{ header: input.header, leafId, labels: Object.fromEntries(labels), fileOrdered, entries },
		omitImageData,
	);
	// Only the page's own script may run, even if some session text ever slipped through unescaped.
	const scriptHash = createHash("sha256").update(clientScript).digest("base64");
	const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-${scriptHash}'`;

	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="generator" content="pi">
<title>${escapeHtml(title)}</title>
<style>${exportStyles}</style>
</head>
<body>
<nav id="tree" aria-label="${escapeHtml(exportMessages.treeHeading)}"><h2>${escapeHtml(exportMessages.treeHeading)}</h2><p class="hint">${escapeHtml(exportMessages.treeHint)}</p>
${tree}
</nav>
<main>
${renderHeader(input, title, leafCount)}
<div id="conversation">
${fragments.join("\n")}
</div>
</main>
<script type="application/json" id="${SESSION_DATA_ELEMENT_ID}">${data}</script>
<script>${clientScript}</script>
</body>
</html>
`;
}
