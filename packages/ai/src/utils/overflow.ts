/**
 * Context-overflow detection. Providers report "prompt too long" as an ordinary 400 (or 413) whose only
 * distinguishing mark is the error text or type, so each adapter asks this module, and the result becomes
 * `errorInfo.code: "context_overflow"`; the session's recovery keys on that code, never on text.
 */
const OVERFLOW_PATTERNS: RegExp[] = [
	/prompt is too long/i, // Anthropic
	/input is too long/i,
	/exceeds? the (?:model'?s? )?(?:maximum )?context (?:length|window)/i, // OpenAI, vendors
	/maximum context length/i,
	/context[_ ]length[_ ]exceeded/i,
	/context window (?:is )?(?:full|exceeded)/i,
	/too many tokens/i,
	/input token count.*exceeds/i, // Gemini
	/request (?:is )?too large for model/i,
	/reduce the length of the messages/i,
];

/** Whether an HTTP error is the provider saying the prompt does not fit the model's context window. */
export function isContextOverflow(status: number | undefined, code: string | undefined, message: string): boolean {
	if (code === "context_length_exceeded" || code === "context_overflow") return true;
	if (status !== undefined && status !== 400 && status !== 413 && status !== 422) return false;
	return OVERFLOW_PATTERNS.some((pattern) => pattern.test(message));
}
