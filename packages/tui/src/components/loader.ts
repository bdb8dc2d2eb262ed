/**
 * A spinner with a message. An interval advances the frame and asks the renderer for a new frame through
 * `requestRender`; `stop()` ends it (the interval never keeps the process alive on its own).
 */
import chalk from "chalk";
import type { Component } from "../component.js";
import { truncateToWidth } from "../text/truncate.js";
import type { StyleFn } from "./background.js";

export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] as const;

export interface LoaderOptions {
	/** Called after each frame change so the TUI re-renders. */
	requestRender: () => void;
	message?: string;
	frames?: readonly string[];
	/** Milliseconds per frame (default 80). */
	intervalMs?: number;
	spinnerStyle?: StyleFn;
	messageStyle?: StyleFn;
	/** Start spinning immediately (default true). */
	autoStart?: boolean;
}

export class Loader implements Component {
	private frame = 0;
	private timer: NodeJS.Timeout | undefined;
	private message: string;
	private readonly frames: readonly string[];

	constructor(private readonly options: LoaderOptions) {
		this.message = options.message ?? "";
		this.frames = options.frames && options.frames.length > 0 ? options.frames : SPINNER_FRAMES;
		if (options.autoStart !== false) this.start();
	}

	get running(): boolean {
		return this.timer !== undefined;
	}

	start(): void {
		if (this.timer) return;
		this.timer = setInterval(() => {
			this.frame = (this.frame + 1) % this.frames.length;
			this.options.requestRender();
		}, this.options.intervalMs ?? 80);
		this.timer.unref?.();
	}

	stop(): void {
		if (!this.timer) return;
		clearInterval(this.timer);
		this.timer = undefined;
	}

	setMessage(message: string): void {
		this.message = message;
		this.options.requestRender();
	}

	render(width: number): string[] {
		const spinner = (this.options.spinnerStyle ?? chalk.cyan)(this.frames[this.frame]!);
		const message = (this.options.messageStyle ?? chalk.dim)(this.message);
		return [truncateToWidth(this.message ? `${spinner} ${message}` : spinner, width)];
	}
}
