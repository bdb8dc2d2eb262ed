/**
 * `pi auth login | logout | check | print-api-key | print-bearer-token` (docs/auth.md). Each parses its few
 * options; secrets and results go to stdout and nothing else does; failures are one `Error:` line on stderr.
 * Exit codes: 0 success, 1 failure, 2 usage; `check` answers 0 ready, 1 not_ready, 2 invalid.
 */
import { parseArgs } from "node:util";
import { checkCredentials, formatCredentialStatus } from "../core/auth/credential-status.js";
import { loginChoices } from "../core/auth/login-choices.js";
import { AuthStorage, isOAuthCredential } from "../core/config/auth-storage.js";
import { ModelRegistry } from "../core/config/model-registry.js";
import { resolveModelPattern } from "../core/config/model-resolver.js";
import { AUTH_HELP, authCliTexts } from "./auth-texts.js";
import { CliError, EXIT, usageError } from "./errors.js";
import { LineReader } from "./terminal-input.js";

/** What an auth command runs with. */
export interface AuthCommandContext {
	agentDir: string;
	/** Where project extensions (`.pi/extensions`) and `-e` paths are found; default the process's. */
	cwd?: string;
	env: NodeJS.ProcessEnv;
	stdin: NodeJS.ReadStream;
	/** Results and secrets only (main.ts hands the claimed stdout). */
	stdout: { write(text: string): unknown };
	stderr: NodeJS.WritableStream;
	/** PI_NO_BROWSER=1. */
	noBrowser: boolean;
	/** A graphical display to open a browser on. */
	hasDisplay: boolean;
}

/** Every command that resolves credentials loads the extensions (their providers may bring a sign-in). */
const EXTENSION_OPTIONS = {
	extension: { type: "string", short: "e", multiple: true },
	"no-extensions": { type: "boolean" },
} as const;
const TARGET_OPTIONS = { provider: { type: "string" }, model: { type: "string" }, ...EXTENSION_OPTIONS } as const;
const DEFAULT_MIN_EXPIRY_MS = 30 * 60_000;

type Values = Record<string, string | boolean | string[] | undefined>;
type OptionSpec = Record<string, { type: "boolean" | "string"; short?: string; multiple?: boolean }>;

function parse(command: string, argv: readonly string[], options: OptionSpec) {
	try {
		const all = { help: { type: "boolean" as const, short: "h" }, ...options };
		const parsed = parseArgs({ args: [...argv], options: all, allowPositionals: true, strict: true });
		return { values: parsed.values as Values, positionals: parsed.positionals };
	} catch (error) {
		const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? (error as Error).message;
		throw usageError(authCliTexts.unknownOption(command, option));
	}
}

/** Runs `pi auth ...argv`; resolves with the exit code, throws CliError for the CLI to report. */
export async function runAuthCommand(argv: readonly string[], context: AuthCommandContext): Promise<number> {
	const [command, ...rest] = argv;
	if (command === undefined || command === "help" || command === "--help" || command === "-h") {
		context.stdout.write(AUTH_HELP);
		return EXIT.ok;
	}
	const warn = (message: string) => context.stderr.write(`Warning: ${message}\n`);
	const open = async (values?: Values) => {
		const auth = AuthStorage.create({ agentDir: context.agentDir, onWarning: warn });
		const registry = new ModelRegistry({
			agentDir: context.agentDir,
			auth,
			env: context.env,
			onError: warn,
			onWarning: warn,
		});
		if (values) await loadExtensionsFor(registry, values, context, warn);
		return { auth, registry };
	};
	switch (command) {
		case "login": {
			const { values, positionals } = parse(command, rest, {
				provider: { type: "string" },
				"api-key": { type: "boolean" },
				...EXTENSION_OPTIONS,
			});
			if (values.help) return help(context);
			const { auth, registry } = await open(values);
			const signIns = registry.oauthProviders;
			const given = (values.provider as string | undefined) ?? positionals[0];
			const choice = given
				? { id: given, apiKey: values["api-key"] === true || !signIns.has(given) }
				: await chooseProvider(registry, context);
			if (!choice) return EXIT.usage;
			const { loginWithApiKey, loginWithOAuth } = await import("./auth-login.js");
			const login = { ...context, auth, signIns };
			return choice.apiKey ? loginWithApiKey(choice.id, login) : loginWithOAuth(choice.id, login);
		}
		case "logout": {
			const { values, positionals } = parse(command, rest, { provider: { type: "string" }, ...EXTENSION_OPTIONS });
			if (values.help) return help(context);
			const provider = (values.provider as string | undefined) ?? positionals[0];
			// The list names each sign-in, an extension's too: only then are the extensions loaded.
			const { auth, registry } = await open(provider ? undefined : values);
			if (!provider) return listStored(auth, registry, context);
			if (auth.get(provider) === undefined) throw new CliError(authCliTexts.notStored(provider));
			auth.remove(provider);
			context.stdout.write(`${authCliTexts.loggedOut(provider, auth.path)}\n`);
			return EXIT.ok;
		}
		case "check": {
			const { values, positionals } = parse(command, rest, {
				...TARGET_OPTIONS,
				json: { type: "boolean" },
				"no-refresh": { type: "boolean" },
				credentials: { type: "boolean" },
			});
			if (values.help) return help(context);
			const { registry } = await open(values);
			const provider = resolveTarget(command, values, positionals, registry);
			const refresh = values["no-refresh"] !== true;
			const status = await checkCredentials(provider, { registry, env: context.env, refresh });
			let credential: string | undefined;
			if (values.credentials && status.status === "ready") {
				credential = await registry.apiKeys.getApiKey(provider).catch(() => undefined);
			}
			const output = values.json
				? JSON.stringify({ ...status, ...(credential ? { credentials: credential } : {}) })
				: (credential ?? formatCredentialStatus(status));
			context.stdout.write(`${output}\n`);
			return status.status === "ready" ? EXIT.ok : status.status === "not_ready" ? EXIT.failure : EXIT.usage;
		}
		case "print-api-key": {
			const { values, positionals } = parse(command, rest, TARGET_OPTIONS);
			if (values.help) return help(context);
			const { auth, registry } = await open(values);
			const provider = resolveTarget(command, values, positionals, registry);
			if (isOAuthCredential(auth.get(provider))) throw new CliError(authCliTexts.isOAuthNotKey(provider));
			const key = registry.apiKeys.resolve(provider)?.key;
			if (!key) throw new CliError(authCliTexts.noKey(provider));
			context.stdout.write(`${key}\n`);
			return EXIT.ok;
		}
		case "print-bearer-token": {
			const { values, positionals } = parse(command, rest, { ...TARGET_OPTIONS, "min-expiry": { type: "string" } });
			if (values.help) return help(context);
			const minValidityMs =
				values["min-expiry"] === undefined ? DEFAULT_MIN_EXPIRY_MS : parseDuration(values["min-expiry"] as string);
			const { auth, registry } = await open(values);
			const provider = resolveTarget(command, values, positionals, registry);
			if (!isOAuthCredential(auth.get(provider)) || !registry.apiKeys.canRefresh(provider)) {
				throw new CliError(authCliTexts.notOAuth(provider));
			}
			const token = await registry.apiKeys.getApiKey(provider, { minValidityMs });
			const entry = auth.get(provider);
			if (isOAuthCredential(entry) && entry.expires - Date.now() < minValidityMs) {
				context.stderr.write(`${authCliTexts.tokenTooShort(provider, Math.round(minValidityMs / 60_000))}\n`);
			}
			context.stdout.write(`${token}\n`);
			return EXIT.ok;
		}
		default:
			throw usageError(authCliTexts.unknownSubcommand(command));
	}
}

/** Loads the extensions the command line and the usual places name (auth-extensions.ts, imported only then). */
async function loadExtensionsFor(
	registry: ModelRegistry,
	values: Values,
	context: AuthCommandContext,
	warn: (message: string) => void,
): Promise<void> {
	const { loadAuthExtensions } = await import("./auth-extensions.js");
	await loadAuthExtensions(registry, {
		cwd: context.cwd ?? process.cwd(),
		agentDir: context.agentDir,
		env: context.env,
		paths: (values.extension as string[] | undefined) ?? [],
		noDiscovery: values["no-extensions"] === true,
		warn,
	});
}

function help(context: AuthCommandContext): number {
	context.stdout.write(AUTH_HELP);
	return EXIT.ok;
}

/** `90s`, `30m`, `1h`, `500ms` → milliseconds. */
export function parseDuration(value: string): number {
	const match = /^(\d+)(ms|s|m|h)$/i.exec(value.trim());
	if (!match) throw usageError(authCliTexts.badDuration(value));
	const unit = match[2]!.toLowerCase();
	const scale = unit === "ms" ? 1 : unit === "s" ? 1000 : unit === "m" ? 60_000 : 3_600_000;
	return Number(match[1]) * scale;
}

/**
 * The provider a command is about: `--provider`, `--model` (its provider; limited to `--provider` when both are
 * given), or the positional argument (a provider name when it is one, else a model pattern).
 */
function resolveTarget(command: string, values: Values, positionals: string[], registry: ModelRegistry): string {
	const [positional, extra] = positionals;
	if (extra !== undefined) throw usageError(authCliTexts.extraArgument(command, extra));
	const provider = values.provider as string | undefined;
	const model = values.model as string | undefined;
	const catalog = { models: registry.getAll(), isAvailable: (m: { provider: string }) => registry.isAvailable(m) };
	if (model !== undefined) {
		const resolved = resolveModelPattern(model, catalog, provider);
		if (!resolved.ok) throw new CliError(resolved.error, EXIT.usage);
		return resolved.model.provider;
	}
	if (provider !== undefined) return provider;
	if (positional === undefined) throw usageError(authCliTexts.needsTarget(command));
	if (isKnownProvider(positional, registry)) return positional;
	const resolved = resolveModelPattern(positional, catalog);
	if (!resolved.ok) throw new CliError(authCliTexts.unknownTarget(positional), EXIT.usage);
	return resolved.model.provider;
}

function isKnownProvider(name: string, registry: ModelRegistry): boolean {
	return (
		registry.getProviders().includes(name) ||
		registry.oauthProviders.has(name) ||
		registry.authStorage.get(name) !== undefined
	);
}

/** A provider to log in to, and whether with an API key rather than its subscription sign-in. */
interface LoginTarget {
	id: string;
	apiKey: boolean;
}

/** `pi auth login` without a provider: the choices, then (on a terminal) a question. */
async function chooseProvider(registry: ModelRegistry, context: AuthCommandContext): Promise<LoginTarget | undefined> {
	const choices = loginChoices(registry.getProviders(), registry.oauthProviders);
	const out = context.stdin.isTTY ? context.stderr : context.stdout;
	const width = Math.max(...choices.map((choice) => choice.provider.length));
	out.write(`${authCliTexts.chooseHeading}\n`);
	choices.forEach((choice, index) => {
		if (choice.kind === "api_key" && choices[index - 1]?.kind !== "api_key")
			out.write(`${authCliTexts.apiKeyHeading}\n`);
		const label = choice.kind === "api_key" ? authCliTexts.apiKeyLabel(choice.label) : choice.label;
		out.write(`  ${String(index + 1).padStart(2)}. ${choice.provider.padEnd(width)}  ${label}\n`);
	});
	if (!context.stdin.isTTY) {
		out.write(`${authCliTexts.chooseFooter}\n`);
		return undefined;
	}
	const reader = new LineReader(context.stdin, context.stderr);
	try {
		const answer = await reader.ask(authCliTexts.choosePrompt);
		if (!answer) return undefined;
		const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
		const chosen = choices[index] ?? choices.find((choice) => choice.provider === answer);
		if (!chosen) throw usageError(authCliTexts.unknownTarget(answer));
		return { id: chosen.provider, apiKey: chosen.kind === "api_key" };
	} finally {
		reader.close();
	}
}

/** `pi auth logout` without a provider: what is stored. */
function listStored(auth: AuthStorage, registry: ModelRegistry, context: AuthCommandContext): number {
	const stored = auth.list();
	if (stored.length === 0) {
		context.stdout.write(`${authCliTexts.nothingStored}\n`);
		return EXIT.ok;
	}
	context.stdout.write(`${authCliTexts.storedHeading}\n`);
	for (const provider of stored) {
		const entry = auth.get(provider);
		const kind = isOAuthCredential(entry) ? (registry.oauthProviders.name(provider) ?? "OAuth") : "API key";
		context.stdout.write(`  ${provider}  ${kind}\n`);
	}
	context.stdout.write(`${authCliTexts.logoutFooter}\n`);
	return EXIT.ok;
}
