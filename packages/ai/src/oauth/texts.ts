/**
 * Every user-visible text of the OAuth flows, in one place so tests can assert them. None of them ever includes
 * a token: they name the provider, the host, the HTTP status and the server's error code, nothing more.
 */
export const OAUTH_TEXTS = {
	signInAgain: (name: string, id: string) =>
		`Your ${name} sign-in is no longer valid (the refresh token was revoked or has expired). Sign in again with \`pi auth login ${id}\` or /login.`,
	network: (name: string, host: string, detail: string) =>
		`Could not reach ${name} at ${host} (${detail}). Check the network connection and try again.`,
	timedOut: (name: string, host: string) => `${name} at ${host} did not answer in time. Try again.`,
	http: (name: string, step: string, status: number, detail: string) =>
		`${name}: ${step} failed with HTTP ${status}${detail ? ` (${detail})` : ""}.`,
	badResponse: (name: string, step: string, what: string) =>
		`${name}: ${step} returned an unexpected response (${what}). Try again; if it keeps failing, report it.`,
	aborted: "Sign-in cancelled.",
	stateMismatch:
		"The pasted sign-in answer belongs to a different sign-in attempt (its state does not match). Paste the redirect URL or code from the browser window this sign-in opened.",
	missingCode: "No authorization code was received. Run the sign-in again.",
	denied: (name: string, detail: string) =>
		`${name} sign-in was refused${detail ? ` (${detail})` : ""}. Run the sign-in again and approve access.`,
	deviceExpired: (name: string) =>
		`The ${name} device code expired before it was entered. Run the sign-in again and enter the new code.`,
	portInUse: (host: string, port: number) =>
		`Cannot listen for the browser's sign-in redirect: ${host}:${port} is already in use (often another sign-in still waiting). Close that program and try again. If the browser runs on another machine, set PI_OAUTH_CALLBACK_PORT=0 and paste the final redirect URL from the browser's address bar when asked.`,
	callbackUnavailable: (host: string, port: number) =>
		`Could not start the sign-in callback server: ${host}:${port} is already in use (often another sign-in still waiting). Paste the redirect URL or the code instead.`,
	callbackFailed: (host: string, port: number, detail: string) =>
		`Cannot listen for the browser's sign-in redirect on ${host}:${port} (${detail}).`,
	codexMethodQuestion: "How do you want to sign in to ChatGPT?",
	codexBrowserMethod: "Browser login (default)",
	codexDeviceMethod: "Device code login (no browser on this machine, e.g. over SSH)",
	unknownChoice: (id: string) => `"${id}" is not one of the offered choices.`,
	codexDeviceUnavailable:
		"ChatGPT Plus/Pro (Codex): this server does not offer device code login. Use the browser login, or check the server URL.",
	domainQuestion: "GitHub Enterprise URL or domain (leave empty for github.com):",
	invalidDomain: (input: string) => `"${input}" is not a domain or URL.`,
	invalidPort: (value: string) =>
		`PI_OAUTH_CALLBACK_PORT must be a port number from 0 to 65535 (0 = any free port); got "${value}".`,
	invalidBaseUrl: (name: string, value: string) => `${name} must be an http(s) URL; got "${value}".`,
	// Progress lines.
	waitingForBrowser: "Waiting for the browser to finish signing in...",
	exchangingCode: "Exchanging the authorization code for tokens...",
	waitingForDevice: "Waiting for the code to be entered...",
	slowDown: (interval: string) => `The server asked to poll less often; polling every ${interval}.`,
	gettingCopilotToken: "Getting a Copilot token...",
	enablingModels: "Enabling Copilot models...",
	readingCopilotModels: "Reading the account's Copilot models...",
	copilotModelsUnknown: "Could not read the account's Copilot models; every Copilot model stays listed.",
	// The page the browser shows after the redirect.
	pageSuccess: (name: string) => `Signed in to ${name}. You can close this tab and return to pi.`,
	pageFailure: (detail: string) => `Sign-in did not complete: ${detail} Return to pi and try again.`,
	pageStateMismatch: "this redirect belongs to a different sign-in attempt.",
	pageMissingCode: "the redirect carried no authorization code.",
	pageNotFound: "Nothing to see here: pi listens on this port only for the sign-in redirect.",
	// Instructions shown next to the URL.
	browserInstructions:
		"Sign in in your browser. If the browser is on another machine, paste the final redirect URL (or the code it shows) here.",
	pasteOnlyInstructions:
		"Sign in in your browser. The page it is sent back to at the end will not load: copy that page's URL from the address bar (or the code it shows) and paste it here.",
	deviceInstructions: (code: string) => `Enter the code ${code} on that page.`,
} as const;
