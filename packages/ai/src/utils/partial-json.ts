/**
 * Best-effort parsing of a JSON text that is still arriving (streamed tool-call arguments). Returns the value
 * the text describes so far, closing open strings, arrays and objects; incomplete trailing tokens (a half
 * keyword, a key without a value) are dropped. Never throws.
 */
export function parsePartialJson(text: string): unknown {
	if (text.trim() === "") return undefined;
	try {
		return JSON.parse(text);
	} catch {
		// fall through to repair
	}
	const repaired = closePartialJson(text);
	if (repaired === undefined) return undefined;
	try {
		return JSON.parse(repaired);
	} catch {
		return undefined;
	}
}

/** Parses streamed tool arguments: always an object (`{}` when nothing usable has arrived). */
export function parseToolArguments(text: string): Record<string, any> {
	const value = parsePartialJson(text);
	return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, any>) : {};
}

/** Tool-call arguments up to this length are re-parsed on every fragment. */
const REPARSE_ALWAYS_BELOW = 8 * 1024;
/** Beyond that, they are re-parsed once the text grew by this factor since the last parse. */
const REPARSE_GROWTH = 1.25;

/**
 * Tool-call arguments arriving as JSON fragments, with their best-effort parse. Re-parsing the whole text on every
 * fragment would be quadratic for large arguments (a whole file for a write tool), so past 8 KB the parse runs only
 * after the text grew by a quarter; `final()` always parses the whole text.
 */
export class StreamingToolArguments {
	private raw = "";
	private parsedLength = 0;
	private parsed: Record<string, any> = {};

	/** Appends a fragment; returns the arguments parsed so far (the previous parse when this one was skipped). */
	append(fragment: string): Record<string, any> {
		this.raw += fragment;
		const length = this.raw.length;
		if (length <= REPARSE_ALWAYS_BELOW || length >= this.parsedLength * REPARSE_GROWTH) {
			this.parsed = parseToolArguments(this.raw);
			this.parsedLength = length;
		}
		return this.parsed;
	}

	/** The complete arguments: malformed or empty JSON becomes `{}`. */
	final(): Record<string, any> {
		return this.raw.trim() === "" ? {} : parseToolArguments(this.raw);
	}
}

/** A complete JSON scalar token at `lastIndex`. */
const SCALAR = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Removes a trailing `\u` escape with fewer than four hex digits (but not an escaped backslash + `u`). */
function dropIncompleteUnicodeEscape(partial: string): string {
	const match = /\\u[0-9a-fA-F]{0,3}$/.exec(partial);
	if (!match) return partial;
	let backslashes = 0;
	for (let i = match.index; i >= 0 && partial[i] === "\\"; i--) backslashes++;
	return backslashes % 2 === 1 ? partial.slice(0, match.index) : partial;
}

/**
 * Scans the text once, tracking the container stack, and cuts it back to the last point where appending the
 * closing brackets yields valid JSON.
 */
function closePartialJson(text: string): string | undefined {
	const stack: ("{" | "[")[] = [];
	let inString = false;
	let escaped = false;
	// Index after the last position where the text is a complete value prefix (safe to close).
	let safeEnd = 0;
	let safeStack: ("{" | "[")[] = [];
	// For objects: whether we're expecting a key, or a value after a colon.
	let expectingValueForKey = false;
	let stringStart = -1;
	let stringIsKey = false;

	const markSafe = (end: number) => {
		safeEnd = end;
		safeStack = stack.slice();
	};

	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!;
		if (inString) {
			if (escaped) {
				escaped = false;
			} else if (ch === "\\") {
				escaped = true;
			} else if (ch === '"') {
				inString = false;
				if (!stringIsKey) {
					expectingValueForKey = false;
					markSafe(i + 1);
				}
			}
			continue;
		}
		switch (ch) {
			case '"': {
				inString = true;
				stringStart = i;
				const top = stack[stack.length - 1];
				stringIsKey = top === "{" && !expectingValueForKey;
				break;
			}
			case "{":
			case "[":
				stack.push(ch);
				expectingValueForKey = false;
				markSafe(i + 1);
				break;
			case "}":
			case "]":
				stack.pop();
				expectingValueForKey = false;
				markSafe(i + 1);
				break;
			case ":":
				expectingValueForKey = true;
				break;
			case ",":
				expectingValueForKey = false;
				break;
			default:
				if (ch === " " || ch === "\n" || ch === "\r" || ch === "\t") break;
				// Scalars (numbers, true/false/null): safe after each complete token. A sticky regex avoids
				// copying the rest of the text for every scalar.
				{
					SCALAR.lastIndex = i;
					const match = SCALAR.exec(text);
					if (match) {
						const end = i + match[0].length;
						// A number at the very end may still be growing, but it is a valid value as it stands.
						i = end - 1;
						expectingValueForKey = false;
						markSafe(end);
					} else {
						// A partial keyword such as `tr`: stop here.
						i = text.length;
					}
				}
		}
	}

	let body: string;
	let closers: ("{" | "[")[];
	if (inString && !stringIsKey) {
		// Close an open string value: keep what arrived, dropping a dangling escape.
		let partial = text.slice(stringStart);
		if (escaped) partial = partial.slice(0, -1);
		partial = dropIncompleteUnicodeEscape(partial);
		body = text.slice(0, stringStart) + partial + '"';
		closers = stack.slice();
	} else {
		body = text.slice(0, safeEnd);
		closers = safeStack;
	}
	// `safeEnd` only ever follows a complete value, so a dangling key or comma is already cut off.
	body = body.replace(/[\s,]*$/, "");
	if (body === "") return undefined;
	let out = body;
	for (let i = closers.length - 1; i >= 0; i--) out += closers[i] === "{" ? "}" : "]";
	return out;
}
