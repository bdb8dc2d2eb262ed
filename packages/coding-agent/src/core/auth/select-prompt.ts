/**
 * A sign-in flow's choice (`OAuthLoginCallbacks.onSelect`, e.g. Codex: browser or device code) asked as a numbered
 * question in `pi auth login` (a line on stdin; /login shows a select list in its dialog instead): Enter alone takes
 * the first option, the default.
 */
import type { OAuthSelectPrompt } from "@pi/ai";

export const SELECT_PROMPT_TEXT = {
	answer: (count: number) => `Choice (1-${count}, Enter for 1)`,
	invalid: (answer: string) => `"${answer}" is not one of the numbers above.`,
} as const;

/** The question: the message, one numbered line per option, then what to type. */
export function selectQuestion(prompt: OAuthSelectPrompt, retryOf?: string): string {
	const lines = [
		...(retryOf === undefined ? [] : [SELECT_PROMPT_TEXT.invalid(retryOf)]),
		prompt.message,
		...prompt.options.map((option, index) => `  ${index + 1}) ${option.label}`),
		SELECT_PROMPT_TEXT.answer(prompt.options.length),
	];
	return lines.join("\n");
}

/**
 * The option id an answer picks: empty = the first option, a number from the list, or an option's id; undefined
 * when it is none of these (ask again).
 */
export function selectAnswer(prompt: OAuthSelectPrompt, answer: string): string | undefined {
	const value = answer.trim();
	if (value === "") return prompt.options[0]?.id;
	if (/^\d+$/.test(value)) return prompt.options[Number(value) - 1]?.id;
	return prompt.options.find((option) => option.id === value)?.id;
}

/**
 * Asks until the answer picks an option. `ask` resolves with the answer, or undefined when asking stopped (stdin
 * ended, the sign-in was cancelled): then the default is taken, and a cancelled flow stops right after.
 */
export async function askSelect(
	prompt: OAuthSelectPrompt,
	ask: (question: string) => Promise<string | undefined>,
): Promise<string> {
	let retryOf: string | undefined;
	for (;;) {
		const answer = await ask(selectQuestion(prompt, retryOf));
		if (answer === undefined) return prompt.options[0]?.id ?? "";
		const id = selectAnswer(prompt, answer);
		if (id !== undefined) return id;
		retryOf = answer.trim();
	}
}
