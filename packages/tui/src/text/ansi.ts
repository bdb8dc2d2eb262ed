/**
 * ANSI escape sequence scanning and SGR/hyperlink state tracking. Everything in @pi/tui that measures or cuts
 * styled text goes through these helpers, so a style opened on one row can be re-opened on the next.
 */

const ESC = 0x1b;
const BEL = 0x07;

/**
 * Length of the escape sequence starting at `index` in `text`, or 0 when there is none. Recognises CSI
 * (`ESC [ … final`), OSC/DCS/APC/PM/SOS strings (terminated by BEL or `ESC \`) and two-byte escapes.
 */
export function ansiSequenceLength(text: string, index: number): number {
	if (text.charCodeAt(index) !== ESC) return 0;
	const kind = text.charCodeAt(index + 1);
	if (Number.isNaN(kind)) return 1;
	// CSI: parameters and intermediates (0x20-0x3f), then one final byte (0x40-0x7e).
	if (kind === 0x5b) {
		let i = index + 2;
		while (i < text.length) {
			const code = text.charCodeAt(i);
			if (code >= 0x40 && code <= 0x7e) return i - index + 1;
			if (code < 0x20 || code > 0x3f) return i - index;
			i++;
		}
		return text.length - index;
	}
	// String sequences: OSC (]), DCS (P), SOS (X), PM (^), APC (_).
	if (kind === 0x5d || kind === 0x50 || kind === 0x58 || kind === 0x5e || kind === 0x5f) {
		let i = index + 2;
		while (i < text.length) {
			const code = text.charCodeAt(i);
			if (code === BEL) return i - index + 1;
			if (code === ESC && text.charCodeAt(i + 1) === 0x5c) return i - index + 2;
			i++;
		}
		return text.length - index;
	}
	return 2;
}

/** Removes every ANSI escape sequence (styles, hyperlinks, cursor markers) from `text`. */
export function stripAnsi(text: string): string {
	if (!text.includes("\x1b")) return text;
	let out = "";
	let i = 0;
	while (i < text.length) {
		const escapeAt = text.indexOf("\x1b", i);
		if (escapeAt === -1) {
			out += text.slice(i);
			break;
		}
		out += text.slice(i, escapeAt);
		i = escapeAt + Math.max(1, ansiSequenceLength(text, escapeAt));
	}
	return out;
}

/** A piece of text: either one escape sequence or a run of printable characters without escapes. */
export interface AnsiPart {
	ansi: boolean;
	text: string;
}

/** Splits `text` into escape sequences and the plain runs between them, in order. */
export function splitAnsi(text: string): AnsiPart[] {
	const parts: AnsiPart[] = [];
	let i = 0;
	while (i < text.length) {
		const escapeAt = text.indexOf("\x1b", i);
		if (escapeAt === -1) {
			parts.push({ ansi: false, text: text.slice(i) });
			break;
		}
		if (escapeAt > i) parts.push({ ansi: false, text: text.slice(i, escapeAt) });
		const length = Math.max(1, ansiSequenceLength(text, escapeAt));
		parts.push({ ansi: true, text: text.slice(escapeAt, escapeAt + length) });
		i = escapeAt + length;
	}
	return parts;
}

/** SGR attribute slots: a new code in a slot replaces the old one; the value is the code that turns it off. */
const SLOT_OFF: Record<string, string> = {
	intensity: "22",
	italic: "23",
	underline: "24",
	blink: "25",
	inverse: "27",
	hidden: "28",
	strike: "29",
	fg: "39",
	bg: "49",
	overline: "55",
	underlineColor: "59",
};

/** Slot for a simple SGR code, or "reset"/"off:<slot>" for codes that end attributes. */
function slotForCode(code: number): string | undefined {
	if (code === 1 || code === 2) return "intensity";
	if (code === 3) return "italic";
	if (code === 4 || code === 21) return "underline";
	if (code === 5 || code === 6) return "blink";
	if (code === 7) return "inverse";
	if (code === 8) return "hidden";
	if (code === 9) return "strike";
	if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) return "fg";
	if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) return "bg";
	if (code === 53) return "overline";
	return undefined;
}

const OFF_CODES: Record<number, string[]> = {
	22: ["intensity"],
	23: ["italic"],
	24: ["underline"],
	25: ["blink"],
	27: ["inverse"],
	28: ["hidden"],
	29: ["strike"],
	39: ["fg"],
	49: ["bg"],
	55: ["overline"],
	59: ["underlineColor"],
};

const OSC8_CLOSE = "\x1b]8;;\x1b\\";

/**
 * Tracks which SGR attributes and which OSC-8 hyperlink are active while walking styled text, so a cut can
 * close them at the end of a row and re-open them at the start of the next.
 */
export class AnsiStyleState {
	private readonly slots = new Map<string, string>();
	private link: string | undefined;

	/** Feeds one escape sequence; sequences other than SGR and OSC-8 are ignored. */
	apply(sequence: string): void {
		if (sequence.startsWith("\x1b[") && sequence.endsWith("m")) {
			this.applySgr(sequence.slice(2, -1));
		} else if (sequence.startsWith("\x1b]8;")) {
			const body = sequence.slice(4).replace(/(\x07|\x1b\\)$/, "");
			const separator = body.indexOf(";");
			const uri = separator === -1 ? "" : body.slice(separator + 1);
			this.link = uri === "" ? undefined : sequence;
		}
	}

	/** Feeds every escape sequence found in `text`. */
	applyText(text: string): void {
		for (const part of splitAnsi(text)) if (part.ansi) this.apply(part.text);
	}

	/** True when any style or hyperlink is active. */
	get active(): boolean {
		return this.slots.size > 0 || this.link !== undefined;
	}

	/** Escape sequences that re-establish the current state on a fresh row ("" when nothing is active). */
	open(): string {
		let out = "";
		if (this.slots.size > 0) out += `\x1b[${[...this.slots.values()].join(";")}m`;
		if (this.link) out += this.link;
		return out;
	}

	/** Escape sequences that end the current state without touching anything else ("" when nothing is active). */
	close(): string {
		let out = "";
		if (this.slots.size > 0) out += `\x1b[${[...this.slots.keys()].map((slot) => SLOT_OFF[slot]).join(";")}m`;
		if (this.link) out += OSC8_CLOSE;
		return out;
	}

	/** A copy, for looking ahead without losing the current state. */
	clone(): AnsiStyleState {
		const copy = new AnsiStyleState();
		for (const [slot, code] of this.slots) copy.slots.set(slot, code);
		copy.link = this.link;
		return copy;
	}

	private applySgr(params: string): void {
		if (params === "") {
			this.slots.clear();
			return;
		}
		const codes = params.split(";");
		for (let i = 0; i < codes.length; i++) {
			const raw = codes[i]!;
			// Colon sub-parameters (e.g. 4:3 curly underline, 38:2::r:g:b) stay attached to their code.
			const [head] = raw.split(":");
			const code = Number(head === "" ? 0 : head);
			if (code === 0) {
				this.slots.clear();
			} else if (code === 38 || code === 48 || code === 58) {
				const slot = code === 38 ? "fg" : code === 48 ? "bg" : "underlineColor";
				if (raw.includes(":")) {
					this.slots.set(slot, raw);
				} else {
					const mode = codes[i + 1];
					const take = mode === "5" ? 2 : mode === "2" ? 4 : 0;
					this.slots.set(slot, codes.slice(i, i + 1 + take).join(";"));
					i += take;
				}
			} else if (code === 4 && raw.includes(":") && raw.endsWith(":0")) {
				this.slots.delete("underline");
			} else if (OFF_CODES[code]) {
				for (const slot of OFF_CODES[code]) this.slots.delete(slot);
			} else {
				const slot = slotForCode(code);
				if (!slot) continue;
				// Bold and dim share one "off" code (22) but can be combined, so keep both codes in one slot.
				if (slot === "intensity" && this.slots.has("intensity")) {
					const existing = this.slots.get("intensity")!;
					if (!existing.split(";").includes(raw)) this.slots.set(slot, `${existing};${raw}`);
				} else {
					this.slots.set(slot, raw);
				}
			}
		}
	}
}
