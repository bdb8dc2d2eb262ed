import type { OAuthAuthInfo, OAuthLoginCallbacks, OAuthPrompt, OAuthSelectPrompt } from "../../src/oauth/types.js";

/** What a scripted sign-in saw, and the browser's visit (when it made one). */
export interface ScriptedLogin {
	callbacks: OAuthLoginCallbacks;
	auths: OAuthAuthInfo[];
	prompts: OAuthPrompt[];
	/** The choices the flow offered through `onSelect`. */
	selects: OAuthSelectPrompt[];
	progress: string[];
	/** The browser's final page (after following the redirect to the loopback server). */
	browserPage?: Promise<{ status: number; text: string }>;
}

export interface ScriptOptions {
	/** Visit the authorization URL like a browser (follow the redirect to the callback server). Default true. */
	browser?: boolean;
	/** Answers to `onPrompt`, in order (default: empty answers). */
	answers?: string[];
	/** What the user pastes; a function gets the authorization URL. Omitted: no paste input offered. */
	paste?: (authUrl: string) => Promise<string> | string;
	/** The option id picked when the flow offers a choice. Omitted: no `onSelect` (the flow takes its default). */
	choose?: string;
	signal?: AbortSignal;
}

/** Callbacks that act like a person at the keyboard with a browser on the same machine (or not). */
export function scriptLogin(options: ScriptOptions = {}): ScriptedLogin {
	const answers = [...(options.answers ?? [])];
	let authUrl: ((url: string) => void) | undefined;
	const authUrlSeen = new Promise<string>((resolve) => {
		authUrl = resolve;
	});
	const script: ScriptedLogin = {
		auths: [],
		prompts: [],
		selects: [],
		progress: [],
		callbacks: {
			onAuth: (info) => {
				script.auths.push(info);
				authUrl?.(info.url);
				if (options.browser !== false) {
					script.browserPage = fetch(info.url).then(async (response) => ({
						status: response.status,
						text: await response.text(),
					}));
				}
			},
			onPrompt: async (prompt) => {
				script.prompts.push(prompt);
				return answers.shift() ?? "";
			},
			onProgress: (message) => {
				script.progress.push(message);
			},
			signal: options.signal,
		},
	};
	const paste = options.paste;
	if (paste) script.callbacks.onManualCodeInput = async () => paste(await authUrlSeen);
	const choose = options.choose;
	if (choose !== undefined) {
		script.callbacks.onSelect = async (prompt) => {
			script.selects.push(prompt);
			return choose;
		};
	}
	return script;
}

/** Where the authorize endpoint sends the browser: the redirect URL, without following it. */
export async function redirectOf(authUrl: string): Promise<URL> {
	const response = await fetch(authUrl, { redirect: "manual" });
	const location = response.headers.get("location");
	if (response.status !== 302 || !location) throw new Error(`expected a redirect, got ${response.status}`);
	return new URL(location);
}

/** The redirect URI an authorization URL names. */
export function redirectUriOf(authUrl: string): URL {
	return new URL(new URL(authUrl).searchParams.get("redirect_uri") ?? "");
}
