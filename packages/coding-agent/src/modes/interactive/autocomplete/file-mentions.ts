/**
 * `@file` completion: fuzzy matches against the project's files (gitignore respected, through the tools' walker).
 * The file list is loaded in the background and cached, so typing never waits on the disk; it is refreshed when
 * older than `maxAgeMs` (the stale list is used meanwhile).
 */
import {
	type AutocompleteItem,
	type AutocompleteProvider,
	type AutocompleteSuggestions,
	type CompletionResult,
	fuzzyFilter,
	replacePrefix,
} from "@pi/tui";

export interface FileMentionProviderOptions {
	cwd: string;
	/** Lists candidate paths relative to cwd (`/`-separated, directories ending in `/`). Default: the tools' walker. */
	listFiles?: () => Promise<string[]>;
	/** Suggestions shown at most (default 30). */
	maxResults?: number;
	/** Reload the list when it is older than this (default 30 s). */
	maxAgeMs?: number;
	/** Clock (tests). */
	now?: () => number;
}

/** `@` then the partial path, at the start of the text or after whitespace. */
const MENTION = /(?:^|\s)(@(?:"[^"]*|[^\s]*))$/;

/** Every file and directory below `cwd` that the tools would see (gitignore honoured, `.git` skipped). */
export async function listProjectFiles(cwd: string): Promise<string[]> {
	// Imported here, not at the top: the walker (and its gitignore parser) is not needed for the first frame.
	const { walkTree } = await import("../../../tools/walk.js");
	const entries = await walkTree(cwd);
	return entries.map((entry) => (entry.kind === "directory" ? `${entry.path}/` : entry.path));
}

export class FileMentionProvider implements AutocompleteProvider {
	private files: string[] | undefined;
	private loadedAt = 0;
	private loading: Promise<void> | undefined;
	private readonly now: () => number;

	constructor(private readonly options: FileMentionProviderOptions) {
		this.now = options.now ?? Date.now;
		void this.refresh();
	}

	/** Reloads the file list; resolves when it is in place. Errors leave the previous list. */
	refresh(): Promise<void> {
		if (this.loading) return this.loading;
		const list = this.options.listFiles ?? (() => listProjectFiles(this.options.cwd));
		this.loading = list()
			.then((files) => {
				this.files = files;
				this.loadedAt = this.now();
			})
			.catch(() => {
				// An unreadable directory simply offers no completions.
			})
			.finally(() => {
				this.loading = undefined;
			});
		return this.loading;
	}

	getSuggestions(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		_options?: { explicit: boolean },
	): AutocompleteSuggestions | null {
		const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
		const match = MENTION.exec(before);
		if (!match) return null;
		if (this.now() - this.loadedAt > (this.options.maxAgeMs ?? 30_000)) void this.refresh();
		if (!this.files) return null;
		const prefix = match[1]!;
		const query = prefix.slice(1).replace(/^"/, "");
		const matches = fuzzyFilter(this.files, query, (path) => path).slice(0, this.options.maxResults ?? 30);
		if (matches.length === 0) return null;
		return {
			prefix,
			items: matches.map((path) => ({ value: path, label: path })),
		};
	}

	applyCompletion(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		const path = item.value;
		const quoted = /\s/.test(path) ? `@"${path}"` : `@${path}`;
		// A directory stays open for the next segment; a file gets a space after it.
		return replacePrefix(lines, cursorLine, cursorCol, prefix, path.endsWith("/") ? quoted : `${quoted} `);
	}
}
