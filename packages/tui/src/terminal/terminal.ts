/**
 * The terminal as the TUI sees it: somewhere to write bytes, a size, and input already split into keys,
 * sequences and pastes. ProcessTerminal drives a real TTY; VirtualTerminal (tests) an xterm.js emulator.
 */
export interface Terminal {
	/** Writes raw bytes (text and escape sequences) to the terminal. */
	write(data: string): void;
	/** Width in columns. */
	readonly columns: number;
	/** Height in rows. */
	readonly rows: number;
	/**
	 * Starts the session (raw mode, protocols). `onInput` receives one key, escape sequence or bracketed paste
	 * per call; `onResize` is called after the size changed.
	 */
	start(onInput: (data: string) => void, onResize: () => void): void;
	/** Restores the terminal to how it was before `start` (raw mode, protocols, cursor). Safe to call twice. */
	stop(): void;
	/** Sets the window title. */
	setTitle(title: string): void;
	/** Shows the hardware cursor. */
	showCursor(): void;
	/** Hides the hardware cursor. */
	hideCursor(): void;
}

/** Escape sequences the terminals and the renderer write, in one place. */
export const TERMINAL_SEQUENCES = {
	syncStart: "\x1b[?2026h",
	syncEnd: "\x1b[?2026l",
	showCursor: "\x1b[?25h",
	hideCursor: "\x1b[?25l",
	bracketedPasteOn: "\x1b[?2004h",
	bracketedPasteOff: "\x1b[?2004l",
	/** Asks for the current Kitty keyboard flags; a terminal that speaks the protocol answers `CSI ? flags u`. */
	kittyQuery: "\x1b[?u",
	/** Pushes Kitty flags 1|2|4: disambiguate escape codes, report event types, report alternate keys. */
	kittyPush: "\x1b[>7u",
	kittyPop: "\x1b[<u",
	/** Primary device attributes: every terminal answers, so its reply ends the wait for the Kitty answer. */
	deviceAttributesQuery: "\x1b[c",
	modifyOtherKeysOn: "\x1b[>4;2m",
	modifyOtherKeysOff: "\x1b[>4;0m",
	resetStyle: "\x1b[0m",
	setTitle: (title: string) => `\x1b]0;${title.replace(/[\x00-\x1f\x7f]/g, "")}\x07`,
} as const;
