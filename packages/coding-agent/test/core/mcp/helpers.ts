/**
 * Test kit for MCP: sessions over the faux model whose mcp.json files are written before the session starts, and
 * server entries for the real servers from npm (server-everything, server-filesystem) and the test's own fake server.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createFauxProvider, type FauxProvider } from "@pi/ai/testing";
import type { AgentSession } from "../../../src/core/agent-session.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { SettingsManager } from "../../../src/core/config/settings.js";
import type { AgentSessionEvent } from "../../../src/core/session-events.js";
import { type CreateAgentSessionOptions, createAgentSession } from "../../../src/sdk.js";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The test's own stdio server (fixtures/fake-server.mjs): `mode` picks its behaviour. */
export function fakeServer(mode: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
	const script = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "fake-server.mjs");
	return { command: process.execPath, args: [script, mode], ...extra };
}

/** `@modelcontextprotocol/server-everything` over stdio. */
export function everythingServer(extra: Record<string, unknown> = {}): Record<string, unknown> {
	const script = join(packageDir("@modelcontextprotocol/server-everything"), "dist", "index.js");
	return { command: process.execPath, args: [script, "stdio"], ...extra };
}

/** `@modelcontextprotocol/server-filesystem` over stdio, allowed to touch `dir` only. */
export function filesystemServer(dir: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
	const script = join(packageDir("@modelcontextprotocol/server-filesystem"), "dist", "index.js");
	return { command: process.execPath, args: [script, dir], ...extra };
}

export interface McpTestSession {
	session: AgentSession;
	faux: FauxProvider;
	events: AgentSessionEvent[];
	warnings: string[];
	root: string;
	cwd: string;
	agentDir: string;
	/** Parsed lines of the session file. */
	fileLines(): any[];
	/** Shuts the session down (closing its servers) and removes the temp directories. */
	cleanup(): Promise<void>;
}

export interface McpTestSessionOptions extends Omit<CreateAgentSessionOptions, "cwd" | "agentDir"> {
	/** `mcpServers` of the user file (`<agentDir>/mcp.json`). */
	user?: Record<string, unknown>;
	/** `mcpServers` of the project file (`<cwd>/.pi/mcp.json`). */
	project?: Record<string, unknown>;
}

/** Writes `{mcpServers: servers}` to `file`. */
export function writeMcpFile(file: string, servers: Record<string, unknown>): void {
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, JSON.stringify({ mcpServers: servers }, null, 2));
}

/** A session over the faux model with only MCP tools (no built-in tools), its MCP files written first. */
export async function createMcpSession(options: McpTestSessionOptions = {}): Promise<McpTestSession> {
	const root = mkdtempSync(join(tmpdir(), "pi-mcp-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	const { user, project, ...rest } = options;
	if (user) writeMcpFile(join(agentDir, "mcp.json"), user);
	if (project) writeMcpFile(join(cwd, ".pi", "mcp.json"), project);
	const faux = createFauxProvider();
	const auth = AuthStorage.inMemory();
	const warnings: string[] = [];
	const { session } = await createAgentSession({
		env: {},
		noContextFiles: true,
		noSkills: true,
		noPromptTemplates: true,
		noExtensions: true,
		noBuiltinTools: true,
		model: faux.model,
		onWarning: (message) => warnings.push(message),
		...rest,
		cwd,
		agentDir,
		settingsManager: SettingsManager.create({ agentDir, cwd }),
		authStorage: auth,
		modelRegistry: new ModelRegistry({ agentDir, auth, env: {} }),
	});
	const events: AgentSessionEvent[] = [];
	session.subscribe((event) => {
		events.push(event);
	});
	return {
		session,
		faux,
		events,
		warnings,
		root,
		cwd,
		agentDir,
		fileLines: () =>
			readFileSync(session.sessionFile!, "utf8")
				.split("\n")
				.filter(Boolean)
				.map((line) => JSON.parse(line)),
		cleanup: async () => {
			await session.shutdown({ abort: true });
			faux.dispose();
			rmSync(root, { recursive: true, force: true });
		},
	};
}

/** Names of the tools the faux model was offered in request `index`. */
export function offeredTools(faux: FauxProvider, index: number): string[] {
	return (faux.requests[index]?.context.tools ?? []).map((tool) => tool.name);
}

/** The tool results the faux model saw in request `index`, as `{name, text, isError}`. */
export function toolResultsSeen(faux: FauxProvider, index: number): { name: string; text: string; isError: boolean }[] {
	const messages = faux.requests[index]?.context.messages ?? [];
	return messages.flatMap((message) =>
		message.role === "toolResult"
			? [
					{
						name: message.toolName,
						text: message.content.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join(""),
						isError: message.isError,
					},
				]
			: [],
	);
}
