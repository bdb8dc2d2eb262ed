/**
 * The table of every command-line flag (config.md §11). The parser and `--help` both read it, so a flag and its
 * help line can never drift apart.
 */

/** Help sections, in the order `--help` prints them. */
export type OptionGroup = "Model" | "Output" | "Session" | "Tools and resources" | "Information";

export interface OptionSpec {
	/** Long name without dashes; also the key in parseArgs' result. */
	name: string;
	type: "string" | "boolean";
	/** Single-letter alias (`-p`). */
	short?: string;
	/** Multi-letter single-dash alias (`-nt`); parseArgs cannot express these, so the parser rewrites them. */
	alias?: string;
	/** Repeatable string option: every occurrence is kept, in order. */
	multiple?: boolean;
	/** Placeholder shown in help for the value. */
	value?: string;
	group: OptionGroup;
	description: string;
}

export const OPTION_SPECS: readonly OptionSpec[] = [
	{ name: "provider", type: "string", value: "<name>", group: "Model", description: "Provider for --model" },
	{
		name: "model",
		type: "string",
		value: "<pattern>",
		group: "Model",
		description: "Start-up model: provider/id, id or part of a name; optional :<thinking level>",
	},
	{
		name: "models",
		type: "string",
		value: "<patterns>",
		group: "Model",
		description: "Comma-separated models (globs allowed) to cycle through",
	},
	{
		name: "thinking",
		type: "string",
		value: "<level>",
		group: "Model",
		description: "Thinking level: off, minimal, low, medium, high, xhigh",
	},
	{
		name: "api-key",
		type: "string",
		value: "<key>",
		group: "Model",
		description: "API key for the start-up model's provider, this run only",
	},
	{
		name: "system-prompt",
		type: "string",
		value: "<text|file>",
		group: "Model",
		description: "Replace the base system prompt",
	},
	{
		name: "append-system-prompt",
		type: "string",
		multiple: true,
		value: "<text|file>",
		group: "Model",
		description: "Append to the system prompt (repeatable)",
	},
	{
		name: "mode",
		type: "string",
		value: "<text|json|rpc>",
		group: "Output",
		description: "Output mode: text (= -p), json event stream, rpc protocol",
	},
	{
		name: "print",
		type: "boolean",
		short: "p",
		group: "Output",
		description: "Run the prompts without the TUI and print the final reply",
	},
	{
		name: "continue",
		type: "boolean",
		short: "c",
		group: "Session",
		description: "Continue the most recent session of this directory",
	},
	{ name: "resume", type: "boolean", short: "r", group: "Session", description: "Pick a session to resume (TUI)" },
	{
		name: "session",
		type: "string",
		value: "<path|id>",
		group: "Session",
		description: "Open a session file or session id prefix",
	},
	{
		name: "fork",
		type: "string",
		value: "<path|id>",
		group: "Session",
		description: "Copy a session into a new one in this directory",
	},
	{ name: "session-dir", type: "string", value: "<dir>", group: "Session", description: "Directory for session files" },
	{ name: "no-session", type: "boolean", group: "Session", description: "Do not save the session" },
	{
		name: "tools",
		type: "string",
		short: "t",
		value: "<names>",
		group: "Tools and resources",
		description: "Exactly these tools (comma list of read,bash,edit,write,grep,find,ls and extension tools)",
	},
	{ name: "no-tools", type: "boolean", alias: "nt", group: "Tools and resources", description: "No tools at all" },
	{
		name: "no-builtin-tools",
		type: "boolean",
		alias: "nbt",
		group: "Tools and resources",
		description: "No built-in tools; extension tools stay",
	},
	{
		name: "extension",
		type: "string",
		short: "e",
		multiple: true,
		value: "<path>",
		group: "Tools and resources",
		description: "Load an extension (repeatable)",
	},
	{
		name: "no-extensions",
		type: "boolean",
		alias: "ne",
		group: "Tools and resources",
		description: "No extension discovery",
	},
	{
		name: "mcp-config",
		type: "string",
		multiple: true,
		value: "<file>",
		group: "Tools and resources",
		description: "Load MCP servers from this file too, overriding mcp.json (repeatable)",
	},
	{
		name: "no-mcp",
		type: "boolean",
		group: "Tools and resources",
		description: "Ignore ~/.pi/agent/mcp.json and .pi/mcp.json (no MCP servers unless --mcp-config)",
	},
	{
		name: "skill",
		type: "string",
		multiple: true,
		value: "<path>",
		group: "Tools and resources",
		description: "Load a skill file or directory (repeatable)",
	},
	{ name: "no-skills", type: "boolean", alias: "ns", group: "Tools and resources", description: "No skill discovery" },
	{
		name: "prompt-template",
		type: "string",
		multiple: true,
		value: "<path>",
		group: "Tools and resources",
		description: "Load a prompt template file or directory (repeatable)",
	},
	{
		name: "no-prompt-templates",
		type: "boolean",
		alias: "np",
		group: "Tools and resources",
		description: "No prompt template discovery",
	},
	{
		name: "theme",
		type: "string",
		multiple: true,
		value: "<path>",
		group: "Tools and resources",
		description: "Load a theme file (repeatable)",
	},
	{ name: "no-themes", type: "boolean", group: "Tools and resources", description: "No theme discovery" },
	{
		name: "no-context-files",
		type: "boolean",
		alias: "nc",
		group: "Tools and resources",
		description: "Do not load AGENTS.md / CLAUDE.md",
	},
	{
		name: "export",
		type: "string",
		value: "<session.jsonl> [out.html]",
		group: "Information",
		description: "Write a session as HTML and exit",
	},
	{
		name: "print-system-prompt",
		type: "boolean",
		group: "Information",
		description: "Print the system prompt this invocation would use and exit",
	},
	{
		name: "list-models",
		type: "boolean",
		value: "[search]",
		group: "Information",
		description: "List available models, optionally filtered, and exit",
	},
	{
		name: "all",
		type: "boolean",
		group: "Information",
		description: "With --list-models: every built-in model, with a column saying which have credentials",
	},
	{
		name: "offline",
		type: "boolean",
		group: "Information",
		description: "No network use except model requests (no update check)",
	},
	{
		name: "verbose",
		type: "boolean",
		group: "Information",
		description: "More detail: start-up (the TUI lists loaded resources), and automatic retries in print mode",
	},
	{ name: "help", type: "boolean", short: "h", group: "Information", description: "Show this help and exit" },
	{ name: "version", type: "boolean", short: "v", group: "Information", description: "Show the version and exit" },
];

/** First arguments reserved for resource-package subcommands (config.md §11); never prompts. */
export const SUBCOMMANDS = ["install", "remove", "uninstall", "update", "list", "config"] as const;

export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ThinkingLevelName = (typeof THINKING_LEVELS)[number];

export const OUTPUT_MODES = ["text", "json", "rpc"] as const;
export type OutputMode = (typeof OUTPUT_MODES)[number];
