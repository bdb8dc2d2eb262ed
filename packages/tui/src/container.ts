/**
 * Container: a component made of children rendered one below the other. It also carries the part of the
 * long-session design that lives in the tree: children marked final keep their rows cached per width, and a
 * leading run of final children whose rows have scrolled into the terminal's scrollback can be committed, after
 * which the container neither renders nor walks them again (see README, "Committed rows").
 */
import type { Component } from "./component.js";

const finalComponents = new WeakSet<Component>();

/**
 * Declares that `component` will not change any more (a finished message, a completed tool result). Its rows are
 * cached per width, and once they scroll above the screen the renderer commits them: they are never rendered,
 * diffed or walked again. Returns the component for chaining.
 */
export function markFinal<T extends Component>(component: T): T {
	finalComponents.add(component);
	return component;
}

/** Whether `component` was marked final. */
export function isFinal(component: Component): boolean {
	return finalComponents.has(component);
}

/**
 * A component whose leading rows can be committed to scrollback. The TUI renders only the live rows of such a
 * root and commits rows as they scroll off screen.
 */
export interface CommittableComponent extends Component {
	/** The rows that are not committed (equal to the tail of `render(width)` after the committed rows). */
	renderLive(width: number): string[];
	/**
	 * Offers to commit up to `rows` leading live rows (they have scrolled above the screen). Commits whole final
	 * children only, and returns how many rows were committed (0 to `rows`).
	 */
	commitRows(width: number, rows: number): number;
	/**
	 * Takes back up to about `rows` of the most recently committed rows into the live rows (whole children; may
	 * return more than asked), so a redraw can fill the screen again after content above it shrank. Returns how many
	 * rows became live again. Optional: without it, nothing is taken back.
	 */
	uncommitRows?(width: number, rows: number): number;
}

/** Whether a component supports committing rows (Containers do). */
export function isCommittable(component: Component): component is CommittableComponent {
	return (
		typeof (component as Partial<CommittableComponent>).renderLive === "function" &&
		typeof (component as Partial<CommittableComponent>).commitRows === "function"
	);
}

/** Renders children in order, one below the other. */
export class Container implements CommittableComponent {
	/** Children in display order. Use the methods to change it, so committed state stays consistent. */
	readonly children: Component[] = [];
	/** How many leading children are committed: in scrollback, never rendered again by renderLive. */
	private committedCount = 0;
	/** Rendered rows of final children at the width they were rendered for. */
	private finalRows = new WeakMap<Component, { width: number; rows: string[] }>();
	/** Where each child's rows started among the live rows of the last `renderLive`, and how many there were. */
	private liveSpans = new Map<Component, { start: number; rows: number }>();

	/** Appends a child. */
	addChild(child: Component): void {
		this.children.push(child);
	}

	/** Inserts a child before the child at `index` (clamped to the uncommitted part). */
	insertChild(index: number, child: Component): void {
		this.children.splice(Math.max(index, this.committedCount), 0, child);
	}

	/** Removes a child (a committed child stays visible in scrollback: the terminal cannot take it back). */
	removeChild(child: Component): void {
		const index = this.children.indexOf(child);
		if (index === -1) return;
		this.children.splice(index, 1);
		if (index < this.committedCount) this.committedCount--;
	}

	/** Removes all children. */
	clear(): void {
		this.children.length = 0;
		this.committedCount = 0;
	}

	/** Where `child` was among the live rows of the last `renderLive` (undefined: committed, or not a child). */
	liveSpanOf(child: Component): { start: number; rows: number } | undefined {
		return this.liveSpans.get(child);
	}

	/** Number of children already committed to scrollback. */
	get committedChildren(): number {
		return this.committedCount;
	}

	render(width: number): string[] {
		return this.renderRange(0, width, false);
	}

	renderLive(width: number): string[] {
		return this.renderRange(this.committedCount, width, true);
	}

	commitRows(width: number, rows: number): number {
		let committed = 0;
		while (this.committedCount < this.children.length && committed < rows) {
			const child = this.children[this.committedCount]!;
			if (isFinal(child)) {
				// A child that committed rows of its own while it was live has only its live rows left to commit.
				const count = (isCommittable(child) ? child.renderLive(width) : this.renderChild(child, width)).length;
				if (committed + count > rows) break;
				committed += count;
				this.committedCount++;
				this.finalRows.delete(child);
				continue;
			}
			// A live container can still commit its own leading final children; nothing after it can.
			if (isCommittable(child)) committed += child.commitRows(width, rows - committed);
			break;
		}
		return committed;
	}

	uncommitRows(width: number, rows: number): number {
		let restored = 0;
		const firstLive = this.children[this.committedCount];
		if (firstLive && isCommittable(firstLive)) {
			// Its own committed rows sit right above the live ones: they come back first, and while any of them stay
			// committed, nothing above them can.
			restored += firstLive.uncommitRows?.(width, rows) ?? 0;
			if (hasCommittedRows(firstLive, width)) return restored;
		}
		while (restored < rows && this.committedCount > 0) {
			const child = this.children[this.committedCount - 1]!;
			if (hasCommittedRows(child, width)) break;
			this.committedCount--;
			restored += this.renderChild(child, width).length;
		}
		return restored;
	}

	/**
	 * Drops the cached rows of a final child that changed after all (an extension asked to redraw it), so the next
	 * frame renders it again. A committed child stays as it was printed.
	 */
	refreshChild(child: Component): void {
		this.finalRows.delete(child);
	}

	invalidate(): void {
		this.finalRows = new WeakMap();
		for (const child of this.children) child.invalidate?.();
	}

	private renderRange(start: number, width: number, live: boolean): string[] {
		const out: string[] = [];
		if (live) this.liveSpans.clear();
		for (let i = start; i < this.children.length; i++) {
			const child = this.children[i]!;
			const rows = live && isCommittable(child) ? child.renderLive(width) : this.renderChild(child, width);
			if (live) this.liveSpans.set(child, { start: out.length, rows: rows.length });
			for (const row of rows) out.push(row);
		}
		return out;
	}

	private renderChild(child: Component, width: number): string[] {
		if (!isFinal(child)) return child.render(width);
		const cached = this.finalRows.get(child);
		if (cached && cached.width === width) return cached.rows;
		const rows = child.render(width);
		this.finalRows.set(child, { width, rows });
		return rows;
	}
}

/** Whether part of `component`'s own rows are committed (then rows committed before it cannot become live again). */
function hasCommittedRows(component: Component, width: number): boolean {
	if (!isCommittable(component)) return false;
	if (component instanceof Container) return component.committedChildren > 0;
	return component.renderLive(width).length !== component.render(width).length;
}
