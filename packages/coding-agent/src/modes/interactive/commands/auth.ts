/**
 * /login and /logout. /login offers the subscriptions first (Claude Pro/Max, ChatGPT for Codex, GitHub Copilot,
 * then sign-ins extensions register: an OAuth sign-in shown in a dialog, see selectors/oauth-login-dialog.ts), then
 * the providers that take an API key (typed without echo). Either way the provider's default model is selected
 * afterwards, so the next prompt goes to the provider just logged in to. /logout removes a stored entry, naming
 * OAuth ones by their subscription.
 */
import type { OAuthCredentials } from "@pi/ai";
import { loginChoices } from "../../../core/auth/login-choices.js";
import { loadOAuthModelAdjusters } from "../../../core/auth/oauth-support.js";
import { openBrowser } from "../../../core/auth/open-browser.js";
import { isOAuthCredential } from "../../../core/config/auth-storage.js";
import { getProviderDefaultModel } from "../../../core/config/model-resolver.js";
import { errorMessage } from "../../../core/extensions/texts.js";
import { NOTICE_TEXT } from "../notices.js";
import { OAUTH_DIALOG_TEXT, OAuthLoginDialog } from "../selectors/oauth-login-dialog.js";
import type { CommandRun, ModeContext } from "./types.js";

export const AUTH_TEXT = {
	noStorage: "Credentials cannot be stored in this session (no auth storage).",
	pickProvider: "Log in: a subscription, or an API key",
	subscription: "subscription",
	apiKey: "API key",
	enterKey: (provider: string) => `API key for ${provider} (not shown)`,
	nothingStored: "No credentials are stored in auth.json.",
	pickLogout: "Remove the credentials of",
	signInTitle: (name: string) => `Sign in to ${name}`,
	signedIn: (name: string) => `Signed in to ${name}.`,
	signInFailed: (name: string, detail: string) => `${name} sign-in failed: ${detail}`,
	signInCancelled: "Sign-in cancelled; nothing was stored.",
	browserOpened: "Opened in your browser.",
	browserDisabled: "PI_NO_BROWSER is set: open the URL yourself.",
	browserNoDisplay: "No display found: open the URL on any device.",
	browserFailed: "Could not start a browser: open the URL yourself.",
	loggedOutOAuth: (name: string, provider: string) => `Signed out of ${name}; removed ${provider} from auth.json.`,
} as const;

const BROWSER_NOTES = {
	opened: AUTH_TEXT.browserOpened,
	disabled: AUTH_TEXT.browserDisabled,
	"no-display": AUTH_TEXT.browserNoDisplay,
	failed: AUTH_TEXT.browserFailed,
} as const;

/** `oauth:<id>` or `key:<provider>`: what to log in to, from the argument or the picker. */
async function chooseLogin(context: ModeContext, args: string): Promise<string | undefined> {
	const registry = context.session.modelRegistry;
	if (args) return registry.oauthProviders.has(args) ? `oauth:${args}` : `key:${args}`;
	const items = loginChoices(registry.getProviders(), registry.oauthProviders).map((choice) =>
		choice.kind === "oauth"
			? { value: `oauth:${choice.provider}`, label: choice.label, description: AUTH_TEXT.subscription }
			: {
					value: `key:${choice.provider}`,
					label: choice.label,
					description: `${AUTH_TEXT.apiKey} · ${choice.provider}`,
				},
	);
	return context.dialogs.select(AUTH_TEXT.pickProvider, items);
}

/** After a login: the provider's default model becomes the session's model. */
async function selectDefaultModel(context: ModeContext, provider: string): Promise<void> {
	const { session } = context;
	const registry = session.modelRegistry;
	const model = getProviderDefaultModel(provider, {
		models: registry.getAll(),
		isAvailable: (candidate) => registry.isAvailable(candidate),
	});
	if (!model) return;
	try {
		await session.setModel(model);
		context.notify("success", NOTICE_TEXT.modelChanged(model.provider, model.id, session.thinkingLevel));
	} catch (error) {
		context.notify("error", errorMessage(error));
	}
}

/** Runs a provider's OAuth flow in a dialog; resolves with its credentials, or undefined (cancelled or failed). */
async function runOAuthDialog(context: ModeContext, providerId: string): Promise<OAuthCredentials | undefined> {
	const provider = await context.session.modelRegistry.oauthProviders.load(providerId);
	if (!provider) return undefined;
	const controller = new AbortController();
	let outcome: { credentials: OAuthCredentials } | { error: unknown } | undefined;
	const shown = context.dialogs.open<true>((finish, theme) => {
		const view = new OAuthLoginDialog({
			theme,
			title: AUTH_TEXT.signInTitle(provider.name),
			onCancel: () => controller.abort(),
			requestRender: () => context.dialogs.requestRender(),
		});
		provider
			.login({
				onAuth: (info) => {
					view.showAuth(info.url, info.userCode, info.instructions);
					void openBrowser(info.url, context.browser).then((result) => view.addNote(BROWSER_NOTES[result]));
				},
				onPrompt: async (prompt) =>
					(await view.ask(prompt.message, { placeholder: prompt.placeholder, signal: controller.signal })) ?? "",
				// Cancelled (Esc aborts the flow): "" is no option's id, and the flow stops on the aborted signal.
				onSelect: async (prompt) =>
					(await view.choose(prompt.message, prompt.options, { signal: controller.signal })) ?? "",
				onProgress: (message) => view.setProgress(message),
				onManualCodeInput: provider.usesCallbackServer
					? async (signal) =>
							(await view.ask(OAUTH_DIALOG_TEXT.pasteLabel, {
								signal: signal ? AbortSignal.any([signal, controller.signal]) : controller.signal,
							})) ?? ""
					: undefined,
				signal: controller.signal,
			})
			.then(
				(credentials) => {
					outcome = { credentials };
					finish(true);
				},
				(error) => {
					outcome = { error };
					finish(true);
				},
			);
		return view;
	});
	await shown;
	// Closed without an outcome: replaced by another dialog; the flow must not go on listening.
	if (!outcome) controller.abort();
	if (outcome && "credentials" in outcome) return outcome.credentials;
	if (controller.signal.aborted) context.notify("info", AUTH_TEXT.signInCancelled);
	else if (outcome) context.notify("error", AUTH_TEXT.signInFailed(provider.name, errorMessage(outcome.error)));
	return undefined;
}

/** The implementations of /login and /logout. */
export const authCommandRuns = {
	async login(context, args) {
		const storage = context.authStorage;
		if (!storage) return context.notify("error", AUTH_TEXT.noStorage);
		const choice = await chooseLogin(context, args.trim());
		if (!choice) return;
		const registry = context.session.modelRegistry;
		const provider = choice.slice(choice.indexOf(":") + 1);
		if (choice.startsWith("oauth:")) {
			const credentials = await runOAuthDialog(context, provider);
			if (!credentials) return;
			storage.set(provider, { type: "oauth", ...credentials });
			registry.refresh();
			await loadOAuthModelAdjusters(storage, registry, { onWarning: (message) => context.notify("warning", message) });
			const name = registry.oauthProviders.name(provider) ?? provider;
			context.notify("success", AUTH_TEXT.signedIn(name));
		} else {
			const key = await context.dialogs.input(AUTH_TEXT.enterKey(provider), { masked: true });
			if (!key) return;
			storage.setApiKey(provider, key);
			registry.refresh();
			context.notify("success", NOTICE_TEXT.loggedIn(provider));
		}
		await selectDefaultModel(context, provider);
		context.refreshFooter();
	},
	async logout(context, args) {
		const storage = context.authStorage;
		if (!storage) return context.notify("error", AUTH_TEXT.noStorage);
		const stored = storage.list();
		if (stored.length === 0) return context.notify("info", AUTH_TEXT.nothingStored);
		const signIns = context.session.modelRegistry.oauthProviders;
		const label = (provider: string) =>
			isOAuthCredential(storage.get(provider)) ? (signIns.name(provider) ?? provider) : provider;
		const provider =
			args.trim() ||
			(await context.dialogs.select(
				AUTH_TEXT.pickLogout,
				stored.map((name) => ({
					value: name,
					label: label(name),
					description: isOAuthCredential(storage.get(name)) ? `${AUTH_TEXT.subscription} · ${name}` : AUTH_TEXT.apiKey,
				})),
			));
		if (!provider) return;
		const done = isOAuthCredential(storage.get(provider))
			? AUTH_TEXT.loggedOutOAuth(label(provider), provider)
			: NOTICE_TEXT.loggedOut(provider);
		storage.remove(provider);
		context.session.modelRegistry.refresh();
		context.notify("success", done);
		context.refreshFooter();
	},
} satisfies Record<string, CommandRun>;
