/**
 * Translating grep's JavaScript pattern into a ripgrep (Rust regex) pattern that matches at least every line the
 * JavaScript one matches. ripgrep then only names the files worth reading; the built-in search re-checks them
 * with the JavaScript regex, so a wider Rust pattern costs a little time and never changes the output.
 *
 * The differences that matter: `\d \w \b` are ASCII in JavaScript and Unicode in Rust, the negated classes
 * `\D \W \S` are therefore narrower in Rust, JavaScript's `\s` includes U+FEFF, and the built-in search decodes
 * invalid UTF-8 to U+FFFD where Rust sees raw bytes (so every atom that can match U+FFFD must also accept raw
 * non-ASCII bytes). Constructs without a safe translation (look-around, back-references, `\p{…}`, empty classes)
 * give `undefined`: the caller then lets ripgrep only list files.
 */

/** Raw bytes that may have decoded to U+FFFD. */
const INVALID_BYTES = "(?-u:[\\x80-\\xFF])+";
const ASCII_DIGIT = "0-9";
const ASCII_WORD = "0-9A-Za-z_";
/** JavaScript's `\s` (WhiteSpace and LineTerminator code points). */
const JS_SPACE =
	"\\t\\n\\x0B\\x0C\\r \\xA0\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const REPLACEMENT_CHAR = 0xfffd;
/** Characters written with a backslash inside a Rust class (`[`, `&&`, `--`, `~~` have meanings there). */
const CLASS_SPECIAL = new Set(["[", "]", "\\", "-", "^", "&", "~"]);
/** Characters written with a backslash outside a Rust class. */
const OUTER_SPECIAL = new Set([..."\\.+*?()|[]{}^$#&-~"]);

class Untranslatable extends Error {}

function hex(codePoint: number): string {
	return `\\x{${codePoint.toString(16).toUpperCase()}}`;
}

/** One character (code point) as Rust source, inside or outside a class. */
function literal(codePoint: number, inClass: boolean): string {
	const char = String.fromCodePoint(codePoint);
	if (codePoint < 0x20 || codePoint === 0x7f) return hex(codePoint);
	if ((inClass ? CLASS_SPECIAL : OUTER_SPECIAL).has(char)) return `\\${char}`;
	return char;
}

/** Wraps an atom that can match U+FFFD so it also accepts the raw bytes the JavaScript side saw as U+FFFD. */
function orInvalidBytes(atom: string): string {
	return `(?:${atom}|${INVALID_BYTES})`;
}

class Translator {
	private i = 0;
	constructor(private readonly source: string) {}

	private peek(offset = 0): string | undefined {
		return this.source[this.i + offset];
	}

	private readCodePoint(): number {
		const cp = this.source.codePointAt(this.i);
		if (cp === undefined) throw new Untranslatable();
		this.i += cp > 0xffff ? 2 : 1;
		return cp;
	}

	private readHex(digits: number): number {
		const text = this.source.slice(this.i, this.i + digits);
		if (!/^[0-9a-fA-F]+$/.test(text) || text.length !== digits) throw new Untranslatable();
		this.i += digits;
		return Number.parseInt(text, 16);
	}

	/** `\u` escapes: `\uHHHH`, surrogate pairs of two of them, `\u{H…}`. */
	private readUnicodeEscape(): number {
		if (this.peek() === "{") {
			const end = this.source.indexOf("}", this.i);
			if (end < 0) throw new Untranslatable();
			const value = Number.parseInt(this.source.slice(this.i + 1, end), 16);
			this.i = end + 1;
			return value;
		}
		const unit = this.readHex(4);
		if (unit >= 0xd800 && unit <= 0xdbff && this.source.startsWith("\\u", this.i)) {
			const save = this.i;
			this.i += 2;
			const low = this.readHex(4);
			if (low >= 0xdc00 && low <= 0xdfff) return (unit - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
			this.i = save;
		}
		if (unit >= 0xd800 && unit <= 0xdfff) throw new Untranslatable(); // lone surrogate
		return unit;
	}

	/** A character escape (after the backslash) that denotes one code point, or `undefined`. */
	private readCharacterEscape(letter: string): number | undefined {
		switch (letter) {
			case "t":
				return 0x09;
			case "n":
				return 0x0a;
			case "v":
				return 0x0b;
			case "f":
				return 0x0c;
			case "r":
				return 0x0d;
			case "0":
				if (/[0-9]/.test(this.peek() ?? "")) throw new Untranslatable();
				return 0;
			case "x":
				return this.readHex(2);
			case "u":
				return this.readUnicodeEscape();
			case "c": {
				const control = this.peek();
				if (!control || !/[A-Za-z]/.test(control)) throw new Untranslatable();
				this.i++;
				return control.charCodeAt(0) % 32;
			}
			default:
				// Identity escapes of syntax characters (the only ones Unicode mode allows) and `-` in classes.
				if ("^$\\.*+?()[]{}|/-".includes(letter)) return letter.codePointAt(0);
				return undefined;
		}
	}

	/** Translates the whole pattern. */
	translate(): string {
		let out = "";
		while (this.i < this.source.length) out += this.atom();
		return out;
	}

	private atom(): string {
		const c = this.peek()!;
		switch (c) {
			case "\\":
				this.i++;
				return this.escapeOutsideClass();
			case "[":
				this.i++;
				return this.characterClass();
			case ".":
				this.i++;
				return orInvalidBytes(".");
			case "(":
				this.i++;
				return this.groupOpening();
			case ")":
			case "|":
			case "*":
			case "+":
			case "?":
			case "^":
			case "$":
				this.i++;
				return c;
			case "{": {
				// Unicode mode only accepts `{` as a quantifier: copy `{n}`, `{n,}`, `{n,m}`.
				const end = this.source.indexOf("}", this.i);
				const body = this.source.slice(this.i, end + 1);
				if (end < 0 || !/^\{\d+(,\d*)?\}$/.test(body)) throw new Untranslatable();
				this.i = end + 1;
				return body;
			}
			default: {
				const cp = this.readCodePoint();
				return cp === REPLACEMENT_CHAR ? orInvalidBytes(hex(cp)) : literal(cp, false);
			}
		}
	}

	private groupOpening(): string {
		if (this.peek() !== "?") return "(";
		if (this.peek(1) === ":") {
			this.i += 2;
			return "(?:";
		}
		const named = /^\?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(this.source.slice(this.i));
		if (named) {
			this.i += named[0].length;
			return `(?P<${named[1]}>`;
		}
		throw new Untranslatable(); // look-around
	}

	private escapeOutsideClass(): string {
		const letter = this.source[this.i++];
		switch (letter) {
			case "d":
				return `[${ASCII_DIGIT}]`;
			case "w":
				return `[${ASCII_WORD}]`;
			case "s":
				return `[${JS_SPACE}]`;
			case "D":
				return orInvalidBytes(`[^${ASCII_DIGIT}]`);
			case "W":
				return orInvalidBytes(`[^${ASCII_WORD}]`);
			case "S":
				return orInvalidBytes(`[^${JS_SPACE}]`);
			case "b":
				return "(?-u:\\b)";
			case "B":
				return "(?-u:\\B)";
		}
		if (letter === undefined) throw new Untranslatable();
		const cp = this.readCharacterEscape(letter);
		if (cp === undefined) throw new Untranslatable(); // back-references, \p{…}, \k<…>
		return cp === REPLACEMENT_CHAR ? orInvalidBytes(hex(cp)) : literal(cp, false);
	}

	/** One class member: a code point, or a class escape already written as Rust class source. */
	private classMember(): { cp: number } | { source: string; negated: boolean } {
		const c = this.peek();
		if (c === undefined) throw new Untranslatable();
		if (c !== "\\") return { cp: this.readCodePoint() };
		this.i++;
		const letter = this.source[this.i++];
		switch (letter) {
			case "d":
				return { source: ASCII_DIGIT, negated: false };
			case "w":
				return { source: ASCII_WORD, negated: false };
			case "s":
				return { source: JS_SPACE, negated: false };
			case "D":
				return { source: `[^${ASCII_DIGIT}]`, negated: true };
			case "W":
				return { source: `[^${ASCII_WORD}]`, negated: true };
			case "S":
				return { source: `[^${JS_SPACE}]`, negated: true };
			case "b":
				return { cp: 0x08 };
		}
		if (letter === undefined) throw new Untranslatable();
		const cp = this.readCharacterEscape(letter);
		if (cp === undefined) throw new Untranslatable();
		return { cp };
	}

	private characterClass(): string {
		const negated = this.peek() === "^";
		if (negated) this.i++;
		if (this.peek() === "]") throw new Untranslatable(); // `[]` matches nothing, `[^]` everything
		let body = "";
		let canMatchReplacement = negated;
		while (this.peek() !== "]") {
			const first = this.classMember();
			if ("source" in first) {
				body += first.source;
				if (first.negated) canMatchReplacement = true;
				continue;
			}
			if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined) {
				this.i++;
				const last = this.classMember();
				if (!("cp" in last)) throw new Untranslatable();
				body += `${literal(first.cp, true)}-${literal(last.cp, true)}`;
				if (first.cp <= REPLACEMENT_CHAR && REPLACEMENT_CHAR <= last.cp) canMatchReplacement = true;
			} else {
				body += literal(first.cp, true);
				if (first.cp === REPLACEMENT_CHAR) canMatchReplacement = true;
			}
		}
		this.i++; // the closing `]`
		const cls = `[${negated ? "^" : ""}${body}]`;
		return canMatchReplacement ? orInvalidBytes(cls) : cls;
	}
}

/**
 * A Rust pattern matching every line `source` (a JavaScript pattern that compiles in Unicode mode) matches, or
 * `undefined` when no safe translation is known.
 */
export function toRipgrepPattern(source: string, ignoreCase: boolean): string | undefined {
	try {
		const translated = new Translator(source).translate();
		return ignoreCase ? `(?i)${translated}` : translated;
	} catch (error) {
		if (error instanceof Untranslatable) return undefined;
		throw error;
	}
}
