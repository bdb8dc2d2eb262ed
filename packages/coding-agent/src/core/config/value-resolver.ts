/**
 * Resolution of configured secret values (config.md §3.1): `!command` runs through `sh -c`, a name of a set
 * environment variable gives that variable's value, anything else is the literal string.
 */
import { spawnSync } from "node:child_process";

export const COMMAND_TIMEOUT_MS = 10_000;

/** Command results for the life of the process: a key command (e.g. a password manager) runs at most once. */
const commandCache = new Map<string, string | undefined>();

/** Forgets cached command results (tests). */
export function clearValueCommandCache(): void {
	commandCache.clear();
}

/** Environment variable names as shells accept them; only such values can name a variable. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface ValueResolverOptions {
	/** Environment for variable lookups and commands. Default: `process.env` (SDK boundary only). */
	env?: NodeJS.ProcessEnv;
	/** Receives a warning when a command fails, times out or prints nothing. */
	onWarning?: (message: string) => void;
	/** Command timeout; default 10 s. */
	timeoutMs?: number;
}

/** Resolves `apiKey`, header values and auth.json `key` values. */
export class ValueResolver {
	private readonly env: NodeJS.ProcessEnv;
	private readonly warn: (message: string) => void;
	private readonly timeoutMs: number;

	constructor(options: ValueResolverOptions = {}) {
		this.env = options.env ?? process.env;
		this.warn = options.onWarning ?? (() => {});
		this.timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
	}

	/** The resolved value, or undefined when a command yields nothing (or the input is empty). */
	resolve(value: string): string | undefined {
		if (value.startsWith("!")) return this.runCommand(value.slice(1));
		const fromEnv = this.getEnvValue(value);
		if (fromEnv !== undefined) return fromEnv;
		return value === "" ? undefined : value;
	}

	/** The variable name a value refers to, when it names a set, non-empty environment variable. */
	referencedEnvName(value: string): string | undefined {
		return this.getEnvValue(value) === undefined ? undefined : value;
	}

	private getEnvValue(name: string): string | undefined {
		if (!ENV_NAME.test(name)) return undefined;
		const value = this.env[name];
		return value ? value : undefined;
	}

	private runCommand(command: string): string | undefined {
		if (commandCache.has(command)) return commandCache.get(command);
		const result = spawnSync("sh", ["-c", command], {
			env: this.env,
			encoding: "utf8",
			timeout: this.timeoutMs,
			stdio: ["ignore", "pipe", "pipe"],
		});
		let value: string | undefined = result.stdout?.trim() || undefined;
		if (result.error && (result.error as NodeJS.ErrnoException).code === "ETIMEDOUT") {
			this.warn(`Command "!${command}" timed out after ${this.timeoutMs / 1000} s; no value used`);
			value = undefined;
		} else if (result.error) {
			this.warn(`Command "!${command}" could not run: ${result.error.message}; no value used`);
			value = undefined;
		} else if (result.status !== 0) {
			this.warn(`Command "!${command}" failed with exit code ${result.status ?? result.signal}; no value used`);
			value = undefined;
		} else if (value === undefined) {
			this.warn(`Command "!${command}" printed nothing; no value used`);
		}
		commandCache.set(command, value);
		return value;
	}
}
