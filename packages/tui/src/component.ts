/**
 * The component contract of @pi/tui. A component renders itself to rows for a given width; the renderer diffs
 * rows between frames and writes only what changed.
 */
export interface Component {
	/**
	 * Renders to one string per terminal row. No row may be wider than `width` visible columns (ANSI escapes
	 * do not count). Rows should end with styles reset (the renderer also resets at each row end).
	 */
	render(width: number): string[];
	/** Keyboard input while the component has focus (raw terminal data: one key, sequence or paste). */
	handleInput?(data: string): void;
	/** Drops cached render output, e.g. after a theme change. */
	invalidate?(): void;
	/**
	 * Tells the component how many rows it may render (an overlay is at most as tall as the screen). A component
	 * that can scroll inside itself (a list, a long text) keeps its rows within `rows` and keeps its selection in
	 * view; one without this method is cut to fit. Called before each render of an overlay.
	 */
	setMaxRows?(rows: number): void;
}

/** A component that can take keyboard focus. */
export interface Focusable extends Component {
	focused?: boolean;
}
