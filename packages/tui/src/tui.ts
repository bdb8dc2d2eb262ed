/**
 * TUI: the root container bound to a terminal. It routes input to the focused component (or the topmost
 * overlay), coalesces render requests into frames, composites overlays, and hands each frame to the inline
 * renderer. After each frame it commits the rows that scrolled above the screen, so a long session's frames cost
 * what the live tail costs, not what the whole transcript costs.
 */
import type { Component, Focusable } from "./component.js";
import { Container } from "./container.js";
import { isKeyRelease } from "./input/keys.js";
import {
	layoutOverlay,
	type OverlayHandle,
	type OverlayOptions,
	type OverlayPlacement,
	type ScreenSpan,
} from "./overlay.js";
import { compositeOverlays } from "./renderer/composite.js";
import { InlineRenderer, type RowOverflow } from "./renderer/inline-renderer.js";
import type { Terminal } from "./terminal/terminal.js";

/** Options of a TUI. */
export interface TuiOptions {
	/** Called when a rendered row is wider than the terminal (the row is clipped to fit). */
	onRowOverflow?: (overflow: RowOverflow) => void;
	/** Minimum time between two frames, in ms (default 16: at most ~60 frames per second). */
	frameIntervalMs?: number;
	/** Whether to show the hardware cursor where the focused component puts CURSOR_MARKER (default true). */
	showHardwareCursor?: boolean;
}

/**
 * Handles input before the focused component; return true to consume it (e.g. an app-wide ctrl+c).
 */
export type InputListener = (data: string) => boolean | undefined;

interface OverlayEntry {
	component: Component;
	options: OverlayOptions;
	previousFocus: Component | undefined;
	handle: OverlayHandle;
}

function setFocusedFlag(component: Component | undefined, focused: boolean): void {
	if (component && "focused" in component) (component as Focusable).focused = focused;
}

/** The root of a terminal UI: a Container bound to a Terminal. */
export class TUI extends Container {
	readonly terminal: Terminal;
	private readonly renderer = new InlineRenderer();
	private readonly frameIntervalMs: number;
	private focusedComponent: Component | undefined;
	private readonly overlays: OverlayEntry[] = [];
	private readonly inputListeners = new Set<InputListener>();
	private renderTimer: ReturnType<typeof setTimeout> | undefined;
	private lastFrameAt = Number.NEGATIVE_INFINITY;
	private started = false;
	private tailRequested = false;

	constructor(terminal: Terminal, options: TuiOptions = {}) {
		super();
		this.terminal = terminal;
		this.frameIntervalMs = options.frameIntervalMs ?? 16;
		this.renderer.onOverflow = options.onRowOverflow;
		this.renderer.showHardwareCursor = options.showHardwareCursor ?? true;
	}

	/** Starts the terminal session and draws the first frame. */
	start(): void {
		if (this.started) return;
		this.started = true;
		this.terminal.start(
			(data) => this.handleInput(data),
			() => this.requestRender(),
		);
		this.terminal.hideCursor();
		this.renderNow();
	}

	/** Draws any pending frame, leaves the cursor below the content and restores the terminal. */
	stop(): void {
		if (!this.started) return;
		try {
			if (this.renderTimer !== undefined) this.renderNow();
		} catch {
			// A component that throws while drawing (stop() also runs from crash handlers, right after that throw) loses
			// the last frame; the terminal must be restored all the same.
		}
		this.started = false;
		this.terminal.write(this.renderer.finish());
		this.terminal.stop();
	}

	/**
	 * Forgets what was drawn (call while stopped): the next start prints the live rows afresh from the cursor's line,
	 * below whatever another program wrote meanwhile (a shell after Ctrl+Z and `fg`). Committed rows stay committed.
	 */
	forgetScreen(): void {
		this.renderer.reset();
	}

	/** Gives keyboard focus to `component` (or to nobody). Sets `focused` on Focusable components. */
	setFocus(component: Component | undefined): void {
		if (this.focusedComponent === component) return;
		setFocusedFlag(this.focusedComponent, false);
		this.focusedComponent = component;
		setFocusedFlag(component, true);
		this.requestRender();
	}

	/** The component that receives input (the topmost overlay's component while one is shown). */
	get focused(): Component | undefined {
		return this.focusedComponent;
	}

	/** Adds a listener that sees input before the focused component; returns a function that removes it. */
	addInputListener(listener: InputListener): () => void {
		this.inputListeners.add(listener);
		return () => this.inputListeners.delete(listener);
	}

	/**
	 * Shows `component` on top of the screen and gives it focus until hidden (unless `options.focus` is false).
	 * Overlays stack: the last shown is drawn on top and gets the input.
	 */
	showOverlay(component: Component, options: OverlayOptions = {}): OverlayHandle {
		const tui = this;
		const entry: OverlayEntry = {
			component,
			options,
			previousFocus: this.focusedComponent,
			handle: {
				component,
				hide: () => tui.hideOverlayEntry(entry),
				get visible() {
					return tui.overlays.includes(entry);
				},
				setOptions: (next) => {
					entry.options = next;
					tui.requestRender();
				},
				bringToFront: () => {
					const index = tui.overlays.indexOf(entry);
					if (index === -1) return;
					tui.overlays.splice(index, 1);
					tui.overlays.push(entry);
					tui.setFocus(component);
					tui.requestRender();
				},
			},
		};
		this.overlays.push(entry);
		if (options.focus !== false) this.setFocus(component);
		this.requestRender();
		return entry.handle;
	}

	/** Hides the topmost overlay, if any. */
	hideOverlay(): void {
		const top = this.overlays[this.overlays.length - 1];
		if (top) this.hideOverlayEntry(top);
	}

	/** Whether any overlay is shown. */
	hasOverlay(): boolean {
		return this.overlays.length > 0;
	}

	/**
	 * Routes one unit of input (key, sequence or paste): input listeners first, then the focused component.
	 * Kitty key-release reports are dropped here, so components only see presses and repeats.
	 */
	handleInput(data: string): void {
		if (isKeyRelease(data)) return;
		for (const listener of this.inputListeners) {
			if (listener(data) === true) {
				this.requestRender();
				return;
			}
		}
		this.focusedComponent?.handleInput?.(data);
		this.requestRender();
	}

	/** Schedules a frame. Calls within one frame interval are coalesced into a single frame. */
	requestRender(): void {
		if (!this.started || this.renderTimer !== undefined) return;
		const wait = Math.max(0, this.lastFrameAt + this.frameIntervalMs - performance.now());
		this.renderTimer = setTimeout(() => this.renderNow(), wait);
	}

	/**
	 * Schedules a frame that shows its changes even where they reach rows scrolled above the screen (expanding or
	 * collapsing earlier content): the screen is cleared and the live rows are printed again from the first changed
	 * one, keeping the screen filled. Rows already in scrollback stay as they were printed; committed rows are never
	 * drawn again. A frame without such changes is drawn as usual.
	 */
	requestTailRedraw(): void {
		this.tailRequested = true;
		this.requestRender();
	}

	/** Renders a frame right away (tests and benchmarks; apps use requestRender). */
	renderNow(): void {
		if (this.renderTimer !== undefined) clearTimeout(this.renderTimer);
		this.renderTimer = undefined;
		this.lastFrameAt = performance.now();
		const columns = this.terminal.columns;
		const screenRows = this.terminal.rows;
		let rows = this.renderLive(columns);
		if (this.tailRequested) {
			this.tailRequested = false;
			if (this.renderer.needsTailRedraw(rows, screenRows)) {
				// Content that shrank should not leave the screen half empty: rows committed last come back to fill it.
				const restored = rows.length < screenRows ? this.uncommitRows(columns, screenRows - rows.length) : 0;
				if (restored > 0) {
					this.renderer.uncommit(restored);
					rows = this.renderLive(columns);
				}
				this.renderer.redrawTail();
			}
		}
		if (this.overlays.length > 0) {
			const screenTop = this.renderer.screenTopFor(rows.length, screenRows);
			const locate = (component: Component): ScreenSpan | undefined => {
				const span = this.liveSpanOf(component);
				return span && { row: span.start - screenTop, rows: span.rows };
			};
			const placements: OverlayPlacement[] = this.overlays.map((entry) =>
				layoutOverlay(entry.component, entry.options, columns, screenRows, locate),
			);
			rows = compositeOverlays(rows, placements, screenTop, columns);
		}
		const output = this.renderer.render(rows, columns, screenRows);
		if (output !== "") this.terminal.write(output);
		const above = this.renderer.rowsAboveScreen;
		if (above > 0) {
			const committed = this.commitRows(columns, above);
			this.renderer.commit(committed);
		}
	}

	override invalidate(): void {
		super.invalidate();
		for (const entry of this.overlays) entry.component.invalidate?.();
	}

	private hideOverlayEntry(entry: OverlayEntry): void {
		const index = this.overlays.indexOf(entry);
		if (index === -1) return;
		this.overlays.splice(index, 1);
		if (this.focusedComponent === entry.component) {
			this.setFocus(entry.previousFocus);
		} else {
			// A lower overlay was hidden: an overlay that would give focus back to it gives it to its predecessor.
			for (const other of this.overlays) {
				if (other.previousFocus === entry.component) other.previousFocus = entry.previousFocus;
			}
		}
		this.requestRender();
	}
}
