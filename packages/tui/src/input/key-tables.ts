/**
 * Byte-level tables of the three keyboard encodings terminals use: legacy (VT/xterm), the Kitty keyboard
 * protocol (CSI u) and xterm modifyOtherKeys (CSI 27;mod;code ~). Kept apart from the parser so a newcomer can
 * add a terminal's odd sequence in one place.
 */

/** Final byte of `CSI [1;mod] X` / `SS3 X` to key name (cursor keys, home/end, F1-F4, keypad enter). */
export const LETTER_FINAL_KEYS: Record<string, string> = {
	A: "up",
	B: "down",
	C: "right",
	D: "left",
	E: "clear",
	F: "end",
	H: "home",
	M: "enter",
	P: "f1",
	Q: "f2",
	R: "f3",
	S: "f4",
};

/** rxvt reports shift+arrow as `CSI a..d` and ctrl+arrow as `SS3 a..d`. */
export const RXVT_ARROW_KEYS: Record<string, string> = { a: "up", b: "down", c: "right", d: "left" };

/** Number of `CSI n ~` to key name. */
export const TILDE_KEYS: Record<number, string> = {
	1: "home",
	2: "insert",
	3: "delete",
	4: "end",
	5: "pageUp",
	6: "pageDown",
	7: "home",
	8: "end",
	11: "f1",
	12: "f2",
	13: "f3",
	14: "f4",
	15: "f5",
	17: "f6",
	18: "f7",
	19: "f8",
	20: "f9",
	21: "f10",
	23: "f11",
	24: "f12",
};

/** Code points with a key name instead of a character name (Kitty and modifyOtherKeys report these). */
export const CODEPOINT_KEYS: Record<number, string> = {
	8: "backspace",
	9: "tab",
	13: "enter",
	27: "escape",
	32: "space",
	127: "backspace",
};

/** Kitty's private-use code points for keypad and modifier keys (keys without a Unicode character). */
export const KITTY_FUNCTIONAL_KEYS: Record<number, string> = {
	57399: "0",
	57400: "1",
	57401: "2",
	57402: "3",
	57403: "4",
	57404: "5",
	57405: "6",
	57406: "7",
	57407: "8",
	57408: "9",
	57409: ".",
	57410: "/",
	57411: "*",
	57412: "-",
	57413: "+",
	57414: "enter",
	57415: "=",
	57417: "left",
	57418: "right",
	57419: "up",
	57420: "down",
	57421: "pageUp",
	57422: "pageDown",
	57423: "home",
	57424: "end",
	57425: "insert",
	57426: "delete",
	57441: "shiftKey",
	57442: "ctrlKey",
	57443: "altKey",
	57444: "superKey",
	57447: "shiftKey",
	57448: "ctrlKey",
	57449: "altKey",
	57450: "superKey",
};

/**
 * Key names accepted in key ids, by lower-case spelling. Lets users write "PageUp", "esc" or "return" in
 * keybindings.json and still match the canonical names.
 */
export const KEY_NAME_ALIASES: Record<string, string> = {
	enter: "enter",
	return: "enter",
	escape: "escape",
	esc: "escape",
	tab: "tab",
	backspace: "backspace",
	delete: "delete",
	del: "delete",
	insert: "insert",
	ins: "insert",
	up: "up",
	down: "down",
	left: "left",
	right: "right",
	home: "home",
	end: "end",
	pageup: "pageUp",
	pgup: "pageUp",
	pagedown: "pageDown",
	pgdn: "pageDown",
	space: "space",
	clear: "clear",
	plus: "+",
	minus: "-",
};

/** Modifier bits of the xterm/Kitty modifier parameter (the parameter is 1 + these bits). */
export const MODIFIER_BITS = {
	shift: 1,
	alt: 2,
	ctrl: 4,
	super: 8,
	hyper: 16,
	meta: 32,
	capsLock: 64,
	numLock: 128,
} as const;
