/**
 * The parts of the layout extensions can replace: the header (first transcript entry), the editor area and the
 * footer. Each slot shows pi's own component until an extension sets one, and pi's again when it is cleared.
 */
import { type Component, Container, markFinal } from "@pi/tui";

/** A slot below the transcript (editor area, footer): a direct child of the TUI, so overlays can anchor to it. */
export class ComponentSlot extends Container {
	constructor(private readonly builtIn: Component) {
		super();
		this.addChild(builtIn);
	}

	/** What the slot shows now. */
	get current(): Component {
		return this.children[0] ?? this.builtIn;
	}

	/** Shows `component`, or pi's own with none. */
	show(component: Component | undefined): void {
		this.clear();
		this.addChild(component ?? this.builtIn);
	}

	get showsBuiltIn(): boolean {
		return this.current === this.builtIn;
	}
}

/**
 * The header: the first child of the transcript, final so it can go to scrollback with what follows. A header set
 * while it is still on screen replaces it; one set after it scrolled away cannot (the terminal has printed it).
 */
export class HeaderSlot {
	private shown: Component;

	constructor(
		private readonly transcript: Container,
		private readonly builtIn: Component,
	) {
		this.shown = builtIn;
	}

	/** Shows `component` (or pi's header with none); false when the header is in scrollback already. */
	show(component: Component | undefined): boolean {
		if (this.transcript.committedChildren > 0) return false;
		const next = component ?? this.builtIn;
		if (next === this.shown) return true;
		this.transcript.removeChild(this.shown);
		this.transcript.insertChild(0, markFinal(next));
		this.shown = next;
		return true;
	}
}
