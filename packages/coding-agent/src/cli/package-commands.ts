/**
 * `pi install | remove | uninstall | update | list | config`: the package subcommands (docs/packages.md). Each
 * parses its own few options, runs the operation from core/packages and prints progress on stdout; failures are
 * one `Error:` line on stderr (exit 1), usage mistakes exit 2.
 */
import { parseArgs } from "node:util";
import { SettingsManager } from "../core/config/settings.js";
import {
	installPackage,
	listPackages,
	type PackageManagerOptions,
	packageTexts,
	removePackage,
	updatePackages,
} from "../core/packages/index.js";
import { EXIT, usageError } from "./errors.js";

/** What a package command runs with. */
export interface PackageCommandContext {
	cwd: string;
	agentDir: string;
	stdout: NodeJS.WritableStream;
	stderr: NodeJS.WritableStream;
	/** Whether stdin and stdout are a terminal (`pi config` needs one). */
	isTerminal: boolean;
}

const HELP: Record<string, string> = {
	install: `Usage:
  pi install <source> [-l]

Install a package and add it to settings.

Options:
  -l, --local    Install project-locally (.pi/settings.json)

Examples:
  pi install npm:@foo/bar
  pi install npm:@foo/bar@1.2.3
  pi install git:github.com/user/repo
  pi install git:github.com/user/repo@v1
  pi install git:git@github.com:user/repo
  pi install https://github.com/user/repo
  pi install ssh://git@github.com/user/repo
  pi install ./local/path
`,
	remove: `Usage:
  pi remove <source> [-l]

Remove a package and its source from settings.
Alias: pi uninstall <source> [-l]

Options:
  -l, --local    Remove from project settings (.pi/settings.json)

Examples:
  pi remove npm:@foo/bar
  pi uninstall npm:@foo/bar
`,
	update: `Usage:
  pi update [source] [--extensions] [--extension <source>]

Update installed packages: npm packages without an exact version and git packages without a ref.

Options:
  --extensions            Update all packages (the default)
  --extension <source>    Update one package only

Short forms:
  pi update                Update all packages
  pi update <source>       Update one package
`,
	list: `Usage:
  pi list

List installed packages from user and project settings.
`,
	config: `Usage:
  pi config [-l]

Enable or disable the resources of installed packages (needs a terminal).

Options:
  -l, --local    Start with project settings (.pi/settings.json)
`,
};
HELP.uninstall = HELP.remove;

const usageTexts = {
	missingSource: (command: string) =>
		`Missing package source. Usage: pi ${command} <source>${command === "update" ? "" : " [-l]"}`,
	extraArguments: (command: string, extra: string) => `Unexpected argument for pi ${command}: ${extra}`,
	unknownOption: (command: string, option: string) => `Unknown option for pi ${command}: ${option}`,
	configNeedsTerminal:
		"pi config needs a terminal; edit the packages entries of settings.json instead (see docs/packages.md)",
};

interface ParsedCommand {
	values: Record<string, string | boolean | undefined>;
	positionals: string[];
}

function parse(
	command: string,
	argv: readonly string[],
	options: Record<string, { type: "boolean" | "string"; short?: string }>,
): ParsedCommand {
	try {
		const all = { help: { type: "boolean" as const, short: "h" }, ...options };
		const { values, positionals } = parseArgs({ args: [...argv], options: all, allowPositionals: true, strict: true });
		return { values: values as ParsedCommand["values"], positionals };
	} catch (error) {
		const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? (error as Error).message;
		throw usageError(usageTexts.unknownOption(command, option));
	}
}

function managerOptions(context: PackageCommandContext): PackageManagerOptions {
	const settings = SettingsManager.create({
		agentDir: context.agentDir,
		cwd: context.cwd,
		onWarning: (m) => context.stderr.write(`Warning: ${m}\n`),
	});
	return {
		cwd: context.cwd,
		agentDir: context.agentDir,
		npmCommand: settings.get("npmCommand"),
		log: (line) => context.stdout.write(`${line}\n`),
	};
}

/** Runs `pi <command> ...argv`; resolves with the exit code, throws CliError/Error for the CLI to report. */
export async function runPackageCommand(
	command: string,
	argv: readonly string[],
	context: PackageCommandContext,
): Promise<number> {
	const local = { local: { type: "boolean" as const, short: "l" } };
	switch (command) {
		case "install":
		case "remove":
		case "uninstall": {
			const { values, positionals } = parse(command, argv, local);
			if (values.help) return help(command, context);
			const [source, ...extra] = positionals;
			if (!source) throw usageError(usageTexts.missingSource(command));
			if (extra.length > 0) throw usageError(usageTexts.extraArguments(command, extra[0]));
			const options = { ...managerOptions(context), local: values.local === true };
			if (command === "install") await installPackage(source, options);
			else await removePackage(source, options);
			return EXIT.ok;
		}
		case "update": {
			const { values, positionals } = parse(command, argv, {
				self: { type: "boolean" },
				extensions: { type: "boolean" },
				extension: { type: "string" },
				force: { type: "boolean" },
			});
			if (values.help) return help(command, context);
			if (values.self || positionals[0] === "self" || positionals[0] === "pi") throw new Error(packageTexts.selfUpdate);
			const source = (values.extension as string | undefined) ?? positionals[0];
			if (positionals.length > 1) throw usageError(usageTexts.extraArguments(command, positionals[1]));
			await updatePackages(source, managerOptions(context));
			return EXIT.ok;
		}
		case "list": {
			const { values, positionals } = parse(command, argv, {});
			if (values.help) return help(command, context);
			if (positionals.length > 0) throw usageError(usageTexts.extraArguments(command, positionals[0]));
			context.stdout.write(formatList(context));
			return EXIT.ok;
		}
		case "config": {
			const { values } = parse(command, argv, local);
			if (values.help) return help(command, context);
			if (!context.isTerminal) throw new Error(usageTexts.configNeedsTerminal);
			const { runConfigSelector } = await import("./package-config.js");
			return runConfigSelector({ cwd: context.cwd, agentDir: context.agentDir, local: values.local === true });
		}
		default:
			throw usageError(usageTexts.unknownOption("", command));
	}
}

function help(command: string, context: PackageCommandContext): number {
	context.stdout.write(HELP[command] ?? "");
	return EXIT.ok;
}

/** `pi list` output: the packages of each scope, with `(filtered)` and where they are (or that they are missing). */
function formatList(context: PackageCommandContext): string {
	const packages = listPackages(context);
	if (packages.length === 0) return `${packageTexts.noPackages}\n`;
	const sections: string[] = [];
	for (const [scope, title] of [
		["user", "User packages:"],
		["project", "Project packages:"],
	] as const) {
		const own = packages.filter((entry) => entry.scope === scope);
		if (own.length === 0) continue;
		const lines = own.map((entry) => {
			const marks = [entry.filtered ? "(filtered)" : "", entry.installed ? "" : "(not installed)"].filter(Boolean);
			const head = `  ${entry.source}${marks.length ? ` ${marks.join(" ")}` : ""}`;
			return entry.path ? `${head}\n    ${entry.path}` : head;
		});
		sections.push(`${title}\n${lines.join("\n")}\n`);
	}
	return sections.join("\n");
}
