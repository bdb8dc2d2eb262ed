/**
 * The Terminal of a real TTY (process.stdin/stdout). Starting it switches to raw mode, turns on bracketed paste
 * and negotiates the keyboard protocol: it asks for the Kitty keyboard flags followed by a device-attributes
 * query; a Kitty reply arriving before the device-attributes reply means the protocol is supported and gets
 * enabled, otherwise xterm modifyOtherKeys is enabled as the fallback (both make shift+enter and friends
 * distinguishable). Stopping restores everything, and so do exit, a crash and SIGINT/SIGTERM/SIGHUP, so a dying
 * process never leaves the shell in raw mode without a cursor.
 */
import { StdinBuffer } from "../input/stdin-buffer.js";
import { TERMINAL_SEQUENCES, type Terminal } from "./terminal.js";

const KITTY_FLAGS_REPLY = /^\x1b\[\?\d*u$/;
const DEVICE_ATTRIBUTES_REPLY = /^\x1b\[\?[\d;]*c$/;
const RESTORE_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Options of a ProcessTerminal. */
export interface ProcessTerminalOptions {
	stdin?: NodeJS.ReadStream;
	stdout?: NodeJS.WriteStream;
	/** Negotiate the Kitty keyboard protocol / modifyOtherKeys (default true). */
	enhancedKeyboard?: boolean;
	/** Restore the terminal on exit, crash and SIGINT/SIGTERM/SIGHUP (default true). */
	restoreOnExit?: boolean;
}

/** Which keyboard protocol the terminal agreed to, once known. */
export type KeyboardProtocol = "pending" | "kitty" | "modifyOtherKeys" | "legacy";

/** A Terminal on the process's own TTY. */
export class ProcessTerminal implements Terminal {
	private readonly stdin: NodeJS.ReadStream;
	private readonly stdout: NodeJS.WriteStream;
	private readonly enhancedKeyboard: boolean;
	private readonly restoreOnExit: boolean;
	private active = false;
	private wasRaw = false;
	private buffer: StdinBuffer | undefined;
	private onInput: ((data: string) => void) | undefined;
	private onResize: (() => void) | undefined;
	/** The negotiated keyboard protocol. */
	keyboardProtocol: KeyboardProtocol = "legacy";

	private readonly handleData = (chunk: string | Buffer) => this.buffer?.push(chunk);
	private readonly handleResize = () => this.onResize?.();
	private readonly handleExit = () => this.stop();
	private readonly handleSignal = (signal: NodeJS.Signals) => {
		this.stop();
		// Die the way the signal would have killed us, now that the terminal is restored.
		process.kill(process.pid, signal);
	};

	constructor(options: ProcessTerminalOptions = {}) {
		this.stdin = options.stdin ?? process.stdin;
		this.stdout = options.stdout ?? process.stdout;
		this.enhancedKeyboard = options.enhancedKeyboard ?? true;
		this.restoreOnExit = options.restoreOnExit ?? true;
	}

	get columns(): number {
		return this.stdout.columns || 80;
	}

	get rows(): number {
		return this.stdout.rows || 24;
	}

	write(data: string): void {
		this.stdout.write(data);
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		if (this.active) return;
		this.active = true;
		this.onInput = onInput;
		this.onResize = onResize;
		this.buffer = new StdinBuffer((data) => this.route(data));
		if (this.stdin.isTTY) {
			this.wasRaw = this.stdin.isRaw;
			this.stdin.setRawMode(true);
		}
		this.stdin.setEncoding("utf8");
		this.stdin.on("data", this.handleData);
		this.stdin.resume();
		this.stdout.on("resize", this.handleResize);
		let setup = TERMINAL_SEQUENCES.bracketedPasteOn;
		if (this.enhancedKeyboard) {
			this.keyboardProtocol = "pending";
			setup += TERMINAL_SEQUENCES.kittyQuery + TERMINAL_SEQUENCES.deviceAttributesQuery;
		}
		this.write(setup);
		if (this.restoreOnExit) {
			process.on("exit", this.handleExit);
			// The monitor runs before Node's default crash handling without replacing it.
			process.on("uncaughtExceptionMonitor", this.handleExit);
			for (const signal of RESTORE_SIGNALS) process.once(signal, this.handleSignal);
		}
	}

	stop(): void {
		if (!this.active) return;
		this.active = false;
		let restore = TERMINAL_SEQUENCES.bracketedPasteOff + TERMINAL_SEQUENCES.resetStyle;
		if (this.keyboardProtocol === "kitty") restore += TERMINAL_SEQUENCES.kittyPop;
		if (this.keyboardProtocol === "modifyOtherKeys") restore += TERMINAL_SEQUENCES.modifyOtherKeysOff;
		restore += TERMINAL_SEQUENCES.showCursor;
		this.keyboardProtocol = "legacy";
		this.write(restore);
		this.buffer?.dispose();
		this.buffer = undefined;
		this.stdin.off("data", this.handleData);
		this.stdout.off("resize", this.handleResize);
		if (this.stdin.isTTY) this.stdin.setRawMode(this.wasRaw);
		this.stdin.pause();
		process.off("exit", this.handleExit);
		process.off("uncaughtExceptionMonitor", this.handleExit);
		for (const signal of RESTORE_SIGNALS) process.off(signal, this.handleSignal);
	}

	setTitle(title: string): void {
		this.write(TERMINAL_SEQUENCES.setTitle(title));
	}

	showCursor(): void {
		this.write(TERMINAL_SEQUENCES.showCursor);
	}

	hideCursor(): void {
		this.write(TERMINAL_SEQUENCES.hideCursor);
	}

	/** Consumes the replies to the keyboard-protocol queries; everything else goes to the TUI. */
	private route(data: string): void {
		if (this.keyboardProtocol === "pending") {
			if (KITTY_FLAGS_REPLY.test(data)) {
				this.keyboardProtocol = "kitty";
				this.write(TERMINAL_SEQUENCES.kittyPush);
				return;
			}
			if (DEVICE_ATTRIBUTES_REPLY.test(data)) {
				this.keyboardProtocol = "modifyOtherKeys";
				this.write(TERMINAL_SEQUENCES.modifyOtherKeysOn);
				return;
			}
		} else if (KITTY_FLAGS_REPLY.test(data) || DEVICE_ATTRIBUTES_REPLY.test(data)) {
			return; // a late reply (e.g. to the device-attributes query after Kitty answered)
		}
		this.onInput?.(data);
	}
}
