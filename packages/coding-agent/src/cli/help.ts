/**
 * `pi --help`: usage, every flag grouped as in `OPTION_SPECS`, examples and exit codes.
 */
import { OPTION_SPECS, type OptionGroup, type OptionSpec } from "./options.js";

const GROUP_ORDER: readonly OptionGroup[] = ["Model", "Output", "Session", "Tools and resources", "Information"];

const EXAMPLES: readonly [string, string][] = [
	["pi", "start the interactive agent in this directory"],
	['pi -p "What does src/main.ts do?"', "ask once and print the reply"],
	['git diff | pi -p "review this diff"', "piped stdin becomes part of the prompt"],
	['pi -p @screenshot.png @notes.md "summarise both"', "attach files to the first prompt"],
	['pi --model sonnet:high -p "plan the refactor"', "pick a model and thinking level"],
	['pi --mode json "list the files" > events.jsonl', "every session event as a JSON line"],
	["pi --mode rpc", "drive pi from another program (see docs/rpc.md)"],
	["pi -c", "continue the last session of this directory"],
	["pi --list-models gpt", "show the models whose provider, id or name contains gpt"],
	["pi --list-models --all bedrock", "every built-in Bedrock model, also without credentials"],
];

function flagLabel(spec: OptionSpec): string {
	const names = [spec.short ? `-${spec.short}` : undefined, spec.alias ? `-${spec.alias}` : undefined, `--${spec.name}`]
		.filter(Boolean)
		.join(", ");
	return spec.value ? `${names} ${spec.value}` : names;
}

/** The full help text (ends with a newline). */
export function helpText(version: string): string {
	const lines: string[] = [
		`pi ${version}: a minimal terminal coding agent`,
		"",
		"Usage: pi [options] [@file ...] [message ...]",
		"",
		"Messages run in order in one session. @file attaches a file (text inlined, images attached) to the first",
		"prompt. Without -p or --mode and with a terminal on stdin, pi starts the interactive UI.",
		"",
		"Commands:",
		"  pi auth login|logout|check|print-api-key|print-bearer-token  sign in, credentials (pi auth --help)",
		"  pi install|remove|update|list|config                         packages (pi install --help)",
	];
	const width = Math.max(...OPTION_SPECS.map((spec) => flagLabel(spec).length)) + 2;
	for (const group of GROUP_ORDER) {
		lines.push("", `${group}:`);
		for (const spec of OPTION_SPECS.filter((s) => s.group === group)) {
			lines.push(`  ${flagLabel(spec).padEnd(width)}${spec.description}`);
		}
	}
	lines.push("", "Examples:");
	const exampleWidth = Math.max(...EXAMPLES.map(([command]) => command.length)) + 2;
	for (const [command, description] of EXAMPLES) lines.push(`  ${command.padEnd(exampleWidth)}${description}`);
	lines.push(
		"",
		"Environment:",
		"  PI_CODING_AGENT_DIR          agent dir (default ~/.pi/agent): settings.json, models.json, auth.json, sessions/",
		"  PI_CODING_AGENT_SESSION_DIR  session directory",
		"  PI_OFFLINE=1                 same as --offline",
		"  ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, ...  provider keys (or auth.json / models.json)",
		"",
		"Exit codes: 0 success, 1 failed run or start-up error, 2 usage error, 129/130/143 hang-up/interrupt/terminate.",
		"",
	);
	return lines.join("\n");
}
