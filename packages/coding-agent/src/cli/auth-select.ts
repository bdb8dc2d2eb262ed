/**
 * A sign-in flow's choice (`onSelect`: the Codex login method, an extension's options) in `pi auth login` on a
 * terminal: the options as a list with the highlighted one marked, ↑/↓ move, Enter picks, a number picks at once,
 * Esc or Ctrl+C cancels the sign-in. The terminal is in raw mode only while the list is shown. On a pipe the
 * numbered question of core/auth/select-prompt.ts is asked instead (auth-login.ts decides).
 */
import type { OAuthSelectPrompt } from "@pi/ai";

export const AUTH_SELECT_TEXT = {
	hint: "↑↓ move · enter select · esc cancel",
	marker: "→ ",
	blank: "  ",
} as const;

const UP = ["\x1b[A", "\x1bOA", "k"];
const DOWN = ["\x1b[B", "\x1bOB", "j"];
const CANCEL = ["\x1b", "\x03", "\x04"];

/** The rows of the list with `index` highlighted. */
export function selectListRows(prompt: OAuthSelectPrompt, index: number): string[] {
	return prompt.options.map(
		(option, at) => `  ${at === index ? AUTH_SELECT_TEXT.marker : AUTH_SELECT_TEXT.blank}${option.label}`,
	);
}

/**
 * Shows the list on `output` and resolves with the picked option's id; undefined when cancelled (Esc, Ctrl+C) or
 * when `signal` fires. `stdin` must be a terminal.
 */
export function chooseOnTerminal(
	stdin: NodeJS.ReadStream,
	output: NodeJS.WritableStream,
	prompt: OAuthSelectPrompt,
	signal?: AbortSignal,
): Promise<string | undefined> {
	if (signal?.aborted || prompt.options.length === 0) return Promise.resolve(undefined);
	let index = 0;
	output.write(`${prompt.message}\n${selectListRows(prompt, index).join("\n")}\n${AUTH_SELECT_TEXT.hint}\n`);
	// Rewrites the rows in place: up over the hint and the options, each row cleared before it is written again.
	const redraw = () => {
		const rows = selectListRows(prompt, index);
		output.write(`\x1b[${rows.length + 1}A${rows.map((row) => `\r\x1b[2K${row}\n`).join("")}\x1b[1B`);
	};
	stdin.setRawMode(true);
	stdin.resume();
	return new Promise((resolve) => {
		const finish = (id: string | undefined) => {
			stdin.off("data", onData);
			signal?.removeEventListener("abort", onAbort);
			stdin.setRawMode(false);
			stdin.pause();
			resolve(id);
		};
		const onAbort = () => finish(undefined);
		const onData = (data: Buffer | string) => {
			const key = data.toString();
			const count = prompt.options.length;
			if (key === "\r" || key === "\n") return finish(prompt.options[index]?.id);
			if (CANCEL.includes(key)) return finish(undefined);
			if (/^[1-9]$/.test(key) && Number(key) <= count) return finish(prompt.options[Number(key) - 1]?.id);
			if (UP.includes(key)) index = (index + count - 1) % count;
			else if (DOWN.includes(key)) index = (index + 1) % count;
			else return;
			redraw();
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		stdin.on("data", onData);
	});
}
