/**
 * Inline image escape sequences. Kitty graphics protocol: base64 PNG data sent in APC chunks of at most 4096
 * bytes (`m=1` on all but the last). iTerm2: one OSC 1337 `File=` sequence with the whole file.
 */

/** Which inline image protocol the terminal speaks. */
export type ImageProtocol = "kitty" | "iterm2" | "none";

const KITTY_CHUNK = 4096;

/**
 * Detects the image protocol from environment variables (passed in by the caller, e.g. `process.env`).
 * Inside tmux or screen, images are off: the multiplexer does not pass the sequences through.
 */
export function detectImageProtocol(env: Record<string, string | undefined>): ImageProtocol {
	if (env.TMUX || env.TERM?.startsWith("screen")) return "none";
	const program = env.TERM_PROGRAM?.toLowerCase() ?? "";
	if (env.KITTY_WINDOW_ID || env.TERM?.includes("kitty") || program === "ghostty" || env.GHOSTTY_RESOURCES_DIR) {
		return "kitty";
	}
	if (program === "wezterm") return "kitty";
	if (program === "iterm.app" || env.LC_TERMINAL === "iTerm2") return "iterm2";
	return "none";
}

/** Kitty sequence that displays a base64 PNG scaled to `columns` x `rows` cells, leaving the cursor in place. */
export function encodeKittyImage(base64Png: string, columns: number, rows: number): string {
	let out = "";
	for (let offset = 0; offset < base64Png.length || offset === 0; offset += KITTY_CHUNK) {
		const chunk = base64Png.slice(offset, offset + KITTY_CHUNK);
		const more = offset + KITTY_CHUNK < base64Png.length ? 1 : 0;
		// C=1: do not move the cursor, the renderer owns cursor movement. q=2: no replies on stdin.
		const control = offset === 0 ? `a=T,f=100,t=d,q=2,C=1,c=${columns},r=${rows},m=${more}` : `m=${more}`;
		out += `\x1b_G${control};${chunk}\x1b\\`;
		if (chunk.length === 0) break;
	}
	return out;
}

/** iTerm2 sequence that displays a base64 image file `columns` cells wide. */
export function encodeITerm2Image(base64: string, columns: number, byteLength: number): string {
	return `\x1b]1337;File=inline=1;size=${byteLength};width=${columns};height=auto;preserveAspectRatio=1:${base64}\x07`;
}
