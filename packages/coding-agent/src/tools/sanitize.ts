/**
 * Streaming sanitiser for command output (tools.md §3.2): UTF-8 decoded across chunk boundaries (invalid bytes
 * become U+FFFD), ANSI escape sequences removed (CSI, OSC and other string sequences, two-character ESC
 * sequences), `\r` removed, other control characters except `\t` and `\n` removed. An escape sequence split
 * across chunks is still removed whole.
 */

const ESC = 0x1b;
const BEL = 0x07;

type State =
	| "text"
	/** After ESC. */
	| "escape"
	/** ESC followed by intermediate bytes (0x20–0x2F), waiting for the final byte. */
	| "escapeIntermediate"
	/** Inside `ESC [ … final`. */
	| "csi"
	/** Inside OSC/DCS/SOS/PM/APC, terminated by BEL or ESC \. */
	| "string"
	/** ESC seen inside a string sequence (possible ST). */
	| "stringEscape";

function isDroppedControl(code: number): boolean {
	// C0 except tab and newline, DEL, and C1 controls.
	return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f || (code >= 0x80 && code <= 0x9f);
}

/** Stateful sanitiser: feed raw chunks with {@link OutputSanitizer.write}, then call {@link OutputSanitizer.end}. */
export class OutputSanitizer {
	private readonly decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
	private state: State = "text";

	/** Sanitises the next raw chunk; returns the clean text it completes (possibly empty). */
	write(chunk: Uint8Array): string {
		return this.clean(this.decoder.decode(chunk, { stream: true }));
	}

	/** Flushes a trailing incomplete UTF-8 sequence (as U+FFFD). */
	end(): string {
		return this.clean(this.decoder.decode());
	}

	private clean(text: string): string {
		let out = "";
		let runStart = -1;
		for (let i = 0; i < text.length; i++) {
			const code = text.charCodeAt(i);
			if (this.state === "text") {
				if (code === ESC || isDroppedControl(code)) {
					if (runStart >= 0) {
						out += text.slice(runStart, i);
						runStart = -1;
					}
					if (code === ESC) this.state = "escape";
					continue;
				}
				if (runStart < 0) runStart = i;
				continue;
			}
			this.step(code);
		}
		if (runStart >= 0) out += text.slice(runStart);
		return out;
	}

	private step(code: number): void {
		switch (this.state) {
			case "escape":
				if (code === 0x5b) this.state = "csi";
				else if (code === 0x5d || code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f)
					this.state = "string";
				else if (code >= 0x20 && code <= 0x2f) this.state = "escapeIntermediate";
				else if (code === ESC) this.state = "escape";
				else this.state = "text";
				return;
			case "escapeIntermediate":
				if (code < 0x20 || code > 0x2f) this.state = "text";
				return;
			case "csi":
				// Parameter and intermediate bytes continue the sequence; a final byte (0x40–0x7E) ends it.
				if (code >= 0x40 && code <= 0x7e) this.state = "text";
				else if (code < 0x20 || code > 0x3f) {
					if (code === ESC) this.state = "escape";
					else if (!(code >= 0x20 && code <= 0x2f)) this.state = "text";
				}
				return;
			case "string":
				if (code === BEL) this.state = "text";
				else if (code === ESC) this.state = "stringEscape";
				return;
			case "stringEscape":
				this.state = code === 0x5c ? "text" : code === ESC ? "stringEscape" : "string";
				return;
			default:
				return;
		}
	}
}
