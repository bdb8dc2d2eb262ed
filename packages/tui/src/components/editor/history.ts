/**
 * Previously submitted texts, browsed with up/down like a shell: up from the first line goes back in time, down
 * from the last line goes forward and finally returns to the text that was being written (the draft).
 */
export class EditorHistory {
	private readonly entries: string[] = [];
	/** -1 while editing the draft; otherwise the index into `entries`, newest first. */
	private index = -1;
	private draft = "";

	constructor(private readonly limit = 100) {}

	/** Records a submitted text (skipping blanks and an immediate repeat) and stops browsing. */
	add(text: string): void {
		this.index = -1;
		if (text.trim() === "" || this.entries[0] === text) return;
		this.entries.unshift(text);
		if (this.entries.length > this.limit) this.entries.pop();
	}

	get browsing(): boolean {
		return this.index !== -1;
	}

	/** The next older entry, or undefined at the oldest. `current` is saved as the draft when browsing starts. */
	previous(current: string): string | undefined {
		if (this.index + 1 >= this.entries.length) return undefined;
		if (this.index === -1) this.draft = current;
		this.index++;
		return this.entries[this.index];
	}

	/** The next newer entry, the draft after the newest, or undefined when not browsing. */
	next(): string | undefined {
		if (this.index === -1) return undefined;
		this.index--;
		return this.index === -1 ? this.draft : this.entries[this.index];
	}

	/** Stops browsing (after an edit, the shown entry becomes the draft). */
	reset(): void {
		this.index = -1;
	}
}
