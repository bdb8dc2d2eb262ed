/** Every user-visible text of `pi auth` (help, prompts, results, errors), in one place for tests and docs. */
import type { BrowserOpenResult } from "../core/auth/open-browser.js";

export const AUTH_HELP = `Usage:
  pi auth login [provider] [--api-key]
  pi auth logout [provider]
  pi auth check [provider|model] [--provider <p>] [--model <m>] [--json] [--no-refresh] [--credentials]
  pi auth print-api-key [provider|model] [--provider <p>] [--model <m>]
  pi auth print-bearer-token [provider|model] [--provider <p>] [--model <m>] [--min-expiry <duration>]

Sign in to subscriptions (Claude Pro/Max, ChatGPT Plus/Pro for Codex, GitHub Copilot, or a sign-in an extension
registers) or store API keys in auth.json, and ask which credential a provider uses.

Commands:
  login [provider]         Sign in (subscriptions: OAuth in the browser) or store an API key (typed without
                           echo, or piped on stdin). Without a provider: lists the choices.
  logout [provider]        Remove a provider's stored credentials. Without a provider: lists them.
  check                    Print ready, not_ready or invalid with the credential's source and expiry; exit 0, 1
                           or 2. An expired sign-in is refreshed first unless --no-refresh.
  print-api-key            Print the provider's API key (auth.json, environment or models.json) on stdout.
  print-bearer-token       Print the subscription's OAuth access token on stdout, refreshed when it has less than
                           --min-expiry left (default 30m).

Options:
  --provider <provider>    The provider (same as the positional argument)
  --api-key                login: store an API key even for a provider with a subscription sign-in
  --model <model>          A model pattern; its provider is used
  --json                   check: write the result as one JSON object
  --no-refresh             check: do not refresh an expired sign-in
  --credentials            check: also print the credential when ready
  --min-expiry <duration>  print-bearer-token: required remaining lifetime, e.g. 90s, 30m, 1h
  -e, --extension <path>   Load this extension too (repeatable): providers it registers, with their sign-in
  --no-extensions          Load only -e extensions (not .pi/extensions, the agent dir, settings or packages)
  -h, --help               Show this help

Environment:
  PI_NO_BROWSER=1          Print the sign-in URL without opening a browser
  PI_OAUTH_CALLBACK_PORT   Port of the sign-in callback listener (0 = any free port)

Examples:
  pi auth login anthropic
  echo "$OPENAI_KEY" | pi auth login openai
  pi auth check --model sonnet --json
  TOKEN=$(pi auth print-bearer-token github-copilot --min-expiry 10m)
`;

export const authCliTexts = {
	unknownSubcommand: (name: string) =>
		`Unknown auth command "${name}". Use login, logout, check, print-api-key or print-bearer-token (see pi auth --help).`,
	unknownOption: (command: string, option: string) => `Unknown option for pi auth ${command}: ${option}`,
	extraArgument: (command: string, value: string) => `Unexpected argument for pi auth ${command}: ${value}`,
	needsTarget: (command: string) =>
		`pi auth ${command} needs a provider or a model: pi auth ${command} <provider|model>`,
	unknownTarget: (value: string) =>
		`"${value}" is neither a provider nor a model. See pi auth login for providers, pi --list-models for models.`,
	badDuration: (value: string) => `--min-expiry needs a duration such as 90s, 30m or 1h; got "${value}"`,
	unknownProvider: (provider: string) => `pi has no sign-in for provider "${provider}".`,
	// login
	chooseHeading: "Sign in with a subscription:",
	apiKeyLabel: (name: string) => `${name} API key`,
	apiKeyHeading: "Or store an API key for:",
	chooseFooter: "Run pi auth login <provider> (add --api-key to store a key for a subscription provider).",
	choosePrompt: "Provider (number or id, empty to cancel): ",
	signingIn: (name: string) => `Signing in to ${name}. Press Ctrl+C to cancel.`,
	openUrl: "Open this URL in a browser to sign in:",
	deviceCode: (code: string) => `Code: ${code}`,
	pastePrompt: "Paste the redirect URL or code here if the browser cannot reach this machine: ",
	browser: {
		opened: "Opened the browser.",
		disabled: "Not opening a browser (PI_NO_BROWSER=1); open the URL yourself.",
		"no-display": "No display found, so no browser was opened; open the URL on any device.",
		failed: "Could not start a browser; open the URL yourself.",
	} satisfies Record<BrowserOpenResult, string>,
	cancelled: "Sign-in cancelled; nothing was stored.",
	loginFailed: (name: string, detail: string) => `${name} sign-in failed: ${detail}`,
	signedIn: (name: string, provider: string, file: string | undefined) =>
		`Signed in to ${name}; the ${provider} credentials are saved${file ? ` in ${file}` : ""}.`,
	keyPrompt: (provider: string) => `API key for ${provider} (input hidden): `,
	noKeyGiven: (provider: string) => `No API key given for ${provider}; nothing was stored.`,
	keySaved: (provider: string, file: string | undefined) =>
		`Saved the API key for ${provider}${file ? ` in ${file}` : ""}.`,
	// logout
	nothingStored: "No credentials are stored in auth.json.",
	storedHeading: "Stored credentials:",
	logoutFooter: "Run pi auth logout <provider>.",
	notStored: (provider: string) => `No credentials are stored for ${provider}.`,
	loggedOut: (provider: string, file: string | undefined) =>
		`Removed the credentials of ${provider}${file ? ` from ${file}` : ""}.`,
	// print-*
	isOAuthNotKey: (provider: string) =>
		`${provider} is signed in with a subscription (OAuth), not an API key; use pi auth print-bearer-token ${provider}.`,
	notOAuth: (provider: string) =>
		`${provider} has no subscription sign-in (OAuth) in auth.json; sign in with pi auth login ${provider}.`,
	noKey: (provider: string) => `No API key is configured for ${provider}.`,
	tokenTooShort: (provider: string, minutes: number) =>
		`Warning: the refreshed ${provider} token is valid for less than the requested ${minutes} min.`,
} as const;
