/**
 * Every user-visible text of pi's subscription sign-in handling (token refresh, `pi auth`, /login, /logout), in
 * one place so tests and docs can match them. None of them ever includes a token.
 */

/** Texts of refreshing stored OAuth credentials. */
export const refreshTexts = {
	/** The refresh token no longer works: only a new sign-in helps. Nothing stored is removed. */
	signInAgain: (name: string, provider: string) =>
		`${name} sign-in expired or was revoked. Sign in again with /login or \`pi auth login ${provider}\`.`,
	failed: (name: string, detail: string) => `Could not refresh the ${name} sign-in: ${detail}`,
	lockTimeout: (file: string, seconds: number) =>
		`another process held ${file}.lock for over ${seconds} s. If no other pi is running, remove that directory and try again.`,
	noLongerStored: "the sign-in was removed from auth.json meanwhile",
	noRefreshToken: "the stored entry has no refresh token",
	unknownProvider: (provider: string) => `pi has no sign-in for provider "${provider}"`,
} as const;

/** Texts that point at signing in (subscriptions, built in or registered by extensions). */
export const signInTexts = {
	/** A model of an extension's provider was chosen before signing in to it. */
	notSignedIn: (name: string, provider: string) =>
		`Not signed in to ${name} (provider "${provider}"). Sign in with /login ${provider} or \`pi auth login ${provider}\`.`,
	/** Added to the missing-key message of a provider that also has a subscription sign-in. */
	orSignIn: (name: string, provider: string) =>
		`With a ${name} subscription, sign in instead: /login or \`pi auth login ${provider}\`.`,
} as const;
