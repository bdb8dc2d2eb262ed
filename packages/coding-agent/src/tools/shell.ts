/**
 * Which shell runs commands and with what environment (tools.md §3.2).
 */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { getAllEnvKeyNames } from "@pi/ai";
import picomatch from "picomatch";
import { ToolError } from "./tool-error.js";

/** Settings that shape how shell commands run; shared by the bash tool and user commands. */
export interface ShellSettings {
	/** Settings `shellPath`: the shell executable. */
	shellPath?: string;
	/** Settings `shellCommandPrefix`: prepended (plus `\n`) to every command. */
	shellCommandPrefix?: string;
	/** Settings `bash.passCredentials`: keep provider credential variables in the environment. */
	passCredentials?: boolean;
	/** Settings `bash.stripEnv`: more variable names or globs (`*_TOKEN`) to remove. */
	stripEnv?: string[];
	/**
	 * Credential variable names pi reads besides the provider table of config.md §5.2 (those named by
	 * models.json `apiKey`/header values and auth.json `key`); removed unless `passCredentials`.
	 */
	credentialEnvNames?: string[];
	/** Environment to start from; defaults to `process.env`. */
	baseEnv?: NodeJS.ProcessEnv;
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
	for (const dir of (env.PATH ?? "").split(delimiter)) {
		if (!dir) continue;
		const candidate = join(dir, name);
		if (existsSync(candidate)) return candidate;
	}
	return undefined;
}

/** The shell executable: `shellPath`, else bash (`/bin/bash`, then PATH), else `sh`; Git Bash on Windows. */
export function resolveShell(settings: ShellSettings): string {
	const env = settings.baseEnv ?? process.env;
	if (settings.shellPath) {
		if (!existsSync(settings.shellPath)) throw new ToolError(`Configured shellPath not found: ${settings.shellPath}`);
		return settings.shellPath;
	}
	if (process.platform === "win32") {
		const gitBash = [env.ProgramFiles, env["ProgramFiles(x86)"]]
			.filter((dir): dir is string => Boolean(dir))
			.map((dir) => join(dir, "Git", "bin", "bash.exe"))
			.find((candidate) => existsSync(candidate));
		return gitBash ?? findOnPath("bash.exe", env) ?? "bash.exe";
	}
	if (existsSync("/bin/bash")) return "/bin/bash";
	return findOnPath("bash", env) ?? "sh";
}

/** The script passed to `-c`: the prefix and a newline before the command when a prefix is set. */
export function buildScript(command: string, settings: ShellSettings): string {
	return settings.shellCommandPrefix ? `${settings.shellCommandPrefix}\n${command}` : command;
}

/**
 * The command environment: pi's own minus the credential variables pi reads (unless `passCredentials`), minus
 * `stripEnv` names and globs, plus `PI_AGENT=1`.
 */
export function buildShellEnv(settings: ShellSettings): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...(settings.baseEnv ?? process.env) };
	if (!settings.passCredentials) {
		for (const name of [...getAllEnvKeyNames(), ...(settings.credentialEnvNames ?? [])]) delete env[name];
	}
	const strip = settings.stripEnv ?? [];
	if (strip.length > 0) {
		const matches = picomatch(strip, { dot: true, nonegate: true, noextglob: true });
		for (const name of Object.keys(env)) if (matches(name)) delete env[name];
	}
	env.PI_AGENT = "1";
	return env;
}
