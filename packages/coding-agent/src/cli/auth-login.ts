/**
 * `pi auth login <provider>` in the terminal. A subscription runs its OAuth flow: the URL is printed (and opened in
 * a browser when there is one), the loopback callback races a code pasted on stdin (browser on another machine),
 * device codes are shown, a choice the flow offers is a list on a terminal (a numbered question on a pipe), progress is
 * reported, Ctrl+C cancels. An API-key provider reads the key without echo
 * from a terminal, or from piped stdin. The conversation goes to stderr; stdout gets only the final line.
 */
import type { OAuthLoginCallbacks } from "@pi/ai";
import type { OAuthProviderRegistry } from "../core/auth/oauth-providers.js";
import { openBrowser } from "../core/auth/open-browser.js";
import { askSelect } from "../core/auth/select-prompt.js";
import type { AuthStorage } from "../core/config/auth-storage.js";
import { chooseOnTerminal } from "./auth-select.js";
import { authCliTexts } from "./auth-texts.js";
import { CliError, EXIT } from "./errors.js";
import { LineReader, readSecret } from "./terminal-input.js";

/** What a login runs with. */
export interface LoginContext {
	auth: AuthStorage;
	/** The sign-ins: built-in subscriptions and those the extensions registered. */
	signIns: Pick<OAuthProviderRegistry, "load">;
	stdin: NodeJS.ReadStream;
	stdout: { write(text: string): unknown };
	stderr: NodeJS.WritableStream;
	/** PI_NO_BROWSER=1: never start a browser. */
	noBrowser: boolean;
	/** Whether a graphical display is there to open a browser on (DISPLAY / WAYLAND_DISPLAY). */
	hasDisplay: boolean;
}

/** Signs in to a subscription provider and stores its credentials. Resolves with the exit code. */
export async function loginWithOAuth(providerId: string, context: LoginContext): Promise<number> {
	const provider = await context.signIns.load(providerId);
	if (!provider) throw new CliError(authCliTexts.unknownProvider(providerId));
	const { stderr } = context;
	const say = (line: string) => stderr.write(`${line}\n`);
	const controller = new AbortController();
	const onSigint = () => controller.abort();
	process.on("SIGINT", onSigint);
	let lines = new LineReader(context.stdin, stderr);
	/** The list chooser reads raw keys: the line reader lets go of stdin meanwhile and a new one takes over after. */
	const chooseFromList: NonNullable<OAuthLoginCallbacks["onSelect"]> = async (prompt) => {
		lines.close();
		try {
			const id = await chooseOnTerminal(context.stdin, stderr, prompt, controller.signal);
			if (id === undefined) controller.abort();
			// Cancelled: "" is no option's id, and the flow stops on the aborted signal.
			return id ?? "";
		} finally {
			lines = new LineReader(context.stdin, stderr);
		}
	};
	say(authCliTexts.signingIn(provider.name));
	try {
		const credentials = await provider.login({
			onAuth: (info) => {
				say("");
				say(authCliTexts.openUrl);
				say(`  ${info.url}`);
				if (info.userCode) say(authCliTexts.deviceCode(info.userCode));
				if (info.instructions) say(info.instructions);
				say("");
				void openBrowser(info.url, context).then((result) => {
					const note = authCliTexts.browser[result];
					if (note) say(note);
				});
			},
			onPrompt: async (prompt) => {
				const hint = prompt.placeholder ? ` (${prompt.placeholder})` : "";
				// Extensions' questions often end in a colon of their own ("Paste the code:").
				const question = `${prompt.message}${hint}`.replace(/[:?]?\s*$/, (end) =>
					end.trim() ? `${end.trim()} ` : ": ",
				);
				const answer = await lines.ask(question, controller.signal);
				return answer ?? "";
			},
			onSelect: context.stdin.isTTY
				? chooseFromList
				: (prompt) => askSelect(prompt, (question) => lines.ask(`${question}: `, controller.signal)),
			onProgress: (message) => say(message),
			onManualCodeInput: provider.usesCallbackServer
				? async (signal) => (await lines.ask(authCliTexts.pastePrompt, anySignal(signal, controller.signal))) ?? ""
				: undefined,
			signal: controller.signal,
		});
		context.auth.set(provider.id, { type: "oauth", ...credentials });
		context.stdout.write(`${authCliTexts.signedIn(provider.name, provider.id, context.auth.path)}\n`);
		return EXIT.ok;
	} catch (error) {
		if (controller.signal.aborted) {
			say(authCliTexts.cancelled);
			return EXIT.sigint;
		}
		throw new CliError(authCliTexts.loginFailed(provider.name, errorText(error)));
	} finally {
		process.off("SIGINT", onSigint);
		lines.close();
	}
}

/** Stores an API key read without echo (or from piped stdin). */
export async function loginWithApiKey(provider: string, context: LoginContext): Promise<number> {
	const key = await readSecret(context.stdin, context.stderr, authCliTexts.keyPrompt(provider));
	if (!key) throw new CliError(authCliTexts.noKeyGiven(provider), EXIT.failure);
	context.auth.setApiKey(provider, key);
	context.stdout.write(`${authCliTexts.keySaved(provider, context.auth.path)}\n`);
	return EXIT.ok;
}

function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal {
	return AbortSignal.any(signals.filter((signal): signal is AbortSignal => signal !== undefined));
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
