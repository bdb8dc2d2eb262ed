/**
 * The Codex adapter's user-visible texts, apart from the adapter so that importing them loads no SDK (they are
 * exported by @pi/ai for callers and tests).
 */

/** Texts of the Codex adapter's own failures. */
export const CODEX_TEXTS = {
	notSignedIn:
		"The OpenAI Codex credential is not a ChatGPT sign-in token (no account id in it). Sign in with /login " +
		"(ChatGPT Plus/Pro) or `pi auth login openai-codex`; an OpenAI API key belongs to the `openai` provider.",
	usageLimit: (plan: string | undefined, resetsInMs: number | undefined) =>
		`You have reached your ChatGPT usage limit${plan ? ` (${plan} plan)` : ""}.` +
		(resetsInMs !== undefined ? ` It resets in ${formatWait(resetsInMs)}.` : " Try again later."),
	usageNotIncluded: "Your ChatGPT plan does not include Codex. Upgrade the plan, or use an OpenAI API key instead.",
} as const;

/** "about 42 minutes", "about 3 hours 5 minutes": the reset time as a person reads it. */
function formatWait(ms: number): string {
	const minutes = Math.max(1, Math.round(ms / 60_000));
	if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
	const hours = Math.floor(minutes / 60);
	const rest = minutes % 60;
	const hourText = `${hours} hour${hours === 1 ? "" : "s"}`;
	return rest === 0 ? `about ${hourText}` : `about ${hourText} ${rest} minute${rest === 1 ? "" : "s"}`;
}
