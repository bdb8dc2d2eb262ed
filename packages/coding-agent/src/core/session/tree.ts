/**
 * The entry tree (§6): paths, labels, children ordering and the tree view.
 */
import type { SessionEntry, SessionTreeNode } from "./types.js";

/** Entries by id. */
export type EntryIndex = ReadonlyMap<string, SessionEntry>;

export function indexEntries(entries: readonly SessionEntry[]): Map<string, SessionEntry> {
	const byId = new Map<string, SessionEntry>();
	for (const entry of entries) byId.set(entry.id, entry);
	return byId;
}

/** Entries from the root down to `leafId` (inclusive); empty when the leaf is unknown. */
export function getPath(byId: EntryIndex, leafId: string | null): SessionEntry[] {
	const path: SessionEntry[] = [];
	const seen = new Set<string>();
	let current = leafId === null ? undefined : byId.get(leafId);
	// `seen` guards against cycles in hand-edited files; the reader already breaks them.
	while (current && !seen.has(current.id)) {
		seen.add(current.id);
		path.push(current);
		current = current.parentId === null ? undefined : byId.get(current.parentId);
	}
	return path.reverse();
}

/** Replays `label` entries in file order: the last one wins, an empty or absent label removes the mapping. */
export function collectLabels(entries: readonly SessionEntry[]): Map<string, string> {
	const labels = new Map<string, string>();
	for (const entry of entries) {
		if (entry.type !== "label") continue;
		if (entry.label) labels.set(entry.targetId, entry.label);
		else labels.delete(entry.targetId);
	}
	return labels;
}

/** The latest non-empty `session_info.name` in file order. */
export function findSessionName(entries: readonly SessionEntry[]): string | undefined {
	let name: string | undefined;
	for (const entry of entries) {
		if (entry.type === "session_info" && typeof entry.name === "string" && entry.name.trim() !== "") {
			name = entry.name.trim();
		}
	}
	return name;
}

/** Orders by timestamp ascending, ties by file order (`position`). */
function compareByTime(position: Map<string, number>) {
	return (a: SessionTreeNode, b: SessionTreeNode): number => {
		const ta = a.entry.timestamp;
		const tb = b.entry.timestamp;
		if (ta !== tb) return ta < tb ? -1 : 1;
		return (position.get(a.entry.id) ?? 0) - (position.get(b.entry.id) ?? 0);
	};
}

/** Entries whose parent is `parentId` (`null` = roots), ordered for tree views. */
export function getChildren(entries: readonly SessionEntry[], parentId: string | null): SessionEntry[] {
	const position = new Map<string, number>();
	const nodes: SessionTreeNode[] = [];
	entries.forEach((entry, i) => {
		position.set(entry.id, i);
		if (entry.parentId === parentId) nodes.push({ entry, children: [] });
	});
	return nodes.sort(compareByTime(position)).map((node) => node.entry);
}

/** The whole tree: roots and children ordered by timestamp ascending, ties by file order; labels attached. */
export function buildTree(entries: readonly SessionEntry[]): SessionTreeNode[] {
	const labels = collectLabels(entries);
	const position = new Map<string, number>();
	const nodes = new Map<string, SessionTreeNode>();
	entries.forEach((entry, i) => {
		position.set(entry.id, i);
		const node: SessionTreeNode = { entry, children: [] };
		const label = labels.get(entry.id);
		if (label !== undefined) node.label = label;
		nodes.set(entry.id, node);
	});
	const roots: SessionTreeNode[] = [];
	for (const entry of entries) {
		const node = nodes.get(entry.id) as SessionTreeNode;
		const parent = entry.parentId === null ? undefined : nodes.get(entry.parentId);
		if (parent) parent.children.push(node);
		else roots.push(node);
	}
	const compare = compareByTime(position);
	const stack = [...roots];
	while (stack.length > 0) {
		const node = stack.pop() as SessionTreeNode;
		node.children.sort(compare);
		stack.push(...node.children);
	}
	return roots.sort(compare);
}
