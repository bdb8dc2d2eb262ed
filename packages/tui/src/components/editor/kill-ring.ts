/**
 * Emacs-style kill ring: killed text (ctrl+k, ctrl+u, ctrl+w, alt+d) is saved, ctrl+y yanks the newest entry and
 * alt+y right after a yank replaces it with the next older one. Consecutive kills join into one entry.
 */
export class KillRing {
	private readonly entries: string[] = [];
	private yankIndex = 0;

	constructor(private readonly limit = 30) {}

	/**
	 * Saves killed text. With `accumulate` (the previous action was also a kill) it joins the newest entry,
	 * before it for backward kills (`prepend`) and after it for forward kills.
	 */
	push(text: string, options: { accumulate?: boolean; prepend?: boolean } = {}): void {
		if (text === "") return;
		if (options.accumulate && this.entries.length > 0) {
			this.entries[0] = options.prepend ? text + this.entries[0] : this.entries[0] + text;
		} else {
			this.entries.unshift(text);
			if (this.entries.length > this.limit) this.entries.pop();
		}
		this.yankIndex = 0;
	}

	/** The newest entry, or undefined when nothing was killed. */
	yank(): string | undefined {
		this.yankIndex = 0;
		return this.entries[0];
	}

	/** The next older entry after a yank (cycling), or undefined when the ring is empty. */
	yankPop(): string | undefined {
		if (this.entries.length === 0) return undefined;
		this.yankIndex = (this.yankIndex + 1) % this.entries.length;
		return this.entries[this.yankIndex];
	}

	get size(): number {
		return this.entries.length;
	}
}
