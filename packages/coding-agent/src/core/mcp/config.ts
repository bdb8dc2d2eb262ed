/**
 * MCP configuration (docs/mcp.md): the common `mcpServers` format read from `<agentDir>/mcp.json` (user),
 * `<cwd>/.pi/mcp.json` (project) and `--mcp-config` files, later files overriding earlier ones field by field.
 * A bad file or field is a warning naming both, never a start-up failure: pi starts without what it could not read.
 * This module reads at most a few small files and imports nothing of the MCP SDK, so start-up without MCP pays
 * only for the existence checks.
 */
import { join } from "node:path";
import { readJsonFile } from "../config/atomic-json.js";
import { isPlainObject } from "../config/json-path.js";
import { resolveUserPath } from "../config/paths.js";
import { mcpConfigTexts as texts } from "./texts.js";

/** How pi talks to a server. `http` is streamable HTTP; `sse` the older HTTP+SSE transport. */
export type McpTransportKind = "stdio" | "http" | "sse";

/** One server as pi uses it: fields checked, `${VAR}` references expanded, defaults applied. */
export interface McpServerConfig {
	name: string;
	transport: McpTransportKind;
	/** stdio: the program, its arguments, extra environment (added to pi's) and working directory. */
	command?: string;
	args: string[];
	env: Record<string, string>;
	cwd?: string;
	/** http/sse: the endpoint and extra request headers. */
	url?: string;
	headers: Record<string, string>;
	/** A `url` without `type`: streamable HTTP first, the SSE transport when that fails. */
	sseFallback: boolean;
	enabled: boolean;
	/** Tool names (or `*` patterns) to offer; absent: all. Applied before `excludeTools`. */
	includeTools?: string[];
	/** Tool names (or `*` patterns) never to offer. */
	excludeTools?: string[];
	/** How long start-up (connect + tool list) may take, and how long a prompt waits for it. */
	startupTimeoutMs: number;
	/** How long one tool call may go without an answer (progress notifications restart the clock). */
	toolTimeoutMs: number;
	/** The last file that set a field of this server (for messages and /mcp). */
	source: string;
}

/** Defaults of the optional fields (docs/mcp.md). */
export const MCP_DEFAULTS = { startupTimeoutMs: 10_000, toolTimeoutMs: 60_000 } as const;

/** Where MCP configuration comes from. */
export interface McpConfigOptions {
	cwd: string;
	agentDir: string;
	/** Environment for `${VAR}` expansion (and the one stdio servers inherit); default `process.env`. */
	env?: NodeJS.ProcessEnv;
	/** `--mcp-config` files, applied last in order (relative to `cwd`). */
	configFiles?: readonly string[];
	/** `--no-mcp`: skip the user and project files (explicit `configFiles` still load). */
	noDiscovery?: boolean;
	warn: (message: string) => void;
}

/** The user and project file paths, in override order. */
export function mcpConfigPaths(cwd: string, agentDir: string): { user: string; project: string } {
	return { user: join(agentDir, "mcp.json"), project: join(cwd, ".pi", "mcp.json") };
}

/** Every field a server entry may have, with its check. Unknown fields are left alone (other tools' settings). */
const FIELD_CHECKS: Record<string, { expected: string; ok: (value: unknown) => boolean }> = {
	type: { expected: "a string", ok: (v) => typeof v === "string" },
	command: { expected: "a non-empty string", ok: (v) => typeof v === "string" && v.trim() !== "" },
	args: { expected: "an array of strings", ok: isStringArray },
	env: { expected: "an object of string values", ok: isStringRecord },
	cwd: { expected: "a string", ok: (v) => typeof v === "string" && v !== "" },
	url: { expected: "a string", ok: (v) => typeof v === "string" && v !== "" },
	headers: { expected: "an object of string values", ok: isStringRecord },
	enabled: { expected: "true or false", ok: (v) => typeof v === "boolean" },
	disabled: { expected: "true or false", ok: (v) => typeof v === "boolean" },
	includeTools: { expected: "an array of strings", ok: isStringArray },
	excludeTools: { expected: "an array of strings", ok: isStringArray },
	startupTimeout: { expected: "a positive number of milliseconds", ok: isPositiveNumber },
	timeout: { expected: "a positive number of milliseconds", ok: isPositiveNumber },
};

/** Fields that say how to reach the server: an override naming a new transport drops the old one's fields. */
const TRANSPORT_FIELDS = ["type", "command", "args", "env", "cwd", "url", "headers"];

const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

function isStringArray(value: unknown): value is string[] {
	return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isStringRecord(value: unknown): value is Record<string, string> {
	return isPlainObject(value) && Object.values(value).every((item) => typeof item === "string");
}

function isPositiveNumber(value: unknown): value is number {
	return typeof value === "number" && Number.isFinite(value) && value > 0;
}

/** A server entry as merged from the files, fields already type-checked. */
type RawServer = Record<string, unknown> & { __source: string };

/** Reads one file's `mcpServers`, dropping (with a warning) entries and fields of the wrong shape. */
function readServers(
	file: string,
	explicit: boolean,
	warn: (message: string) => void,
): Map<string, Record<string, unknown>> {
	const servers = new Map<string, Record<string, unknown>>();
	const read = readJsonFile(file);
	if (read.status === "missing") {
		if (explicit) warn(texts.ignoredFile(file, "the file does not exist"));
		return servers;
	}
	if (read.status === "invalid") {
		warn(texts.ignoredFile(file, read.error));
		return servers;
	}
	if (!isPlainObject(read.value)) {
		warn(texts.ignoredFile(file, texts.notAnObject));
		return servers;
	}
	const entries = read.value.mcpServers;
	if (entries === undefined) return servers;
	if (!isPlainObject(entries)) {
		warn(texts.ignoredFile(file, texts.noServersObject));
		return servers;
	}
	for (const [name, entry] of Object.entries(entries)) {
		if (!SERVER_NAME.test(name)) {
			warn(texts.ignoredServer(file, name, texts.badName));
			continue;
		}
		if (!isPlainObject(entry)) {
			warn(texts.ignoredServer(file, name, "the entry is not an object"));
			continue;
		}
		const checked: Record<string, unknown> = {};
		for (const [field, value] of Object.entries(entry)) {
			const check = FIELD_CHECKS[field];
			if (!check) continue;
			if (check.ok(value)) checked[field] = value;
			else warn(texts.ignoredField(file, name, field, check.expected));
		}
		servers.set(name, checked);
	}
	return servers;
}

/** Applies `override` on top of `base`, field by field; a new transport replaces the old one's fields. */
function mergeServer(base: RawServer | undefined, override: Record<string, unknown>, file: string): RawServer {
	const merged: Record<string, unknown> = { ...base };
	if ("command" in override || "url" in override) {
		for (const field of TRANSPORT_FIELDS) delete merged[field];
	}
	// `enabled` and `disabled` say the same thing: the file that sets either one decides.
	if ("enabled" in override) delete merged.disabled;
	if ("disabled" in override) delete merged.enabled;
	return { ...merged, ...override, __source: file };
}

/** Expands `${VAR}` and `${VAR:-default}` from `env`; an unset variable becomes "" (or the default). */
export function expandVariables(text: string, env: NodeJS.ProcessEnv): string {
	return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_match, name: string, fallback?: string) => {
		const value = env[name];
		return value !== undefined && value !== "" ? value : (fallback ?? "");
	});
}

function expandRecord(record: unknown, env: NodeJS.ProcessEnv): Record<string, string> {
	if (!isStringRecord(record)) return {};
	return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, expandVariables(value, env)]));
}

/** Turns a merged entry into a server config; undefined (with a warning) when it cannot be used. */
function finishServer(
	name: string,
	raw: RawServer,
	context: { cwd: string; env: NodeJS.ProcessEnv; warn: (message: string) => void },
): McpServerConfig | undefined {
	const { env, warn } = context;
	const file = raw.__source;
	const type = raw.type as string | undefined;
	if (type !== undefined && !["stdio", "http", "streamable-http", "sse"].includes(type)) {
		warn(texts.ignoredServer(file, name, texts.unknownType(type)));
		return undefined;
	}
	const command = raw.command as string | undefined;
	const url = raw.url as string | undefined;
	if (command !== undefined && url !== undefined) {
		warn(texts.ignoredServer(file, name, texts.bothTransports));
		return undefined;
	}
	if (command === undefined && url === undefined) {
		warn(texts.ignoredServer(file, name, texts.noTransport));
		return undefined;
	}
	if (type !== undefined && (type === "stdio") !== (command !== undefined)) {
		warn(texts.ignoredServer(file, name, texts.typeMismatch(type)));
		return undefined;
	}
	const enabled = raw.disabled === true ? false : raw.enabled !== false;
	const common = {
		name,
		enabled,
		args: [] as string[],
		env: {} as Record<string, string>,
		headers: {} as Record<string, string>,
		sseFallback: false,
		...(raw.includeTools ? { includeTools: raw.includeTools as string[] } : {}),
		...(raw.excludeTools ? { excludeTools: raw.excludeTools as string[] } : {}),
		startupTimeoutMs: (raw.startupTimeout as number | undefined) ?? MCP_DEFAULTS.startupTimeoutMs,
		toolTimeoutMs: (raw.timeout as number | undefined) ?? MCP_DEFAULTS.toolTimeoutMs,
		source: file,
	};
	if (command !== undefined) {
		const cwd =
			raw.cwd === undefined ? undefined : resolveUserPath(expandVariables(raw.cwd as string, env), context.cwd);
		return {
			...common,
			transport: "stdio",
			command: expandVariables(command, env),
			args: ((raw.args as string[] | undefined) ?? []).map((arg) => expandVariables(arg, env)),
			env: expandRecord(raw.env, env),
			...(cwd ? { cwd } : {}),
		};
	}
	const expandedUrl = expandVariables(url!, env);
	if (!/^https?:\/\/./i.test(expandedUrl)) {
		warn(texts.ignoredServer(file, name, texts.badUrl(expandedUrl)));
		return undefined;
	}
	return {
		...common,
		transport: type === "sse" ? "sse" : "http",
		url: expandedUrl,
		headers: expandRecord(raw.headers, env),
		sseFallback: type === undefined,
	};
}

/**
 * Loads the MCP servers: user file, project file (unless `noDiscovery`), then each `configFiles` entry, later
 * ones overriding earlier ones per field (so a project can write `{"enabled": false}` for a user server). Servers
 * keep the order in which they first appear. Problems are warned about and skipped.
 */
export function loadMcpConfig(options: McpConfigOptions): McpServerConfig[] {
	const env = options.env ?? process.env;
	const { user, project } = mcpConfigPaths(options.cwd, options.agentDir);
	const files: { path: string; explicit: boolean }[] = options.noDiscovery
		? []
		: [
				{ path: user, explicit: false },
				{ path: project, explicit: false },
			];
	for (const file of options.configFiles ?? []) {
		files.push({ path: resolveUserPath(file, options.cwd), explicit: true });
	}
	const merged = new Map<string, RawServer>();
	for (const file of files) {
		for (const [name, entry] of readServers(file.path, file.explicit, options.warn)) {
			merged.set(name, mergeServer(merged.get(name), entry, file.path));
		}
	}
	const servers: McpServerConfig[] = [];
	for (const [name, raw] of merged) {
		const server = finishServer(name, raw, { cwd: options.cwd, env, warn: options.warn });
		if (server) servers.push(server);
	}
	return servers;
}

/** The values of `env` and `headers` (and a header's token after its scheme): treated as secrets (R6). */
export function secretValuesOf(server: McpServerConfig): string[] {
	const values = [...Object.values(server.env), ...Object.values(server.headers)];
	for (const header of Object.values(server.headers)) {
		const token = header.match(/^\S+\s+(\S.*)$/)?.[1];
		if (token) values.push(token);
	}
	return values;
}
