import { createHash, randomBytes } from "node:crypto";

/** A PKCE pair (RFC 7636): the verifier stays with us, the S256 challenge goes in the authorization URL. */
export interface Pkce {
	verifier: string;
	challenge: string;
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)), no padding. */
export function pkceChallenge(verifier: string): string {
	return createHash("sha256").update(verifier).digest("base64url");
}

/** A fresh verifier (32 random bytes, 43 base64url characters) and its challenge. */
export function generatePkce(): Pkce {
	const verifier = randomBytes(32).toString("base64url");
	return { verifier, challenge: pkceChallenge(verifier) };
}

/** An unguessable `state` value tying the redirect to this login attempt. */
export function generateState(): string {
	return randomBytes(16).toString("hex");
}
