/**
 * Key parsing and matching. Input arrives as raw terminal data (one key or escape sequence per call, as split by
 * the stdin buffer) in any of three encodings: legacy VT/xterm bytes, the Kitty keyboard protocol (`CSI code;mods u`,
 * also with event types) and xterm modifyOtherKeys (`CSI 27;mod;code ~`). `parseKey` turns all of them into one
 * `KeyEvent` with a canonical id such as "ctrl+shift+p", so components compare ids and never bytes.
 */
import {
	CODEPOINT_KEYS,
	KEY_NAME_ALIASES,
	KITTY_FUNCTIONAL_KEYS,
	LETTER_FINAL_KEYS,
	MODIFIER_BITS,
	RXVT_ARROW_KEYS,
	TILDE_KEYS,
} from "./key-tables.js";

/** Whether a key went down, auto-repeats or went up (only the Kitty protocol reports repeat and release). */
export type KeyEventType = "press" | "repeat" | "release";

/** One decoded key. */
export interface KeyEvent {
	/** Canonical id: modifiers in the order ctrl, alt, shift, super, then the name, e.g. "ctrl+shift+p", "enter". */
	id: string;
	/** Key name without modifiers: "a", "enter", "pageUp", "f5", "/". Letters are lower case. */
	name: string;
	ctrl: boolean;
	alt: boolean;
	shift: boolean;
	super: boolean;
	eventType: KeyEventType;
	/** The text the key inserts, for printable keys without ctrl/alt/super ("A" for shift+a). */
	text?: string;
	/** Other ids the same bytes mean in the legacy encoding ("\t" is also "ctrl+i", "\x08" is also "ctrl+backspace"). */
	aliases?: string[];
}

interface Modifiers {
	ctrl: boolean;
	alt: boolean;
	shift: boolean;
	super: boolean;
}

const NO_MODIFIERS: Modifiers = { ctrl: false, alt: false, shift: false, super: false };
const ESC = "\x1b";
const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/** Decodes the xterm/Kitty modifier parameter (1 + bit mask). Kitty's meta bit counts as alt, lock bits are ignored. */
function decodeModifiers(param: number): Modifiers {
	const bits = Math.max(0, (Number.isFinite(param) ? param : 1) - 1);
	return {
		shift: (bits & MODIFIER_BITS.shift) !== 0,
		alt: (bits & (MODIFIER_BITS.alt | MODIFIER_BITS.meta)) !== 0,
		ctrl: (bits & MODIFIER_BITS.ctrl) !== 0,
		super: (bits & MODIFIER_BITS.super) !== 0,
	};
}

function buildId(name: string, mods: Modifiers): string {
	const parts: string[] = [];
	if (mods.ctrl) parts.push("ctrl");
	if (mods.alt) parts.push("alt");
	if (mods.shift) parts.push("shift");
	if (mods.super) parts.push("super");
	parts.push(name);
	return parts.join("+");
}

function makeEvent(
	name: string,
	mods: Modifiers,
	options: { eventType?: KeyEventType; text?: string; aliases?: string[] } = {},
): KeyEvent {
	const event: KeyEvent = { id: buildId(name, mods), name, ...mods, eventType: options.eventType ?? "press" };
	if (options.text !== undefined) event.text = options.text;
	if (options.aliases && options.aliases.length > 0) event.aliases = options.aliases;
	return event;
}

function isUpperAsciiLetter(ch: string): boolean {
	return ch.length === 1 && ch >= "A" && ch <= "Z";
}

/** A key identified by a Unicode code point (Kitty, modifyOtherKeys): named keys, letters, other characters. */
function eventFromCodepoint(
	code: number,
	mods: Modifiers,
	eventType: KeyEventType,
	shiftedCode?: number,
	textCodes?: number[],
): KeyEvent | undefined {
	const functional = KITTY_FUNCTIONAL_KEYS[code];
	const named = CODEPOINT_KEYS[code];
	let name: string;
	let effectiveMods = mods;
	if (functional !== undefined) name = functional;
	else if (named !== undefined) name = named;
	else {
		if (!Number.isInteger(code) || code < 0 || code > 0x10ffff) return undefined;
		const ch = String.fromCodePoint(code);
		// modifyOtherKeys reports ctrl+shift+p as the shifted character "P"; keep one spelling: shift+p.
		if (isUpperAsciiLetter(ch)) {
			name = ch.toLowerCase();
			effectiveMods = { ...mods, shift: true };
		} else name = ch;
	}
	let text: string | undefined;
	const printable = name === "space" || (name.length >= 1 && functional === undefined && named === undefined);
	if (textCodes && textCodes.length > 0) text = String.fromCodePoint(...textCodes);
	else if (printable && !effectiveMods.ctrl && !effectiveMods.alt && !effectiveMods.super) {
		if (name === "space") text = " ";
		else if (effectiveMods.shift) text = shiftedCode ? String.fromCodePoint(shiftedCode) : name.toUpperCase();
		else text = name;
	}
	return makeEvent(name, effectiveMods, { eventType, text });
}

function decodeEventType(value: string | undefined): KeyEventType {
	if (value === "2") return "repeat";
	if (value === "3") return "release";
	return "press";
}

/** Parses `ESC [ params final` (params may hold Kitty's colon sub-fields). */
function parseCsi(body: string, final: string): KeyEvent | undefined {
	if (body.startsWith("?") || body.startsWith("<") || body.startsWith(">")) return undefined; // reports, mouse
	const params = body === "" ? [] : body.split(";").map((p) => p.split(":"));
	const num = (i: number, j = 0, fallback = 1): number => {
		const raw = params[i]?.[j];
		return raw === undefined || raw === "" ? fallback : Number(raw);
	};
	const mods = decodeModifiers(num(1));
	const eventType = decodeEventType(params[1]?.[1]);

	if (final === "u") {
		const code = num(0, 0, Number.NaN);
		if (!Number.isFinite(code)) return undefined;
		const shifted = params[0]?.[1] ? Number(params[0][1]) : undefined;
		const textCodes = params[2]?.filter((t) => t !== "").map(Number);
		return eventFromCodepoint(code, mods, eventType, shifted, textCodes);
	}
	if (final === "~") {
		const code = num(0, 0, Number.NaN);
		if (code === 27 && params.length >= 3) {
			// xterm modifyOtherKeys: CSI 27 ; mod ; code ~
			return eventFromCodepoint(num(2, 0, Number.NaN), decodeModifiers(num(1)), "press");
		}
		const name = TILDE_KEYS[code];
		return name ? makeEvent(name, mods, { eventType }) : undefined;
	}
	// rxvt: CSI n $ is shift, CSI n ^ ctrl, CSI n @ ctrl+shift.
	if (final === "$" || final === "^" || final === "@") {
		const name = TILDE_KEYS[num(0, 0, Number.NaN)];
		if (!name) return undefined;
		return makeEvent(name, { ...NO_MODIFIERS, shift: final !== "^", ctrl: final !== "$" });
	}
	if (final === "Z") return makeEvent("tab", { ...mods, shift: true }, { eventType });
	const rxvt = RXVT_ARROW_KEYS[final];
	if (rxvt && body === "") return makeEvent(rxvt, { ...NO_MODIFIERS, shift: true });
	const letter = LETTER_FINAL_KEYS[final];
	if (letter && final !== "M") return makeEvent(letter, mods, { eventType });
	return undefined;
}

/** Parses `ESC O [mod] final` (application cursor keys, F1-F4, keypad enter). */
function parseSs3(body: string, final: string): KeyEvent | undefined {
	const mods = body === "" ? NO_MODIFIERS : decodeModifiers(Number(body));
	const rxvt = RXVT_ARROW_KEYS[final];
	if (rxvt && body === "") return makeEvent(rxvt, { ...NO_MODIFIERS, ctrl: true });
	const name = LETTER_FINAL_KEYS[final];
	return name ? makeEvent(name, mods) : undefined;
}

/** A single control byte or printable character without escape prefix. */
function parseSingle(data: string): KeyEvent | undefined {
	const code = data.codePointAt(0)!;
	if (data.length !== String.fromCodePoint(code).length) return parsePrintableCluster(data);
	switch (code) {
		case 0x0d:
			return makeEvent("enter", NO_MODIFIERS, { aliases: ["ctrl+m"] });
		case 0x09:
			return makeEvent("tab", NO_MODIFIERS, { aliases: ["ctrl+i"] });
		case 0x1b:
			return makeEvent("escape", NO_MODIFIERS, { aliases: ["ctrl+["] });
		case 0x7f:
			return makeEvent("backspace", NO_MODIFIERS);
		case 0x08:
			// Some terminals send BS for ctrl+backspace, Windows consoles for plain backspace.
			return makeEvent("h", { ...NO_MODIFIERS, ctrl: true }, { aliases: ["ctrl+backspace", "backspace"] });
		case 0x00:
			return makeEvent("space", { ...NO_MODIFIERS, ctrl: true }, { aliases: ["ctrl+@"] });
		case 0x20:
			return makeEvent("space", NO_MODIFIERS, { text: " " });
	}
	if (code >= 0x01 && code <= 0x1a) {
		return makeEvent(String.fromCharCode(code + 0x60), { ...NO_MODIFIERS, ctrl: true });
	}
	if (code >= 0x1c && code <= 0x1f) {
		return makeEvent(String.fromCharCode(code + 0x40), { ...NO_MODIFIERS, ctrl: true });
	}
	if (code < 0x20) return undefined;
	return parsePrintableCluster(data);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function parsePrintableCluster(data: string): KeyEvent | undefined {
	if (/[\x00-\x1f\x7f]/.test(data)) return undefined;
	const iterator = graphemes.segment(data)[Symbol.iterator]();
	iterator.next();
	if (!iterator.next().done) return undefined; // several characters: typed text, not one key
	if (isUpperAsciiLetter(data)) return makeEvent(data.toLowerCase(), { ...NO_MODIFIERS, shift: true }, { text: data });
	return makeEvent(data, NO_MODIFIERS, { text: data });
}

function withAlt(event: KeyEvent | undefined): KeyEvent | undefined {
	if (!event) return undefined;
	const mods: Modifiers = { ctrl: event.ctrl, alt: true, shift: event.shift, super: event.super };
	const aliases = event.aliases
		?.map((alias) => normalizeKeyId(`alt+${alias}`))
		.filter((a): a is string => a !== undefined);
	return makeEvent(event.name, mods, { eventType: event.eventType, aliases });
}

/**
 * Decodes one key from raw terminal data (one key or sequence, as the stdin buffer splits it). Returns undefined
 * for data that is not a key: pastes, mouse reports, terminal replies, unknown sequences, several characters.
 */
export function parseKey(data: string): KeyEvent | undefined {
	if (data.length === 0 || data.startsWith(PASTE_START)) return undefined;
	if (!data.startsWith(ESC) || data === ESC) return parseSingle(data);

	const rest = data.slice(1);
	if (rest.length > 1 && (rest.startsWith("[") || rest.startsWith("O"))) {
		const match = /^([[O])([\x30-\x3f]*)([\x20-\x2f]*)([\x40-\x7e$^])$/.exec(rest);
		if (!match) return undefined;
		const [, introducer, body, intermediates, final] = match;
		if (intermediates !== "") return undefined;
		return introducer === "[" ? parseCsi(body!, final!) : parseSs3(body!, final!);
	}
	// ESC followed by a key: the legacy encoding of alt (ESC ESC [A is alt+up in some terminals).
	if (rest.startsWith(ESC)) return rest === ESC ? withAlt(parseSingle(ESC)) : withAlt(parseKey(rest));
	const single = parseSingle(rest);
	if (!single) return undefined;
	return withAlt(single);
}

/**
 * Normalizes a key id ("Shift+Ctrl+P", "ctrl+pageup", "A", "meta+b", "Ctrl+S") to the canonical form parseKey
 * produces ("ctrl+shift+p", "ctrl+pageUp", "shift+a", "alt+b", "ctrl+s"). A bare upper-case letter means
 * shift+letter; with modifiers, letter case is ignored (write "shift" explicitly). Returns undefined for an id with no key name.
 */
export function normalizeKeyId(key: string): string | undefined {
	const trimmed = key.trim();
	if (trimmed === "") return undefined;
	// A trailing "+" is the plus key itself ("ctrl++").
	const parts = trimmed.endsWith("++") ? [...trimmed.slice(0, -2).split("+"), "+"] : trimmed.split("+");
	const rawName = parts.pop()!;
	if (rawName === "") return undefined;
	const mods: Modifiers = { ...NO_MODIFIERS };
	for (const part of parts) {
		const mod = part.toLowerCase();
		if (mod === "ctrl" || mod === "control") mods.ctrl = true;
		else if (mod === "alt" || mod === "meta" || mod === "option" || mod === "opt") mods.alt = true;
		else if (mod === "shift") mods.shift = true;
		else if (mod === "super" || mod === "cmd" || mod === "command") mods.super = true;
		else return undefined;
	}
	let name = KEY_NAME_ALIASES[rawName.toLowerCase()];
	if (name === undefined) {
		if (/^f\d{1,2}$/i.test(rawName)) name = rawName.toLowerCase();
		else if ([...rawName].length !== 1) return undefined;
		else if (isUpperAsciiLetter(rawName)) {
			// A bare "A" is the shifted key; with modifiers ("Ctrl+S") letter case is just spelling.
			name = rawName.toLowerCase();
			if (parts.length === 0) mods.shift = true;
		} else name = rawName;
	}
	if (name === " ") name = "space";
	return buildId(name, mods);
}

/**
 * Whether `data` is a press (or auto-repeat) of `key`, a key id such as "enter", "shift+tab", "ctrl+c",
 * "alt+backspace" or "ctrl+shift+p" (modifier order and case do not matter). Key releases never match.
 */
export function matchesKey(data: string, key: string): boolean {
	const event = parseKey(data);
	if (!event || event.eventType === "release") return false;
	const wanted = normalizeKeyId(key);
	if (wanted === undefined) return false;
	return event.id === wanted || (event.aliases?.includes(wanted) ?? false);
}

/** Whether `data` is a Kitty key-release report (the TUI drops these before components see them). */
export function isKeyRelease(data: string): boolean {
	return data.startsWith("\x1b[") && parseKey(data)?.eventType === "release";
}

/** The pasted text if `data` is a bracketed paste (`ESC[200~ ... ESC[201~`), else undefined. */
export function parsePaste(data: string): string | undefined {
	if (!data.startsWith(PASTE_START)) return undefined;
	const end = data.endsWith(PASTE_END) ? data.length - PASTE_END.length : data.length;
	return data.slice(PASTE_START.length, end);
}

/** Wraps text as a bracketed paste, the form the TUI hands pastes to components in. */
export function formatPaste(text: string): string {
	return PASTE_START + text + PASTE_END;
}
