/**
 * The /login dialog of a subscription sign-in while its OAuth flow runs: the URL to open (shown whole, wrapped, so it
 * can be copied), a device code, the latest progress line, and a field for what the flow asks (an enterprise domain,
 * or the redirect URL / code pasted when the browser cannot reach this machine; the loopback callback may answer
 * first, and then the field goes away), or a chooser for what the flow lets pick (the Codex login method, an
 * extension's options: the select list of the /login picker, arrows and Enter). Esc cancels the sign-in.
 */
import {
	type Focusable,
	hyperlink,
	Input,
	matchesKey,
	SelectList,
	Text,
	truncateToWidth,
	wrapTextWithAnsi,
} from "@pi/tui";
import { createSelectListTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";
import { dialogTitleRows } from "./dialog-title.js";
import { fitMessageRows } from "./fit-message.js";

export const OAUTH_DIALOG_TEXT = {
	openUrl: "Open this URL in a browser to sign in:",
	code: (code: string) => `Code: ${code}`,
	pasteLabel: "Browser on another machine? Paste the redirect URL or the code here:",
	hintQuestion: "enter submit · esc cancel sign-in",
	hintChoice: "↑↓ move · enter select · esc cancel sign-in",
	hint: "esc cancel sign-in",
} as const;

export interface OAuthLoginDialogOptions {
	theme: Theme;
	title: string;
	/** Esc or Ctrl+C: the flow is cancelled by the caller. */
	onCancel: () => void;
	/** Redraws the screen after the dialog's content changed on its own. */
	requestRender: () => void;
}

interface Question {
	label: string;
	placeholder?: string;
	resolve: (value: string | undefined) => void;
}

/** One option of {@link OAuthLoginDialog.choose}. */
export interface OAuthChoiceOption {
	id: string;
	label: string;
}

interface Choice {
	message: string;
	list: SelectList;
	resolve: (id: string | undefined) => void;
}

export class OAuthLoginDialog implements Focusable {
	focused = false;
	private readonly input = new Input({ prompt: "> " });
	private maxRows = Number.POSITIVE_INFINITY;
	private url: string | undefined;
	private userCode: string | undefined;
	private notes: string[] = [];
	private progress: string | undefined;
	private question: Question | undefined;
	private choice: Choice | undefined;

	constructor(private readonly options: OAuthLoginDialogOptions) {}

	setMaxRows(rows: number): void {
		this.maxRows = rows;
	}

	/** The page to open (and for device flows the code to type there). */
	showAuth(url: string, userCode?: string, instructions?: string): void {
		this.url = url;
		this.userCode = userCode;
		if (instructions) this.notes.push(instructions);
		this.options.requestRender();
	}

	/** A line under the URL (whether a browser was opened). */
	addNote(note: string): void {
		this.notes.push(note);
		this.options.requestRender();
	}

	setProgress(message: string): void {
		this.progress = message;
		this.options.requestRender();
	}

	/**
	 * Shows the field with `label` and resolves with what is entered (trimmed); undefined when `signal` fires first
	 * (the field then goes away) or another question replaces this one.
	 */
	ask(label: string, options: { placeholder?: string; signal?: AbortSignal } = {}): Promise<string | undefined> {
		this.question?.resolve(undefined);
		const { signal } = options;
		if (signal?.aborted) return Promise.resolve(undefined);
		return new Promise((resolve) => {
			const question: Question = {
				label,
				placeholder: options.placeholder,
				resolve: (value) => {
					signal?.removeEventListener("abort", onAbort);
					if (this.question === question) {
						this.question = undefined;
						this.input.setValue("");
						this.options.requestRender();
					}
					resolve(value);
				},
			};
			const onAbort = () => question.resolve(undefined);
			signal?.addEventListener("abort", onAbort, { once: true });
			this.question = question;
			this.input.setValue("");
			this.options.requestRender();
		});
	}

	/**
	 * Shows `message` over a list of `options` (the first highlighted) and resolves with the id picked with Enter;
	 * undefined when `signal` fires first (Esc cancels the sign-in, which aborts it) or another choice replaces this
	 * one. While it is shown, typed keys go to the list, not to a question's field.
	 */
	choose(
		message: string,
		options: readonly OAuthChoiceOption[],
		settings: { signal?: AbortSignal } = {},
	): Promise<string | undefined> {
		this.choice?.resolve(undefined);
		const { signal } = settings;
		if (signal?.aborted || options.length === 0) return Promise.resolve(undefined);
		return new Promise((resolve) => {
			const list = new SelectList(
				options.map((option) => ({ value: option.id, label: option.label })),
				{ maxVisible: 8, filterable: false, theme: createSelectListTheme(this.options.theme) },
			);
			const choice: Choice = {
				message,
				list,
				resolve: (id) => {
					signal?.removeEventListener("abort", onAbort);
					if (this.choice === choice) {
						this.choice = undefined;
						this.options.requestRender();
					}
					resolve(id);
				},
			};
			list.onSelect = (item) => choice.resolve(item.value);
			const onAbort = () => choice.resolve(undefined);
			signal?.addEventListener("abort", onAbort, { once: true });
			this.choice = choice;
			this.options.requestRender();
		});
	}

	handleInput(data: string): void {
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.options.onCancel();
			return;
		}
		if (this.choice) {
			this.choice.list.handleInput(data);
			return;
		}
		if (!this.question) return;
		if (matchesKey(data, "enter")) {
			this.question.resolve(this.input.getValue().trim());
			return;
		}
		this.input.handleInput(data);
	}

	render(width: number): string[] {
		const { theme } = this.options;
		const border = theme.fg("borderAccent", "─".repeat(Math.max(0, width)));
		const inner = Math.max(1, width - 1);
		const body: string[] = [];
		if (this.url) {
			body.push("", ` ${OAUTH_DIALOG_TEXT.openUrl}`);
			// Wrapped at any character, never cut. Copying wrapped rows picks up line breaks, so every row is also a
			// hyperlink (OSC 8) to the whole URL: a click opens it where the terminal supports that.
			for (const row of wrapTextWithAnsi(this.url, inner))
				body.push(` ${theme.fg("accent", hyperlink(row, this.url))}`);
		}
		if (this.userCode) body.push("", ` ${theme.bold(OAUTH_DIALOG_TEXT.code(this.userCode))}`);
		for (const note of this.notes) body.push(...new Text(theme.fg("muted", note), { paddingX: 1 }).render(width));
		if (this.progress) body.push("", truncateToWidth(` ${theme.fg("dim", this.progress)}`, width));
		const field: string[] = [];
		if (this.choice) {
			field.push("", ...new Text(this.choice.message, { paddingX: 1 }).render(width));
			field.push(...this.choice.list.render(inner).map((row) => ` ${row}`));
		} else if (this.question) {
			field.push("", ...new Text(this.question.label, { paddingX: 1 }).render(width));
			this.input.focused = this.focused;
			const value = this.input.getValue();
			field.push(
				...(value === "" && this.question.placeholder
					? [truncateToWidth(` > ${theme.fg("dim", this.question.placeholder)}`, width)]
					: this.input.render(inner).map((row) => ` ${row}`)),
			);
		}
		const hint = this.choice
			? OAUTH_DIALOG_TEXT.hintChoice
			: this.question
				? OAUTH_DIALOG_TEXT.hintQuestion
				: OAUTH_DIALOG_TEXT.hint;
		const tail = [...field, "", truncateToWidth(` ${theme.fg("dim", hint)}`, width), border];
		const head = [border, ...dialogTitleRows(theme, this.options.title, width)];
		const room = this.maxRows - head.length - tail.length;
		return [...head, ...fitMessageRows(body, room, ` ${theme.fg("dim", "…")}`), ...tail];
	}
}
