/**
 * mcp.json loading (docs/mcp.md): user, project and --mcp-config layers merged per field, --no-mcp, `${VAR}`
 * expansion, and every malformed input reported with its file and field while the rest still loads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadMcpConfig, MCP_DEFAULTS, mcpConfigPaths, mcpConfigTexts } from "../../../src/core/mcp/index.js";
import { writeMcpFile } from "./helpers.js";

let root: string;
let cwd: string;
let agentDir: string;
let paths: { user: string; project: string };
let warnings: string[];

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-mcp-config-"));
	cwd = join(root, "project");
	agentDir = join(root, "agent");
	mkdirSync(cwd, { recursive: true });
	mkdirSync(agentDir, { recursive: true });
	paths = mcpConfigPaths(cwd, agentDir);
	warnings = [];
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const load = (options: { configFiles?: string[]; noDiscovery?: boolean; env?: NodeJS.ProcessEnv } = {}) =>
	loadMcpConfig({ cwd, agentDir, env: options.env ?? {}, warn: (message) => warnings.push(message), ...options });

describe("layers", () => {
	it("reads nothing and warns about nothing without files", () => {
		expect(load()).toEqual([]);
		expect(warnings).toEqual([]);
	});

	it("a stdio server gets its fields and the defaults", () => {
		writeMcpFile(paths.user, { git: { command: "mcp-git", args: ["--repo", "."], env: { A: "1" }, cwd: "sub" } });
		expect(load()).toEqual([
			{
				name: "git",
				transport: "stdio",
				command: "mcp-git",
				args: ["--repo", "."],
				env: { A: "1" },
				cwd: join(cwd, "sub"),
				headers: {},
				sseFallback: false,
				enabled: true,
				startupTimeoutMs: MCP_DEFAULTS.startupTimeoutMs,
				toolTimeoutMs: MCP_DEFAULTS.toolTimeoutMs,
				source: paths.user,
			},
		]);
	});

	it("the project file overrides a user server field by field and can disable it; a new transport replaces the old", () => {
		writeMcpFile(paths.user, {
			a: { command: "server-a", env: { TOKEN: "x" }, timeout: 5000 },
			b: { command: "server-b" },
			c: { command: "server-c", args: ["--old"] },
		});
		writeMcpFile(paths.project, {
			a: { timeout: 9000 },
			b: { enabled: false },
			c: { url: "http://127.0.0.1:9/mcp" },
			d: { url: "https://example.test/mcp", type: "sse" },
		});
		const servers = load();
		expect(servers.map(({ name, enabled, transport, source }) => ({ name, enabled, transport, source }))).toEqual([
			{ name: "a", enabled: true, transport: "stdio", source: paths.project },
			{ name: "b", enabled: false, transport: "stdio", source: paths.project },
			{ name: "c", enabled: true, transport: "http", source: paths.project },
			{ name: "d", enabled: true, transport: "sse", source: paths.project },
		]);
		expect(servers[0]).toMatchObject({ command: "server-a", env: { TOKEN: "x" }, toolTimeoutMs: 9000 });
		// c moved to HTTP: its stdio arguments are gone, and without "type" SSE is the fallback.
		expect(servers[2]).toMatchObject({ url: "http://127.0.0.1:9/mcp", args: [], sseFallback: true });
		expect(servers[2]?.command).toBeUndefined();
		expect(servers[3]?.sseFallback).toBe(false);
		expect(warnings).toEqual([]);
	});

	it("`disabled: true` is understood, and a later `enabled: true` wins over it", () => {
		writeMcpFile(paths.user, { a: { command: "a", disabled: true }, b: { command: "b", disabled: true } });
		writeMcpFile(paths.project, { b: { enabled: true } });
		expect(load().map((server) => [server.name, server.enabled])).toEqual([
			["a", false],
			["b", true],
		]);
	});

	it("--mcp-config files apply last; --no-mcp skips the user and project files but not them", () => {
		writeMcpFile(paths.user, { a: { command: "user-a" } });
		writeMcpFile(paths.project, { p: { command: "project-p" } });
		const extra = join(root, "extra.json");
		writeMcpFile(extra, { a: { command: "extra-a" }, x: { command: "extra-x" } });
		expect(load({ configFiles: [extra] }).map((server) => [server.name, server.command])).toEqual([
			["a", "extra-a"],
			["p", "project-p"],
			["x", "extra-x"],
		]);
		expect(load({ configFiles: [extra], noDiscovery: true }).map((server) => server.name)).toEqual(["a", "x"]);
		expect(load({ noDiscovery: true })).toEqual([]);
	});

	// biome-ignore lint/suspicious/noTemplateCurlyInString: the mcp.json syntax under test
	it("expands ${VAR} and ${VAR:-default} in command, args, env, url and headers", () => {
		// biome-ignore-start lint/suspicious/noTemplateCurlyInString: the mcp.json syntax under test
		writeMcpFile(paths.user, {
			s: { command: "${BIN}/srv", args: ["--key=${KEY}"], env: { TOKEN: "${KEY}", MISSING: "${NOPE:-fallback}" } },
			h: { url: "${BASE:-http://localhost:1}/mcp", headers: { Authorization: "Bearer ${KEY}" } },
		});
		// biome-ignore-end lint/suspicious/noTemplateCurlyInString: the mcp.json syntax under test
		const [stdio, http] = load({ env: { BIN: "/opt/bin", KEY: "k-123" } });
		expect(stdio).toMatchObject({
			command: "/opt/bin/srv",
			args: ["--key=k-123"],
			env: { TOKEN: "k-123", MISSING: "fallback" },
		});
		expect(http).toMatchObject({ url: "http://localhost:1/mcp", headers: { Authorization: "Bearer k-123" } });
	});
});

describe("bad input", () => {
	it("a file that is not JSON is ignored with its parse error; the other file still loads", () => {
		writeFileSync(paths.user, "{ not json");
		writeMcpFile(paths.project, { ok: { command: "ok" } });
		expect(load().map((server) => server.name)).toEqual(["ok"]);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(new RegExp(`^Ignoring ${paths.user.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: `));
	});

	it("names the file and the field of a wrongly typed field and keeps the rest of the server", () => {
		writeMcpFile(paths.user, { s: { command: "srv", args: "--flag", timeout: -1, enabled: "yes" } });
		const [server] = load();
		expect(server).toMatchObject({
			command: "srv",
			args: [],
			enabled: true,
			toolTimeoutMs: MCP_DEFAULTS.toolTimeoutMs,
		});
		expect(warnings).toEqual([
			mcpConfigTexts.ignoredField(paths.user, "s", "args", "an array of strings"),
			mcpConfigTexts.ignoredField(paths.user, "s", "timeout", "a positive number of milliseconds"),
			mcpConfigTexts.ignoredField(paths.user, "s", "enabled", "true or false"),
		]);
	});

	it("drops servers it cannot use, each with the reason", () => {
		writeFileSync(
			paths.user,
			JSON.stringify({
				mcpServers: {
					"bad name": { command: "x" },
					neither: { args: ["x"] },
					both: { command: "x", url: "http://localhost/mcp" },
					ftp: { url: "ftp://example.test" },
					weird: { command: "x", type: "websocket" },
					stdioUrl: { url: "http://localhost/mcp", type: "stdio" },
					httpCommand: { command: "x", type: "http" },
					entry: 5,
				},
			}),
		);
		expect(load()).toEqual([]);
		expect(warnings).toEqual([
			mcpConfigTexts.ignoredServer(paths.user, "bad name", mcpConfigTexts.badName),
			mcpConfigTexts.ignoredServer(paths.user, "entry", "the entry is not an object"),
			mcpConfigTexts.ignoredServer(paths.user, "neither", mcpConfigTexts.noTransport),
			mcpConfigTexts.ignoredServer(paths.user, "both", mcpConfigTexts.bothTransports),
			mcpConfigTexts.ignoredServer(paths.user, "ftp", mcpConfigTexts.badUrl("ftp://example.test")),
			mcpConfigTexts.ignoredServer(paths.user, "weird", mcpConfigTexts.unknownType("websocket")),
			mcpConfigTexts.ignoredServer(paths.user, "stdioUrl", mcpConfigTexts.typeMismatch("stdio")),
			mcpConfigTexts.ignoredServer(paths.user, "httpCommand", mcpConfigTexts.typeMismatch("http")),
		]);
	});

	it("mcpServers that is not an object, and a missing --mcp-config file, are reported", () => {
		writeFileSync(paths.user, JSON.stringify({ mcpServers: [] }));
		const missing = join(root, "missing.json");
		expect(load({ configFiles: [missing] })).toEqual([]);
		expect(warnings).toEqual([
			mcpConfigTexts.ignoredFile(paths.user, mcpConfigTexts.noServersObject),
			mcpConfigTexts.ignoredFile(missing, "the file does not exist"),
		]);
	});
});
