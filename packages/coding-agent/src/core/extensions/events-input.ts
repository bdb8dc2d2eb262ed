/**
 * Extension events about what the user types before it reaches the agent: `!command` shell runs (`user_bash`) and
 * prompts (`input`), with what a handler may return. Re-exported by events.ts, which maps names to these types.
 */
import type { ImageContent } from "@pi/ai";
import type { BashResult } from "../../tools/bash-executor.js";

/** How an `operations` result of `user_bash` runs a command (the original's BashOperations). */
export interface BashOperations {
	exec(
		command: string,
		cwd: string,
		options: { onData: (data: Buffer) => void; signal?: AbortSignal; timeout?: number; env?: NodeJS.ProcessEnv },
	): Promise<{ exitCode: number | null }>;
}

/** The user ran `!command` (or `!!command`, kept out of the context). */
export interface UserBashEvent {
	type: "user_bash";
	command: string;
	excludeFromContext: boolean;
	cwd: string;
}

/** Either run the command through `operations`, or supply the whole `result`. The first handler that returns one wins. */
export interface UserBashEventResult {
	operations?: BashOperations;
	result?: BashResult;
}

/** Where a prompt came from: typed in the TUI, sent by an RPC client or SDK caller, or by an extension. */
export type InputSource = "interactive" | "rpc" | "extension";

/** A prompt before template and skill expansion (extension commands are checked before it). */
export interface InputEvent {
	type: "input";
	text: string;
	images?: ImageContent[];
	source: InputSource;
	/** How the prompt is delivered while the agent works; absent when idle. */
	streamingBehavior?: "steer" | "followUp";
}

/**
 * What an `input` handler may return: the original's `{action}` results, or the older `{text?, images?}` (same as
 * transform) and `{handled: true}` (same as handled). Transforms chain; the first `handled` wins.
 */
export type InputEventResult =
	| { action: "continue" }
	| { action: "transform"; text: string; images?: ImageContent[] }
	| { action: "handled" }
	| { text?: string; images?: ImageContent[] }
	| { handled: true };

/** @deprecated Use {@link InputEventResult}. */
export type InputHookResult = InputEventResult;
