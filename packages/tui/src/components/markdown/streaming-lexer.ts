/**
 * Block lexing for markdown that grows at the end (a streamed answer). Re-lexing the whole text on every update
 * makes each frame cost as much as the answer is long; this lexer freezes the leading blocks that appending text
 * can no longer change and re-lexes only from the first block that still can.
 *
 * The freeze rule: blocks are frozen up to the start of a top-level block B when
 * - a blank line separates B from the blocks before it (marked gives it its own `space` token): a paragraph cannot
 *   turn into a setext heading or swallow a table, and nothing continues lazily across a blank line;
 * - B starts in column 0 with a non-blank character: an indented line could continue a list item or an indented
 *   code block across the blank line;
 * - B's first line is complete: that line is what ended the blocks before it (a partial "2" may still become
 *   "2. item" and continue the list above). Open code fences and HTML blocks never produce such a B: they run to
 *   the end of the text until they are closed.
 * Two things reach across blocks and are carried over explicitly: reference link definitions (the tail is lexed
 * with the frozen definitions; when the tail's definitions change the links the frozen blocks were lexed with,
 * everything is re-lexed) and marked's "inside a raw <a> tag" state, which turns off URL autolinks in later text.
 * If the text changes anywhere before the end of B's first line, everything is re-lexed.
 */
import { Lexer, type Links, marked, type Token, type Tokens } from "marked";

/** Blocks of the current text: the frozen leading ones and the rest. */
export interface StreamingLexResult {
	/** Leading blocks that appending text cannot change. Grows in place while `generation` stays the same. */
	readonly frozen: readonly Token[];
	/** Changes whenever the frozen blocks were re-lexed from the start (anything derived from them is stale). */
	readonly generation: number;
	/** The blocks after the frozen ones; the last may be incomplete. */
	readonly tail: readonly Token[];
}

const BLANK_LINE_AT_END = /\n[ \t]*\n$/;

/** Incremental top-level markdown lexer (see the module comment for when blocks are frozen). */
export class StreamingLexer {
	private text = "";
	private result: StreamingLexResult = { frozen: [], generation: 0, tail: [] };
	private readonly frozen: Token[] = [];
	private generation = 0;
	/** Characters of the text covered by the frozen blocks. */
	private frozenLength = 0;
	/** Characters of the text that must stay as they are for the frozen blocks to hold. */
	private confirmedLength = 0;
	/** Link definitions made by the frozen blocks (the first definition of a label wins, as in marked). */
	private frozenLinks: Links = Object.create(null);
	/** The links the frozen blocks' inline content was lexed with (including definitions after them). */
	private linksSeen: Links = Object.create(null);
	/** marked's "inside a raw <a> tag" state after the frozen blocks. */
	private inLink = false;

	/**
	 * Lexes `text`, re-using the frozen blocks when `text` keeps the part they were lexed from. The first
	 * `finalLength` characters are taken as unchanged without comparing them (the caller committed their rows to
	 * the terminal's scrollback, where they cannot change any more); this keeps a long answer's frames from
	 * comparing megabytes of text.
	 */
	lex(text: string, finalLength = 0): StreamingLexResult {
		if (text === this.text) return this.result;
		const from = Math.min(finalLength, this.confirmedLength);
		const keepsFrozen =
			this.frozen.length > 0 &&
			text.length >= this.confirmedLength &&
			text.slice(from, this.confirmedLength) === this.text.slice(from, this.confirmedLength);
		if (!keepsFrozen) this.reset();
		this.text = text;
		let tail = this.lexTail();
		if (tail === undefined) {
			// A definition in the tail changed what the frozen blocks' links resolve to.
			this.reset();
			tail = this.lexTail() ?? [];
		}
		this.result = { frozen: this.frozen, generation: this.generation, tail };
		return this.result;
	}

	private reset(): void {
		this.frozen.length = 0;
		this.generation++;
		this.frozenLength = 0;
		this.confirmedLength = 0;
		this.frozenLinks = Object.create(null);
		this.linksSeen = Object.create(null);
		this.inLink = false;
	}

	/** Lexes the text after the frozen blocks and freezes what it can; undefined when the links changed. */
	private lexTail(): Token[] | undefined {
		const source = detach(this.text.slice(this.frozenLength));
		const lexer = new Lexer(marked.defaults);
		Object.assign(lexer.tokens.links, this.frozenLinks);
		lexer.state.inLink = this.inLink;
		const tokens: Token[] = lexer.lex(source);
		if (this.frozen.length > 0 && !sameLinks(lexer.tokens.links, this.linksSeen)) return undefined;
		this.linksSeen = lexer.tokens.links;
		const boundary = findFreezeBoundary(tokens, source);
		if (boundary === undefined) return tokens;
		const newlyFrozen = tokens.slice(0, boundary.index);
		for (const token of newlyFrozen) {
			this.frozen.push(token);
			collectDefinitions(token, this.frozenLinks);
			this.inLink = inLinkAfter(token, this.inLink);
		}
		// Both are offsets in `source`, which starts where the previously frozen blocks end.
		this.confirmedLength = this.frozenLength + boundary.confirmed;
		this.frozenLength += boundary.offset;
		return tokens.slice(boundary.index);
	}
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. Token texts are substrings of the lexed
 * source, and V8 substrings keep their whole parent string alive: frozen tokens cut from the streamed text would
 * each pin a full copy of the answer as it was when they were lexed (a streamed answer is a new string every
 * update). Concatenating and slicing makes V8 flatten into a new string of the tail's size.
 */
function detach(text: string): string {
	return ` ${text}`.slice(1);
}

/**
 * The last block that may start a new frozen boundary: its index, its offset in `source` and how many characters
 * of `source` (through its first line) decided the blocks before it. Undefined when there is none, or when token
 * raws do not line up with the source (marked normalised "\r\n"): then nothing is frozen.
 */
function findFreezeBoundary(
	tokens: readonly Token[],
	source: string,
): { index: number; offset: number; confirmed: number } | undefined {
	let offset = 0;
	let found: { index: number; offset: number; confirmed: number } | undefined;
	for (let index = 0; index < tokens.length; index++) {
		const token = tokens[index]!;
		if (!source.startsWith(token.raw, offset)) return undefined;
		const previous = tokens[index - 1];
		if (previous?.type === "space" && BLANK_LINE_AT_END.test(previous.raw) && /\S/.test(source[offset] ?? "")) {
			const lineEnd = source.indexOf("\n", offset);
			if (lineEnd !== -1) found = { index, offset, confirmed: lineEnd + 1 };
		}
		offset += token.raw.length;
	}
	return found;
}

/** Adds the link definitions in `token` (at any depth) to `links`, the first definition of a label winning. */
function collectDefinitions(token: Token, links: Links): void {
	if (token.type === "def") {
		const def = token as Tokens.Def;
		links[def.tag] ??= { href: def.href, title: def.title };
		return;
	}
	for (const child of blockChildren(token)) collectDefinitions(child, links);
}

function blockChildren(token: Token): Token[] {
	if (token.type === "list") return (token as Tokens.List).items;
	return "tokens" in token && token.tokens ? token.tokens : [];
}

/** marked's inLink state after the inline content of `token`: raw <a …> and </a> tags switch it. */
function inLinkAfter(token: Token, inLink: boolean): boolean {
	if (token.type === "html" && !(token as Tokens.HTML).block) return (token as Tokens.Tag).inLink;
	// Inside a link marked restores the state afterwards; code holds no tags.
	if (token.type === "link" || token.type === "image" || token.type === "code") return inLink;
	let state = inLink;
	if (token.type === "table") {
		const table = token as Tokens.Table;
		for (const cell of [...table.header, ...table.rows.flat()]) {
			for (const child of cell.tokens) state = inLinkAfter(child, state);
		}
		return state;
	}
	for (const child of blockChildren(token)) state = inLinkAfter(child, state);
	return state;
}

function sameLinks(a: Links, b: Links): boolean {
	const keys = Object.keys(a);
	if (keys.length !== Object.keys(b).length) return false;
	return keys.every((key) => b[key] !== undefined && a[key]!.href === b[key].href && a[key]!.title === b[key].title);
}
