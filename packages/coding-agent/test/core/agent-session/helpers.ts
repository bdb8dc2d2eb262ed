/**
 * Test kit for AgentSession: temp agent dir and cwd, real settings file, in-memory auth, a faux provider model,
 * and an event recorder.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import {
	createFauxProvider,
	type FauxProvider,
	type FauxProviderOptions,
	type MockServer,
	startMockServer,
} from "@pi/ai/testing";
import { Type } from "@sinclair/typebox";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { AgentSession } from "../../../src/core/agent-session.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { SettingsManager } from "../../../src/core/config/settings.js";
import type { AgentSessionEvent } from "../../../src/core/session-events.js";
import { type CreateAgentSessionOptions, createAgentSession } from "../../../src/sdk.js";

export interface TestSession {
	session: AgentSession;
	faux: FauxProvider;
	events: AgentSessionEvent[];
	cwd: string;
	agentDir: string;
	settings: SettingsManager;
	registry: ModelRegistry;
	/** Event types in order. */
	types(): string[];
	/** Parsed lines of the current session file. */
	fileLines(): any[];
	cleanup(): void;
}

export interface TestSessionOptions extends Omit<CreateAgentSessionOptions, "cwd" | "agentDir"> {
	/** Global settings.json content. */
	settingsJson?: Record<string, unknown>;
	/** models.json content. */
	modelsJson?: Record<string, unknown>;
	fauxOptions?: FauxProviderOptions;
	/** Use the faux model (default true). */
	useFaux?: boolean;
}

/** Creates a session over a faux model in fresh temp directories. */
export async function createTestSession(options: TestSessionOptions = {}): Promise<TestSession> {
	const root = mkdtempSync(join(tmpdir(), "pi-agent-session-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	if (options.settingsJson) writeFileSync(join(agentDir, "settings.json"), JSON.stringify(options.settingsJson));
	if (options.modelsJson) writeFileSync(join(agentDir, "models.json"), JSON.stringify(options.modelsJson));
	const faux = createFauxProvider(options.fauxOptions);
	const settings = SettingsManager.create({ agentDir, cwd });
	const auth = options.authStorage ?? AuthStorage.inMemory();
	const registry = new ModelRegistry({ agentDir, auth, env: options.env ?? {} });
	const { settingsJson: _s, modelsJson: _m, fauxOptions: _f, useFaux, ...rest } = options;
	const { session } = await createAgentSession({
		env: {},
		noContextFiles: true,
		noSkills: true,
		noPromptTemplates: true,
		tools: [],
		model: useFaux === false ? undefined : faux.model,
		...rest,
		cwd,
		agentDir,
		settingsManager: settings,
		authStorage: auth,
		modelRegistry: registry,
	});
	const events: AgentSessionEvent[] = [];
	session.subscribe((event) => {
		events.push(event);
	});
	return {
		session,
		faux,
		events,
		cwd,
		agentDir,
		settings,
		registry,
		types: () => events.map((event) => event.type),
		fileLines: () => readSessionLines(session.sessionFile!),
		cleanup: () => {
			faux.dispose();
			rmSync(root, { recursive: true, force: true });
		},
	};
}

/** What a test file against the mock server shares: the server (started in beforeAll) and the current session. */
export interface MockServerFixture {
	server: MockServer;
	t: TestSession | undefined;
}

/**
 * Registers the hooks for tests against the loopback mock server (models.json providers through real SDKs): one
 * server for the file, reset after each test along with cleaning up the test's session `t`, closed after all.
 */
export function useMockServer(): MockServerFixture {
	const fixture = { t: undefined } as MockServerFixture;
	beforeAll(async () => {
		fixture.server = await startMockServer();
	});
	afterAll(async () => {
		await fixture.server.close();
	});
	afterEach(() => {
		fixture.server.reset();
		fixture.t?.cleanup();
		fixture.t = undefined;
	});
	return fixture;
}

/** A session after two exchanges: user "first" / "one", user "second" / "two". */
export async function twoExchanges(options: TestSessionOptions = {}): Promise<TestSession> {
	const t = await createTestSession(options);
	t.faux.enqueue({ text: "one" }, { text: "two" });
	await t.session.prompt("first");
	await t.session.prompt("second");
	return t;
}

/** Two exchanges keeping only the last reply, so a manual compaction has something to summarise. */
export function compactableSession(): Promise<TestSession> {
	return twoExchanges({ settingsJson: { compaction: { keepRecentTokens: 2 } } });
}

/** Parsed lines of a session file. */
export function readSessionLines(path: string): any[] {
	return readFileSync(path, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

/** Roles of the message entries among session file lines, in file order. */
export function messageRoles(lines: any[]): string[] {
	return lines.filter((line) => line.type === "message").map((line) => line.message.role);
}

/** A tool whose calls wait until `release()` is called; records the calls it got. */
export function createGateTool(name = "gate"): { tool: AgentTool<any, any>; release(): void; started: Promise<void> } {
	let release!: () => void;
	let markStarted!: () => void;
	const gate = new Promise<void>((resolve) => {
		release = resolve;
	});
	const started = new Promise<void>((resolve) => {
		markStarted = resolve;
	});
	const tool: AgentTool<any, any> = {
		name,
		label: name,
		description: "Waits for the test.",
		parameters: Type.Object({ note: Type.Optional(Type.String()) }),
		async execute() {
			markStarted();
			await gate;
			return { content: [{ type: "text", text: "gate opened" }] };
		},
	};
	return { tool, release, started };
}

/** Text of a user message in a faux request context. */
export function requestTexts(faux: FauxProvider, index: number): string[] {
	const request = faux.requests[index];
	if (!request) return [];
	return request.context.messages.map((message) => {
		if (typeof message.content === "string") return `${message.role}:${message.content}`;
		const text = message.content
			.map((block) => (block.type === "text" ? block.text : block.type === "toolCall" ? `call:${block.name}` : ""))
			.join("");
		return `${message.role}:${text}`;
	});
}

/** A tool whose calls run until their abort signal fires (then fail); `started` resolves at the first call. */
export function createUntilAbortedTool(name = "wait"): { tool: AgentTool<any, any>; started: Promise<void> } {
	let markStarted!: () => void;
	const started = new Promise<void>((resolve) => {
		markStarted = resolve;
	});
	const tool: AgentTool<any, any> = {
		name,
		label: name,
		description: "Runs until aborted.",
		parameters: Type.Object({}),
		execute(_id, _params, signal) {
			markStarted();
			return new Promise((_resolve, reject) => {
				const stop = () => reject(new Error("stopped by abort"));
				if (signal?.aborted) stop();
				else signal?.addEventListener("abort", stop, { once: true });
			});
		},
	};
	return { tool, started };
}

/** Resolves at the first event of `type`. */
export function nextEvent(session: AgentSession, type: string): Promise<void> {
	return new Promise((resolve) => {
		const off = session.subscribe((event) => {
			if (event.type === type) {
				off();
				resolve();
			}
		});
	});
}
