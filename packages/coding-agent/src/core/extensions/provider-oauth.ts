/**
 * The adapter between an extension's `registerProvider(name, { oauth })` (the original pi's shape: `refreshToken`,
 * callbacks with `onDeviceCode`, `onSelect`, a `onManualCodeInput` without arguments) and pi's sign-in contract
 * (`OAuthProvider` of @pi/ai: `refresh`, `usesCallbackServer`, a `onManualCodeInput(signal)`). `refreshToken`
 * gets the abort signal as its second argument, as in the original 0.87. The result goes
 * into the model registry's sign-in registry, where /login, `pi auth` and token refresh find it.
 */
import type { OAuthCredentials, OAuthLoginCallbacks, OAuthProvider } from "@pi/ai";
import type { ProviderOAuthConfig, ProviderOAuthCredentials, ProviderOAuthLoginCallbacks } from "./api-types.js";
import { extensionTexts } from "./texts.js";

const REQUIRED_FUNCTIONS = ["login", "refreshToken", "getApiKey"] as const;

/** Checks an extension's `oauth` config; throws a TypeError naming the missing member. */
export function validateProviderOAuth(provider: string, config: ProviderOAuthConfig): void {
	if (typeof config !== "object" || config === null) {
		throw new TypeError(extensionTexts.invalidProviderOAuth(provider, "to be an object"));
	}
	if (typeof config.name !== "string" || config.name === "") {
		throw new TypeError(extensionTexts.invalidProviderOAuth(provider, "a name"));
	}
	for (const member of REQUIRED_FUNCTIONS) {
		if (typeof config[member] !== "function") {
			throw new TypeError(extensionTexts.invalidProviderOAuth(provider, `a ${member} function`));
		}
	}
}

/** pi's sign-in integration for an extension's `oauth` config, under the provider name `id`. */
export function adaptProviderOAuth(id: string, config: ProviderOAuthConfig): OAuthProvider {
	validateProviderOAuth(id, config);
	const usesCallbackServer = config.usesCallbackServer === true;
	const modifyModels = config.modifyModels;
	return {
		id,
		name: config.name,
		usesCallbackServer,
		async login(callbacks) {
			// Ends the pasted-code question once the flow is over (the original's callback takes no signal).
			const finished = new AbortController();
			try {
				const credentials = await config.login(toExtensionCallbacks(callbacks, usesCallbackServer, finished.signal));
				return checked(config.name, credentials);
			} finally {
				finished.abort();
			}
		},
		async refresh(credentials, signal) {
			return checked(config.name, await config.refreshToken(credentials as ProviderOAuthCredentials, signal));
		},
		getApiKey: (credentials) => config.getApiKey(credentials as ProviderOAuthCredentials),
		...(modifyModels ? { modifyModels: (models, credentials) => modifyModels.call(config, models, credentials) } : {}),
	};
}

/** The callbacks object the original pi hands to `login`, on top of pi's. */
function toExtensionCallbacks(
	callbacks: OAuthLoginCallbacks,
	usesCallbackServer: boolean,
	finished: AbortSignal,
): ProviderOAuthLoginCallbacks {
	const manual = callbacks.onManualCodeInput;
	return {
		onAuth: (info) => callbacks.onAuth({ url: info.url, instructions: info.instructions }),
		onDeviceCode: (info) => callbacks.onAuth({ url: info.verificationUri, userCode: info.userCode }),
		onPrompt: (prompt) => callbacks.onPrompt(prompt),
		onProgress: (message) => callbacks.onProgress?.(message),
		// Always there, as in the original: without a callback server to race, it is a plain question.
		onManualCodeInput: () =>
			usesCallbackServer && manual
				? manual(finished)
				: callbacks.onPrompt({ message: extensionTexts.oauthPasteCode, placeholder: "code" }),
		onSelect: (prompt) => select(callbacks, prompt),
		signal: callbacks.signal,
	};
}

/**
 * The caller's chooser when it has one (the /login dialog's list, the CLI's numbered question); otherwise a numbered
 * question stands in for it. Undefined when cancelled: the chooser answered with no option's id (the /login dialog
 * answers "" once Esc aborted the sign-in).
 */
async function select(
	callbacks: OAuthLoginCallbacks,
	prompt: { message: string; options: { id: string; label: string }[] },
): Promise<string | undefined> {
	if (callbacks.onSelect) {
		const id = await callbacks.onSelect(prompt);
		return prompt.options.some((option) => option.id === id) ? id : undefined;
	}
	const lines = prompt.options.map((option, index) => `${index + 1}. ${option.label}`);
	const answer = (
		await callbacks.onPrompt({
			message: [prompt.message, ...lines, extensionTexts.oauthSelectHint].join("\n"),
			placeholder: "1",
			allowEmpty: true,
		})
	).trim();
	if (answer === "") return undefined;
	const byNumber = /^\d+$/.test(answer) ? prompt.options[Number(answer) - 1] : undefined;
	return (byNumber ?? prompt.options.find((option) => option.id === answer || option.label === answer))?.id;
}

function checked(name: string, credentials: ProviderOAuthCredentials | undefined): OAuthCredentials {
	const ok =
		typeof credentials === "object" &&
		credentials !== null &&
		typeof credentials.access === "string" &&
		typeof credentials.expires === "number";
	if (!ok) throw new Error(extensionTexts.invalidOAuthCredentials(name));
	// auth.json's `type` is the caller's to set; a refresh may hand back the stored entry with it.
	const { type: _type, ...rest } = credentials as ProviderOAuthCredentials & { type?: unknown };
	return rest as OAuthCredentials;
}
