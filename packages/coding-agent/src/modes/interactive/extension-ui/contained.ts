/**
 * Extension components run inside pi's frame loop: one that throws while drawing or handling a key, or returns rows
 * wider than the screen, must not take the terminal UI down. {@link ContainedComponent} wraps every component an
 * extension hands over (custom, widgets, header, footer): a failure is reported once, naming the extension, and the
 * component is replaced by an empty area from then on; over-wide rows are clipped (reported once too).
 */
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type Component, truncateToWidth, visibleWidth } from "@pi/tui";
import { manifestPath } from "../../../core/extensions/loading/cache.js";

/** Texts shown for failing extension components. */
export const CONTAINED_TEXTS = {
	renderFailed: (owner: string, what: string, message: string) =>
		`Extension ${owner}: its ${what} failed and is no longer drawn: ${message}`,
	inputFailed: (owner: string, what: string, message: string) =>
		`Extension ${owner}: its ${what} failed on a key and was closed: ${message}`,
	tooWide: (owner: string, what: string) =>
		`Extension ${owner}: its ${what} drew rows wider than the terminal; they are clipped.`,
	unknownOwner: "(unknown)",
} as const;

/** Reports a problem of an extension component (shown once per component and kind). */
export type ContainmentReporter = (text: string) => void;

/** An extension component with dispose (the original's factories may return one). */
export type ExtensionComponent = Component & { dispose?(): void; focused?: boolean };

/**
 * The extension that is calling into ctx.ui now, worked out only when needed (a failure to report): the first of
 * `extensionPaths` whose file, or whose compiled module in the extension cache, is on the caller's stack.
 */
export function callingExtension(extensionPaths: readonly string[]): () => string {
	// The extension's frame lies below several of pi's (ctx.ui, the mode's UI): look deeper than the default 10.
	const limit = Error.stackTraceLimit;
	Error.stackTraceLimit = 40;
	const stack = new Error().stack ?? "";
	Error.stackTraceLimit = limit;
	let found: string | undefined;
	return () => {
		found ??= ownerInStack(stack, extensionPaths);
		return found;
	};
}

function ownerInStack(stack: string, extensionPaths: readonly string[]): string {
	for (const path of extensionPaths) {
		if (stack.includes(path)) return path;
	}
	// TypeScript (and bundled) extensions run from a compiled module in the cache: its manifest names the entry.
	for (const match of stack.matchAll(/(file:\/\/)?(\/[^\s():]+\.mjs)/g)) {
		const file = match[1] ? fileURLToPath(`file://${match[2]}`) : match[2]!;
		for (const path of extensionPaths) {
			try {
				const manifest = JSON.parse(readFileSync(manifestPath(dirname(file), path), "utf8")) as { output?: string };
				if (manifest.output === basename(file)) return path;
			} catch {
				// not this entry's cache
			}
		}
	}
	return CONTAINED_TEXTS.unknownOwner;
}

function errorMessage(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** A wrapper that keeps an extension component's failures from reaching the TUI. */
export class ContainedComponent implements Component {
	/** Set once the component failed: nothing is drawn any more. */
	private failed = false;
	private reportedWide = false;
	/** Hidden components draw nothing (overlays' setHidden, `visible` option). */
	hidden = false;
	/**
	 * Called once when the component failed (drawing or a key), after the current frame: the owner closes what the
	 * component belongs to (a custom() component resolves undefined, a replacement editor gives way to pi's).
	 */
	onFailure?: () => void;

	constructor(
		readonly inner: ExtensionComponent,
		private readonly ownerName: () => string,
		private readonly what: string,
		private readonly report: ContainmentReporter,
	) {}

	get focused(): boolean {
		return Boolean(this.inner.focused);
	}

	set focused(value: boolean) {
		if ("focused" in this.inner || value) {
			try {
				this.inner.focused = value;
			} catch {
				// a read-only `focused` is the component's business
			}
		}
	}

	render(width: number): string[] {
		if (this.failed || this.hidden) return [];
		let rows: string[];
		try {
			rows = this.inner.render(width);
			if (!Array.isArray(rows)) throw new Error(`render() returned ${typeof rows}, not an array of rows`);
		} catch (error) {
			this.fail(CONTAINED_TEXTS.renderFailed(this.ownerName(), this.what, errorMessage(error)));
			return [];
		}
		return rows.map((row) => {
			const text = typeof row === "string" ? row : String(row);
			if (visibleWidth(text) <= width) return text;
			if (!this.reportedWide) {
				this.reportedWide = true;
				this.report(CONTAINED_TEXTS.tooWide(this.ownerName(), this.what));
			}
			return truncateToWidth(text, width);
		});
	}

	handleInput(data: string): void {
		if (this.failed) return;
		try {
			this.inner.handleInput?.(data);
		} catch (error) {
			this.fail(CONTAINED_TEXTS.inputFailed(this.ownerName(), this.what, errorMessage(error)));
		}
	}

	invalidate(): void {
		try {
			this.inner.invalidate?.();
		} catch {
			// a failing invalidate only loses a cache
		}
	}

	setMaxRows(rows: number): void {
		try {
			this.inner.setMaxRows?.(rows);
		} catch {
			// optional hint
		}
	}

	/** Disposes the component (timers, listeners); failures are ignored. */
	dispose(): void {
		try {
			this.inner.dispose?.();
		} catch {
			// nothing to do about it
		}
	}

	private fail(text: string): void {
		if (this.failed) return;
		this.failed = true;
		this.report(text);
		// Not during the frame: closing changes the tree that is being drawn.
		const onFailure = this.onFailure;
		if (onFailure) setImmediate(onFailure);
	}
}
