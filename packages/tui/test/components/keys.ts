/** Raw key sequences as terminals send them, for feeding components through handleInput. */
export const LEGACY = {
	enter: "\r",
	altEnter: "\x1b\r",
	ctrlJ: "\n",
	tab: "\t",
	escape: "\x1b",
	backspace: "\x7f",
	altBackspace: "\x1b\x7f",
	delete: "\x1b[3~",
	up: "\x1b[A",
	down: "\x1b[B",
	right: "\x1b[C",
	left: "\x1b[D",
	home: "\x1b[H",
	end: "\x1b[F",
	ctrlLeft: "\x1b[1;5D",
	ctrlRight: "\x1b[1;5C",
	ctrlA: "\x01",
	ctrlB: "\x02",
	ctrlE: "\x05",
	ctrlF: "\x06",
	ctrlK: "\x0b",
	ctrlU: "\x15",
	ctrlW: "\x17",
	ctrlY: "\x19",
	ctrlZ: "\x1a",
	ctrlUnderscore: "\x1f",
	altB: "\x1bb",
	altF: "\x1bf",
	altD: "\x1bd",
	altY: "\x1by",
} as const;

/** The same keys in the Kitty keyboard protocol (CSI code ; modifiers u). */
export const KITTY = {
	enter: "\x1b[13u",
	shiftEnter: "\x1b[13;2u",
	altEnter: "\x1b[13;3u",
	backspace: "\x1b[127u",
	ctrlA: "\x1b[97;5u",
	ctrlE: "\x1b[101;5u",
	ctrlW: "\x1b[119;5u",
	ctrlK: "\x1b[107;5u",
	ctrlY: "\x1b[121;5u",
	ctrlMinus: "\x1b[45;5u",
	ctrlShiftZ: "\x1b[122;6u",
	altB: "\x1b[98;3u",
	altF: "\x1b[102;3u",
	escape: "\x1b[27u",
	tab: "\x1b[9u",
} as const;

/** Feeds each character of `text` as one key press. */
export function typeInto(component: { handleInput?(data: string): void }, text: string): void {
	for (const ch of text) component.handleInput!(ch);
}

export function paste(text: string): string {
	return `\x1b[200~${text}\x1b[201~`;
}
