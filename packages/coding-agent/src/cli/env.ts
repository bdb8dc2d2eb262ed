/**
 * The one place where the CLI reads environment switches (config.md §1) and turns them into options. Libraries
 * below the CLI take these values as options and never read `process.env` for them themselves.
 */

/** Options that come from the environment. */
export interface EnvOptions {
	/** `PI_CODING_AGENT_DIR`, as given (the config layer resolves `~` and relative values). */
	agentDir?: string;
	/** `PI_CODING_AGENT_SESSION_DIR`. */
	sessionDir?: string;
	/** `PI_OFFLINE` = 1/true/yes. */
	offline: boolean;
	/** `PI_SKIP_VERSION_CHECK` = 1. */
	skipVersionCheck: boolean;
	/** `PI_CACHE_RETENTION` = long. */
	cacheRetention?: "long";
	/** `PI_HARDWARE_CURSOR` = 1. */
	hardwareCursor: boolean;
	/** `PI_CLIPBOARD_COMMAND`: a shell command receiving copied text on stdin instead of the platform tools. */
	clipboardCommand?: string;
	/** `VISUAL`, else `EDITOR`: the TUI's external editor (Ctrl+G). */
	externalEditor?: string;
	/** `COLORFGBG`: the terminal's colours, for choosing the dark or light theme. */
	colorfgbg?: string;
	/** `PI_NO_BROWSER` = 1/true/yes: sign-in prints its URL without opening a browser. */
	noBrowser: boolean;
	/** `DISPLAY` or `WAYLAND_DISPLAY` is set: a browser can be opened (Linux and the BSDs). */
	hasDisplay: boolean;
}

function isTruthy(value: string | undefined): boolean {
	return value !== undefined && ["1", "true", "yes"].includes(value.trim().toLowerCase());
}

function nonEmpty(value: string | undefined): string | undefined {
	return value === undefined || value.trim() === "" ? undefined : value;
}

/** Reads pi's environment variables. */
export function readEnvOptions(env: NodeJS.ProcessEnv = process.env): EnvOptions {
	return {
		agentDir: nonEmpty(env.PI_CODING_AGENT_DIR),
		sessionDir: nonEmpty(env.PI_CODING_AGENT_SESSION_DIR),
		offline: isTruthy(env.PI_OFFLINE),
		skipVersionCheck: env.PI_SKIP_VERSION_CHECK?.trim() === "1",
		cacheRetention: env.PI_CACHE_RETENTION?.trim().toLowerCase() === "long" ? "long" : undefined,
		hardwareCursor: env.PI_HARDWARE_CURSOR?.trim() === "1",
		clipboardCommand: nonEmpty(env.PI_CLIPBOARD_COMMAND),
		externalEditor: nonEmpty(env.VISUAL) ?? nonEmpty(env.EDITOR),
		colorfgbg: nonEmpty(env.COLORFGBG),
		noBrowser: isTruthy(env.PI_NO_BROWSER),
		hasDisplay: nonEmpty(env.DISPLAY) !== undefined || nonEmpty(env.WAYLAND_DISPLAY) !== undefined,
	};
}
