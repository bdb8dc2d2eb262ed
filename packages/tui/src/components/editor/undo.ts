/**
 * Undo/redo of editor states. Typing coalesces: characters typed in a row form one step until a word boundary
 * (a typed space) or any other action, so undo removes a word at a time rather than a letter.
 */
export class UndoStack<T> {
	private readonly undoStates: T[] = [];
	private readonly redoStates: T[] = [];
	/** Kind of the step being coalesced ("type", "delete"), or undefined when the next change starts a step. */
	private coalescing: string | undefined;

	constructor(private readonly limit = 200) {}

	/**
	 * Records the state before a change. With a `coalesce` kind (e.g. "type"), the change joins the previous step
	 * of the same kind instead of starting a new one. Any new change clears the redo states.
	 */
	record(state: T, options: { coalesce?: string } = {}): void {
		const coalesce = options.coalesce;
		if (coalesce === undefined || coalesce !== this.coalescing) {
			this.undoStates.push(state);
			if (this.undoStates.length > this.limit) this.undoStates.shift();
		}
		this.coalescing = coalesce;
		this.redoStates.length = 0;
	}

	/** Ends the current typing step, so the next typed character starts a new one. */
	breakCoalescing(): void {
		this.coalescing = undefined;
	}

	/** The state to go back to, given the current one (saved for redo); undefined when there is nothing to undo. */
	undo(current: T): T | undefined {
		const state = this.undoStates.pop();
		if (state === undefined) return undefined;
		this.redoStates.push(current);
		this.coalescing = undefined;
		return state;
	}

	/** The state undone last, given the current one (saved for undo); undefined when there is nothing to redo. */
	redo(current: T): T | undefined {
		const state = this.redoStates.pop();
		if (state === undefined) return undefined;
		this.undoStates.push(current);
		this.coalescing = undefined;
		return state;
	}

	clear(): void {
		this.undoStates.length = 0;
		this.redoStates.length = 0;
		this.coalescing = undefined;
	}
}
