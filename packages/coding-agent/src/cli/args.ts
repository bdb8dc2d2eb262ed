/**
 * Command-line parsing (config.md §11) over `node:util` parseArgs. parseArgs handles `--flag value`,
 * `--flag=value`, short letters and `--`; this module adds what it cannot express: multi-letter single-dash
 * aliases (`-nt`), flags with an optional value (`--list-models [search]`, `--export <in> [out]`), choice
 * validation, and the split of positionals into `@file` arguments and messages.
 */
import { parseArgs } from "node:util";
import { CliError, cliMessages, usageError } from "./errors.js";
import {
	OPTION_SPECS,
	type OptionSpec,
	OUTPUT_MODES,
	type OutputMode,
	SUBCOMMANDS,
	THINKING_LEVELS,
	type ThinkingLevelName,
} from "./options.js";

/** Everything the command line asked for. */
export interface CliArgs {
	provider?: string;
	model?: string;
	models?: string;
	thinking?: ThinkingLevelName;
	apiKey?: string;
	systemPrompt?: string;
	appendSystemPrompt: string[];
	/** `--mode`, or `text` for `-p` (json wins over -p). Undefined: interactive unless stdin is piped. */
	mode?: OutputMode;
	continue: boolean;
	resume: boolean;
	session?: string;
	fork?: string;
	sessionDir?: string;
	noSession: boolean;
	/** `--tools` names, trimmed, in order. */
	tools?: string[];
	noTools: boolean;
	noBuiltinTools: boolean;
	extensions: string[];
	noExtensions: boolean;
	/** `--mcp-config` files, in order. */
	mcpConfig: string[];
	noMcp: boolean;
	skills: string[];
	noSkills: boolean;
	promptTemplates: string[];
	noPromptTemplates: boolean;
	themes: string[];
	noThemes: boolean;
	noContextFiles: boolean;
	export?: { session: string; output?: string };
	printSystemPrompt: boolean;
	/** Present when `--list-models` was given; `search` is its optional argument. */
	listModels?: { search?: string; all?: boolean };
	offline: boolean;
	verbose: boolean;
	help: boolean;
	version: boolean;
	/** `@path` arguments, without the `@`, in order. */
	fileArgs: string[];
	/** Every other positional argument, in order. */
	messages: string[];
	/**
	 * Long options pi does not know, in order: they may be flags an extension registers (config.md §11), so they are
	 * judged once extensions are loaded ({@link resolveExtensionFlags}).
	 */
	extensionFlags: ExtensionFlagArg[];
}

/** An unknown long option kept for the extensions. */
export interface ExtensionFlagArg {
	name: string;
	/** As written (`--name`), for error messages. */
	rawName: string;
	/** The value written as `--name=value`. */
	inlineValue?: string;
	/** Index in `messages` of the argument right after `--name`: the value when the flag takes a string. */
	nextMessage?: number;
}

/** The part of an extension flag the command line needs. */
export interface RegisteredFlag {
	type: "boolean" | "string";
}

const SPEC_BY_NAME = new Map(OPTION_SPECS.map((spec) => [spec.name, spec]));
const NAME_BY_ALIAS = new Map(OPTION_SPECS.filter((s) => s.alias).map((s) => [`-${s.alias}`, `--${s.name}`]));
const KNOWN_FLAGS = new Set(
	OPTION_SPECS.flatMap((s) => [
		`--${s.name}`,
		...(s.short ? [`-${s.short}`] : []),
		...(s.alias ? [`-${s.alias}`] : []),
	]),
);

/** Flags whose single optional trailing argument is taken only when it does not look like an option. */
const OPTIONAL_VALUE_FLAGS = new Set(["--list-models", "--export"]);

function looksLikeFlag(arg: string): boolean {
	return arg.startsWith("-") && arg.length > 1;
}

/**
 * Rewrites multi-letter aliases to their long names and pulls out the optional trailing values parseArgs cannot
 * express. Stops at `--`: everything after it is a message.
 */
function preprocess(argv: readonly string[]): { args: string[]; optionalValues: Map<string, string> } {
	const args: string[] = [];
	const optionalValues = new Map<string, string>();
	for (let i = 0; i < argv.length; i++) {
		const arg = argv[i]!;
		if (arg === "--") {
			args.push(...argv.slice(i));
			break;
		}
		const long = NAME_BY_ALIAS.get(arg) ?? arg;
		args.push(long);
		if (long === "--export") {
			// The session path is a regular value; the output path after it is optional.
			const session = argv[i + 1];
			if (session !== undefined && !looksLikeFlag(session)) {
				args.push(session);
				i++;
				const output = argv[i + 1];
				if (output !== undefined && !looksLikeFlag(output)) {
					optionalValues.set(long, output);
					i++;
				}
			}
		} else if (OPTIONAL_VALUE_FLAGS.has(long)) {
			const next = argv[i + 1];
			if (next !== undefined && !looksLikeFlag(next)) {
				optionalValues.set(long, next);
				i++;
			}
		}
	}
	return { args, optionalValues };
}

function parseOptions(): Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> {
	const options: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = {};
	for (const spec of OPTION_SPECS) {
		options[spec.name] = { type: spec.type, ...(spec.short ? { short: spec.short } : {}) };
		if (spec.multiple) options[spec.name]!.multiple = true;
	}
	return options;
}

function checkChoice<T extends string>(flag: string, value: string | undefined, choices: readonly T[]): T | undefined {
	if (value === undefined) return undefined;
	if (!(choices as readonly string[]).includes(value))
		throw usageError(cliMessages.invalidChoice(flag, value, choices));
	return value as T;
}

/** A name an extension may register as a flag. */
const EXTENSION_FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/**
 * Validates each option token: known name, value present for string options, none for booleans. Returns the
 * indexes of unknown long options that may be extension flags; any other unknown option is an error.
 */
function checkTokens(tokens: NonNullable<ReturnType<typeof parseArgs>["tokens"]>): Set<number> {
	const candidates = new Set<number>();
	for (const [index, token] of tokens.entries()) {
		if (token.kind !== "option") continue;
		const spec: OptionSpec | undefined = SPEC_BY_NAME.get(token.name);
		if (!spec && token.rawName.startsWith("--") && EXTENSION_FLAG_NAME.test(token.name)) {
			candidates.add(index);
			continue;
		}
		if (!spec || (token.rawName.startsWith("--") && token.rawName !== `--${spec.name}`)) {
			throw usageError(cliMessages.unknownOption(token.rawName));
		}
		if (token.rawName.length === 2 && token.rawName !== `-${spec.short}`) {
			throw usageError(cliMessages.unknownOption(token.rawName));
		}
		if (spec.type === "string") {
			const missing = token.value === undefined || (!token.inlineValue && KNOWN_FLAGS.has(token.value));
			if (missing) throw usageError(cliMessages.missingValue(token.rawName, spec.value ?? "<value>"));
		} else if (token.value !== undefined) {
			throw usageError(cliMessages.unexpectedValue(token.rawName));
		}
	}
	return candidates;
}

/**
 * Parses `argv` (without node and script). Throws `CliError` with exit code 2 for usage errors and 1 for the
 * reserved subcommand words.
 */
export function parseCliArgs(argv: readonly string[]): CliArgs {
	const first = argv[0];
	if (first !== undefined && (SUBCOMMANDS as readonly string[]).includes(first)) {
		throw new CliError(cliMessages.subcommandUnsupported(first));
	}
	const { args, optionalValues } = preprocess(argv);
	const { values, tokens } = parseArgs({
		args,
		options: parseOptions(),
		strict: false,
		allowPositionals: true,
		tokens: true,
	});
	const candidates = checkTokens(tokens);

	const fileArgs: string[] = [];
	const messages: string[] = [];
	const extensionFlags: ExtensionFlagArg[] = [];
	let afterTerminator = false;
	for (const [index, token] of tokens.entries()) {
		if (token.kind === "option-terminator") afterTerminator = true;
		if (token.kind === "option" && candidates.has(index)) {
			const next = tokens[index + 1];
			extensionFlags.push({
				name: token.name,
				rawName: token.rawName,
				...(token.inlineValue && token.value !== undefined ? { inlineValue: token.value } : {}),
				...(!token.inlineValue && next?.kind === "positional" && !next.value.startsWith("@")
					? { nextMessage: messages.length }
					: {}),
			});
		}
		if (token.kind !== "positional") continue;
		if (!afterTerminator && token.value.startsWith("@") && token.value.length > 1) fileArgs.push(token.value.slice(1));
		else messages.push(token.value);
	}

	const str = (name: string) => values[name] as string | undefined;
	const bool = (name: string) => values[name] === true;
	const list = (name: string) => (values[name] as string[] | undefined) ?? [];
	const mode = checkChoice("--mode", str("mode"), OUTPUT_MODES) ?? (bool("print") ? "text" : undefined);
	const exportSession = str("export");

	return {
		provider: str("provider"),
		model: str("model"),
		models: str("models"),
		thinking: checkChoice("--thinking", str("thinking"), THINKING_LEVELS),
		apiKey: str("api-key"),
		systemPrompt: str("system-prompt"),
		appendSystemPrompt: list("append-system-prompt"),
		mode,
		continue: bool("continue"),
		resume: bool("resume"),
		session: str("session"),
		fork: str("fork"),
		sessionDir: str("session-dir"),
		noSession: bool("no-session"),
		tools: str("tools")
			?.split(",")
			.map((name) => name.trim())
			.filter(Boolean),
		noTools: bool("no-tools"),
		noBuiltinTools: bool("no-builtin-tools"),
		extensions: list("extension"),
		noExtensions: bool("no-extensions"),
		mcpConfig: list("mcp-config"),
		noMcp: bool("no-mcp"),
		skills: list("skill"),
		noSkills: bool("no-skills"),
		promptTemplates: list("prompt-template"),
		noPromptTemplates: bool("no-prompt-templates"),
		themes: list("theme"),
		noThemes: bool("no-themes"),
		noContextFiles: bool("no-context-files"),
		export:
			exportSession === undefined ? undefined : { session: exportSession, output: optionalValues.get("--export") },
		printSystemPrompt: bool("print-system-prompt"),
		listModels: bool("list-models")
			? { search: optionalValues.get("--list-models"), ...(bool("all") ? { all: true } : {}) }
			: undefined,
		offline: bool("offline"),
		verbose: bool("verbose"),
		help: bool("help"),
		version: bool("version"),
		fileArgs,
		messages,
		extensionFlags,
	};
}

/**
 * Judges the unknown long options once extensions registered their flags: an unregistered one is the usage error
 * `Unknown option: <flag>`; a boolean flag is `true` (a value is an error); a string flag takes `--name=value` or
 * the argument after it, which then is no message. Returns the flag values and the messages left.
 */
export function resolveExtensionFlags(
	args: Pick<CliArgs, "extensionFlags" | "messages">,
	registered: ReadonlyMap<string, RegisteredFlag>,
): { values: Record<string, boolean | string>; messages: string[] } {
	const values: Record<string, boolean | string> = {};
	const consumed = new Set<number>();
	for (const flag of args.extensionFlags) {
		const spec = registered.get(flag.name);
		if (!spec) throw usageError(cliMessages.unknownOption(flag.rawName));
		if (spec.type === "boolean") {
			if (flag.inlineValue !== undefined) throw usageError(cliMessages.unexpectedValue(flag.rawName));
			values[flag.name] = true;
			continue;
		}
		if (flag.inlineValue !== undefined) {
			values[flag.name] = flag.inlineValue;
		} else if (flag.nextMessage !== undefined && !consumed.has(flag.nextMessage)) {
			consumed.add(flag.nextMessage);
			values[flag.name] = args.messages[flag.nextMessage]!;
		} else {
			throw usageError(cliMessages.missingValue(flag.rawName, "<value>"));
		}
	}
	return { values, messages: args.messages.filter((_, index) => !consumed.has(index)) };
}
