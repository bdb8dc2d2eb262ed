/**
 * Ctrl+Z: suspends pi like any terminal program. The terminal is restored first (raw mode off, cursor shown), then
 * the process group gets SIGTSTP so the shell takes over; on SIGCONT (`fg`) the TUI starts again and draws itself
 * afresh. Without job control (Windows, or pi leading its own session, where the kernel discards SIGTSTP) pi stays
 * and says so instead of leaving a stopped UI behind.
 */
import { readFileSync } from "node:fs";

/** What suspending acts on (the TUI, and the notice when it cannot). */
export interface SuspendTarget {
	/** Restores the terminal (the TUI stops drawing). */
	stop(): void;
	/** Takes the terminal again and draws the whole screen. */
	resume(): void;
	/** Suspending is not possible here. */
	unavailable(): void;
}

/**
 * Whether a SIGTSTP would stop this process: not on Windows, and not when pi leads its own session (its process
 * group is then orphaned and the kernel discards the signal). Read from /proc where there is one.
 */
export function canSuspend(): boolean {
	if (process.platform === "win32") return false;
	try {
		// Fields after the command name (which may contain spaces): state, ppid, pgrp, session, ...
		const stat = readFileSync("/proc/self/stat", "utf8");
		const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		return Number(fields[3]) !== process.pid;
	} catch {
		return true;
	}
}

/** Suspends pi (see the module comment); returns at once, the resume runs on SIGCONT. */
export function suspend(target: SuspendTarget): void {
	if (!canSuspend()) {
		target.unavailable();
		return;
	}
	// A stopped TUI holds no handle: without this timer Node could exit while stopped, before SIGCONT arrives.
	const keepAlive = setInterval(() => {}, 2 ** 30);
	// Ctrl+C typed at the shell while pi is stopped belongs to the shell, not to pi.
	const ignoreInterrupt = () => {};
	process.on("SIGINT", ignoreInterrupt);
	const resume = () => {
		clearInterval(keepAlive);
		process.off("SIGINT", ignoreInterrupt);
		target.resume();
	};
	process.once("SIGCONT", resume);
	target.stop();
	try {
		// The whole process group, as the terminal's own Ctrl+Z would (children such as a running `!cmd` included).
		process.kill(0, "SIGTSTP");
	} catch {
		process.off("SIGCONT", resume);
		resume();
	}
}
