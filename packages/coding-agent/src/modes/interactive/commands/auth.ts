/**
 * /login and /logout: store or remove a provider API key in auth.json (the key is typed without echo). A login
 * selects the provider's default model, so the next prompt goes to the provider just logged in to.
 */
import { getProviderDefaultModel } from "../../../core/config/model-resolver.js";
import { errorMessage } from "../../../core/extensions/texts.js";
import { NOTICE_TEXT } from "../notices.js";
import type { CommandRun, ModeContext } from "./types.js";

export const AUTH_TEXT = {
	noStorage: "Credentials cannot be stored in this session (no auth storage).",
	pickProvider: "Provider to log in to",
	enterKey: (provider: string) => `API key for ${provider} (not shown)`,
	nothingStored: "No credentials are stored in auth.json.",
	pickLogout: "Remove the credentials of",
} as const;

async function chooseProvider(context: ModeContext, args: string): Promise<string | undefined> {
	if (args) return args;
	const providers = context.session.modelRegistry.getProviders();
	return context.dialogs.select(
		AUTH_TEXT.pickProvider,
		providers.map((provider) => ({ value: provider, label: provider })),
	);
}

/** The implementations of /login and /logout. */
export const authCommandRuns = {
	async login(context, args) {
		const storage = context.authStorage;
		if (!storage) return context.notify("error", AUTH_TEXT.noStorage);
		const provider = await chooseProvider(context, args);
		if (!provider) return;
		const key = await context.dialogs.input(AUTH_TEXT.enterKey(provider), { masked: true });
		if (!key) return;
		storage.setApiKey(provider, key);
		const { session } = context;
		const registry = session.modelRegistry;
		registry.refresh();
		context.notify("success", NOTICE_TEXT.loggedIn(provider));
		const model = getProviderDefaultModel(provider, {
			models: registry.getAll(),
			isAvailable: (candidate) => registry.isAvailable(candidate),
		});
		if (model) {
			try {
				await session.setModel(model);
				context.notify("success", NOTICE_TEXT.modelChanged(model.provider, model.id, session.thinkingLevel));
			} catch (error) {
				context.notify("error", errorMessage(error));
			}
		}
		context.refreshFooter();
	},
	async logout(context, args) {
		const storage = context.authStorage;
		if (!storage) return context.notify("error", AUTH_TEXT.noStorage);
		const stored = storage.list();
		if (stored.length === 0) return context.notify("info", AUTH_TEXT.nothingStored);
		const provider =
			args ||
			(await context.dialogs.select(
				AUTH_TEXT.pickLogout,
				stored.map((name) => ({ value: name, label: name })),
			));
		if (!provider) return;
		storage.remove(provider);
		context.session.modelRegistry.refresh();
		context.notify("success", NOTICE_TEXT.loggedOut(provider));
		context.refreshFooter();
	},
} satisfies Record<string, CommandRun>;
