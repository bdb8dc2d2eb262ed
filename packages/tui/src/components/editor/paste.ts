/**
 * Bracketed paste handling. Large pastes would flood the editor, so they are folded into a short marker such as
 * `[paste #1 +42 lines]`; the marker is expanded back to the pasted text when the editor submits.
 */

/** Pastes with more lines or characters than these are folded into a marker. */
export const PASTE_FOLD_LINES = 10;
export const PASTE_FOLD_CHARS = 1000;

const TAB_AS_SPACES = "    ";

/** Line endings to "\n", tabs to spaces (the editor shows no tab stops), other control characters dropped. */
export function normalizePastedText(text: string): string {
	return text
		.replace(/\r\n?/g, "\n")
		.replace(/\t/g, TAB_AS_SPACES)
		.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
}

/** Folded pastes of one editor, by marker. */
export class PasteStore {
	private readonly pastes = new Map<string, string>();
	private counter = 0;

	/** Whether `text` is large enough to be folded. */
	static shouldFold(text: string): boolean {
		return text.split("\n").length > PASTE_FOLD_LINES || text.length > PASTE_FOLD_CHARS;
	}

	/** Stores a paste and returns the marker to show instead. */
	fold(text: string): string {
		this.counter++;
		const lineCount = text.split("\n").length;
		const marker =
			lineCount > 1 ? `[paste #${this.counter} +${lineCount} lines]` : `[paste #${this.counter} ${text.length} chars]`;
		this.pastes.set(marker, text);
		return marker;
	}

	/** `text` with every marker replaced by its paste. Markers the user edited are left as typed. */
	expand(text: string): string {
		let result = text;
		for (const [marker, content] of this.pastes) result = result.split(marker).join(content);
		return result;
	}

	/** The marker that `text` ends with, if any (so backspace can delete a marker as a whole). */
	markerAtEnd(text: string): string | undefined {
		for (const marker of this.pastes.keys()) if (text.endsWith(marker)) return marker;
		return undefined;
	}

	clear(): void {
		this.pastes.clear();
	}
}
