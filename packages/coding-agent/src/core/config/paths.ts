/**
 * Where pi keeps its files (config.md §1). Pure path arithmetic: nothing here touches the filesystem, so
 * reading configuration can never create files or directories.
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/** Inputs for path resolution; environment and home directory are injectable so tests never see the real ones. */
export interface PathOptions {
	/** Environment to read `PI_CODING_AGENT_DIR` from. Default: `process.env` (SDK boundary only). */
	env?: NodeJS.ProcessEnv;
	/** Directory a relative `PI_CODING_AGENT_DIR` resolves against. Default: `process.cwd()`. */
	cwd?: string;
	/** Home directory for `~` expansion. Default: `os.homedir()`. */
	homeDir?: string;
}

/** Expands a leading `~` or `~/` to the home directory; other paths are returned unchanged. */
export function expandHome(path: string, homeDir: string = homedir()): string {
	if (path === "~") return homeDir;
	if (path.startsWith("~/") || path.startsWith("~\\")) return join(homeDir, path.slice(2));
	return path;
}

/** Expands `~` and resolves a relative path against `baseDir`. */
export function resolveUserPath(path: string, baseDir: string, homeDir: string = homedir()): string {
	const expanded = expandHome(path, homeDir);
	return isAbsolute(expanded) ? expanded : resolve(baseDir, expanded);
}

/** The name of pi's folders: `~/.pi/agent` for the user, `<project>/.pi` for a project. */
export const CONFIG_DIR_NAME = ".pi";

/** The agent dir: `PI_CODING_AGENT_DIR` (with `~` and relative values resolved) or `~/.pi/agent`. */
export function resolveAgentDir(options: PathOptions = {}): string {
	const env = options.env ?? process.env;
	const homeDir = options.homeDir ?? homedir();
	const configured = env.PI_CODING_AGENT_DIR;
	if (configured) return resolveUserPath(configured, options.cwd ?? process.cwd(), homeDir);
	return join(homeDir, CONFIG_DIR_NAME, "agent");
}

/** Files and folders inside the agent dir. */
export interface AgentPaths {
	dir: string;
	settings: string;
	models: string;
	auth: string;
	keybindings: string;
	sessions: string;
	systemPrompt: string;
	appendSystemPrompt: string;
	prompts: string;
	skills: string;
	extensions: string;
	themes: string;
	bin: string;
}

/** The well-known paths inside an agent dir (config.md §1 table). */
export function getAgentPaths(agentDir: string): AgentPaths {
	return {
		dir: agentDir,
		settings: join(agentDir, "settings.json"),
		models: join(agentDir, "models.json"),
		auth: join(agentDir, "auth.json"),
		keybindings: join(agentDir, "keybindings.json"),
		sessions: join(agentDir, "sessions"),
		systemPrompt: join(agentDir, "SYSTEM.md"),
		appendSystemPrompt: join(agentDir, "APPEND_SYSTEM.md"),
		prompts: join(agentDir, "prompts"),
		skills: join(agentDir, "skills"),
		extensions: join(agentDir, "extensions"),
		themes: join(agentDir, "themes"),
		bin: join(agentDir, "bin"),
	};
}

/** Files and folders inside the project's `.pi/` directory. */
export interface ProjectPaths {
	dir: string;
	settings: string;
	systemPrompt: string;
	appendSystemPrompt: string;
	prompts: string;
	skills: string;
	extensions: string;
	themes: string;
}

/** The project-level paths: only `<cwd>/.pi/` is used, never an ancestor's. */
export function getProjectPaths(cwd: string): ProjectPaths {
	const dir = join(cwd, CONFIG_DIR_NAME);
	return {
		dir,
		settings: join(dir, "settings.json"),
		systemPrompt: join(dir, "SYSTEM.md"),
		appendSystemPrompt: join(dir, "APPEND_SYSTEM.md"),
		prompts: join(dir, "prompts"),
		skills: join(dir, "skills"),
		extensions: join(dir, "extensions"),
		themes: join(dir, "themes"),
	};
}
