/**
 * A Terminal backed by the xterm.js headless emulator, for tests: what the renderer writes is interpreted by a
 * real terminal emulator (scrolling, scrollback, wide characters, reflow), and tests read back the screen and the
 * scrollback as text. Needs the @xterm/headless dev dependency; not exported from the package entry point.
 */
import xtermHeadless from "@xterm/headless";
import { StdinBuffer } from "../input/stdin-buffer.js";
import { TERMINAL_SEQUENCES, type Terminal } from "./terminal.js";

const { Terminal: XtermTerminal } = xtermHeadless;

/** Options of a VirtualTerminal. */
export interface VirtualTerminalOptions {
	/** Scrollback rows kept by the emulator (default 10,000). */
	scrollback?: number;
}

/** An in-memory terminal emulator implementing Terminal. */
export class VirtualTerminal implements Terminal {
	readonly xterm: InstanceType<typeof XtermTerminal>;
	/** Every write, in order (tests inspect the bytes of each frame). */
	readonly writes: string[] = [];
	/** The last title set. */
	title = "";
	private pending: Promise<void>[] = [];
	private inputHandler: ((data: string) => void) | undefined;
	private resizeHandler: (() => void) | undefined;
	private readonly input = new StdinBuffer((data) => this.inputHandler?.(data));

	constructor(columns = 80, rows = 24, options: VirtualTerminalOptions = {}) {
		this.xterm = new XtermTerminal({
			cols: columns,
			rows,
			scrollback: options.scrollback ?? 10_000,
			allowProposedApi: true,
		});
	}

	get columns(): number {
		return this.xterm.cols;
	}

	get rows(): number {
		return this.xterm.rows;
	}

	write(data: string): void {
		this.writes.push(data);
		this.pending.push(new Promise((resolve) => this.xterm.write(data, resolve)));
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		this.inputHandler = onInput;
		this.resizeHandler = onResize;
	}

	stop(): void {
		this.inputHandler = undefined;
		this.resizeHandler = undefined;
		this.input.dispose();
	}

	setTitle(title: string): void {
		this.title = title;
		this.write(TERMINAL_SEQUENCES.setTitle(title));
	}

	showCursor(): void {
		this.write(TERMINAL_SEQUENCES.showCursor);
	}

	hideCursor(): void {
		this.write(TERMINAL_SEQUENCES.hideCursor);
	}

	/** Simulates typing: the data goes through the same key splitting as real stdin, delivered at once. */
	sendInput(data: string): void {
		this.input.push(data);
		this.input.flush();
	}

	/** Resizes the emulator (it reflows like a real terminal) and notifies the TUI. */
	resize(columns: number, rows: number): void {
		this.xterm.resize(columns, rows);
		this.resizeHandler?.();
	}

	/** Waits until the emulator has processed every write so far. */
	async flush(): Promise<void> {
		const pending = this.pending;
		this.pending = [];
		await Promise.all(pending);
	}

	/** The visible screen, one string per row, trailing spaces trimmed. */
	getViewport(): string[] {
		const buffer = this.xterm.buffer.active;
		return this.readLines(buffer.baseY, buffer.baseY + this.xterm.rows);
	}

	/** The rows that scrolled off the top of the screen, oldest first. */
	getScrollback(): string[] {
		return this.readLines(0, this.xterm.buffer.active.baseY);
	}

	/** Scrollback and screen together. */
	getBuffer(): string[] {
		const buffer = this.xterm.buffer.active;
		return this.readLines(0, buffer.baseY + this.xterm.rows);
	}

	/** Cursor position on the screen (0-based). */
	getCursor(): { row: number; column: number } {
		const buffer = this.xterm.buffer.active;
		return { row: buffer.cursorY, column: buffer.cursorX };
	}

	/** Frees the emulator. */
	dispose(): void {
		this.xterm.dispose();
	}

	private readLines(from: number, to: number): string[] {
		const buffer = this.xterm.buffer.active;
		const lines: string[] = [];
		for (let y = from; y < to; y++) lines.push(buffer.getLine(y)?.translateToString(true) ?? "");
		return lines;
	}
}
