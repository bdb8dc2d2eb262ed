/**
 * The ChatGPT account a Codex request is billed to. The backend wants it as the `chatgpt-account-id` header; the
 * OAuth access token is a JWT that names it in its OpenAI auth claim, so it is read from there.
 */

/** The JWT claim that holds the ChatGPT account fields. */
const AUTH_CLAIM = "https://api.openai.com/auth";

/** The request header that names the account. */
export const ACCOUNT_ID_HEADER = "chatgpt-account-id";

/**
 * The account id in a ChatGPT access token, or undefined when the token is not a JWT or names no account. Only
 * the payload is decoded: the signature is the backend's to check.
 */
export function readCodexAccountId(token: string): string | undefined {
	const parts = token.split(".");
	if (parts.length !== 3 || !parts[1]) return undefined;
	try {
		const payload = JSON.parse(decodeBase64Url(parts[1])) as Record<string, unknown> | null;
		const claim = payload?.[AUTH_CLAIM] as Record<string, unknown> | undefined;
		const id = claim?.chatgpt_account_id;
		return typeof id === "string" && id !== "" ? id : undefined;
	} catch {
		return undefined;
	}
}

/** The account id an explicit header gives (model or caller headers, any casing), which wins over the token's. */
export function explicitAccountId(...sources: (Record<string, string> | undefined)[]): string | undefined {
	let found: string | undefined;
	for (const headers of sources) {
		for (const [name, value] of Object.entries(headers ?? {})) {
			if (name.toLowerCase() === ACCOUNT_ID_HEADER && value) found = value;
		}
	}
	return found;
}

function decodeBase64Url(text: string): string {
	const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
	const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
	const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
	return new TextDecoder().decode(bytes);
}
