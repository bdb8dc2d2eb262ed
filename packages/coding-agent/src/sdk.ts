/**
 * The SDK entry: `createAgentSession` assembles settings, credentials, models, the session file, tools, resources
 * and the system prompt into an {@link AgentSession}. The CLI and embedders both start here. Importing this module
 * loads no TUI code and no provider SDK.
 */
import { resolve } from "node:path";
import { Agent, type AgentThinkingLevel, type AgentTool, type StreamFn } from "@pi/agent-core";
import { type CacheRetention, type Model, setHttpIdleTimeout, streamSimple } from "@pi/ai";
import { AgentSession } from "./core/agent-session.js";
import { loadOAuthModelAdjusters } from "./core/auth/oauth-support.js";
import { retryUnauthorizedOnce } from "./core/auth/unauthorized-retry.js";
import { buildToolSet } from "./core/build-tool-set.js";
import { AuthStorage } from "./core/config/auth-storage.js";
import { ModelRegistry } from "./core/config/model-registry.js";
import { parseModelScope, type ScopedModel, selectStartupModel } from "./core/config/model-resolver.js";
import { resolveAgentDir } from "./core/config/paths.js";
import { SettingsManager } from "./core/config/settings.js";
import {
	type ExtensionFactory,
	ExtensionHost,
	extensionCacheDir,
	extensionTexts,
	findExtensions,
	loadExtension,
	loadExtensions,
} from "./core/extensions/index.js";
import { reloadSession } from "./core/extensions/reload.js";
import { startMcp } from "./core/mcp/start.js";
import { effectiveThinkingLevel } from "./core/model-control.js";
import { pathHasThinkingLevel } from "./core/navigation.js";
import { installMissingPackages } from "./core/packages/missing.js";
import { type PackageResources, packageOfExtension, resolvePackageResources } from "./core/packages/resolve.js";
import { isPackageSourceArgument, prepareCommandLinePackages } from "./core/packages/temporary.js";
import { loadContextFiles } from "./core/resources/context-files.js";
import { loadPromptResources } from "./core/resources/prompt-resources.js";
import { loadSystemPromptSources } from "./core/resources/system-prompt.js";
import {
	convertToLlm,
	getProjectSessionDir,
	getSessionsRoot,
	resolveSessionArgument,
	SessionError,
	SessionManager,
	sessionMessages,
} from "./core/session/index.js";
import type { SystemPromptInputs } from "./core/session-tools.js";
// builtin.js, not index.js: grep, find and ls are imported only by sessions that use them.
import { BUILTIN_TOOL_NAMES } from "./tools/builtin.js";

/** Which session to start with. */
export type SessionSelection =
	/** A new session in the session dir (file written at the first prompt). */
	| { kind: "new" }
	/** The most recent session of the session dir, else a new one. */
	| { kind: "continue" }
	/** `--session <path|id prefix>`: a missing path becomes a new session written there. */
	| { kind: "open"; target: string }
	/** `--fork <path|id prefix>`: a copy of another session in the current project. */
	| { kind: "fork"; target: string }
	/** `--no-session`: nothing is written. */
	| { kind: "memory" };

/** Options of {@link createAgentSession}. Every option is optional; defaults follow config.md. */
export interface CreateAgentSessionOptions {
	/** Working directory; default `process.cwd()`. */
	cwd?: string;
	/** Agent dir; default `PI_CODING_AGENT_DIR` of `env`, else `~/.pi/agent`. */
	agentDir?: string;
	/** Environment for provider keys and `!command` values; default `process.env`. */
	env?: NodeJS.ProcessEnv;
	/** Session directory (`--session-dir`); default settings `sessionDir`, else the project dir under the agent dir. */
	sessionDir?: string;
	/** Session selection, or a ready SessionManager; default a new session. */
	session?: SessionSelection | SessionManager;
	/** `--provider`. */
	provider?: string;
	/** `--model` pattern (config.md §10.1), or a model object used as is. */
	model?: string | Model;
	/** `--models` scope (comma list or array); default settings `enabledModels`. */
	models?: string | readonly string[];
	/** `--thinking`. */
	thinkingLevel?: AgentThinkingLevel;
	/** `--api-key`: key for the start-up model's provider, this process only. */
	apiKey?: string;
	/** `--system-prompt` (file or text). */
	systemPrompt?: string;
	/** `--append-system-prompt` values (each file or text). */
	appendSystemPrompt?: string | readonly string[];
	/** `--tools`: built-in tool names; default read, bash, edit, write. */
	tools?: readonly string[];
	/** `--no-tools`: no tools at all (wins over everything else). */
	noTools?: boolean;
	/** `--mcp-config` files: MCP servers added on top of (and overriding) the user and project mcp.json. */
	mcpConfig?: readonly string[];
	/** `--no-mcp`: ignore the user and project mcp.json (`mcpConfig` files still load). */
	noMcp?: boolean;
	/** `--no-builtin-tools`: only `customTools`. */
	noBuiltinTools?: boolean;
	/** Extra tools from the embedder (active unless `noTools`). */
	customTools?: AgentTool<any, any>[];
	/** `-e` paths: extension modules loaded even with `noExtensions` (relative to `cwd`). */
	extensions?: readonly string[];
	/** `--no-extensions`: no discovery in the agent dir, `.pi/extensions` or settings. */
	noExtensions?: boolean;
	/**
	 * Install the npm and git packages of the `packages` settings that are missing on disk before loading them (the
	 * CLI does, unless offline; docs/packages.md). Default false.
	 */
	installMissingPackages?: boolean;
	/** Extensions given as functions by an embedder (loaded after the `extensions` paths); `path` names them. */
	extensionFactories?: readonly { path: string; factory: ExtensionFactory }[];
	/** Values of extension-registered flags from the command line, by flag name. */
	extensionFlagValues?: Readonly<Record<string, boolean | string>>;
	/** `--skill` paths. */
	skills?: readonly string[];
	noSkills?: boolean;
	/** `--prompt-template` paths. */
	promptTemplates?: readonly string[];
	noPromptTemplates?: boolean;
	noContextFiles?: boolean;
	settingsManager?: SettingsManager;
	authStorage?: AuthStorage;
	modelRegistry?: ModelRegistry;
	/** Prompt-cache retention for every request. */
	cacheRetention?: CacheRetention;
	/** Fail when no model can be selected (non-interactive modes). */
	requireModel?: boolean;
	/** The LLM stream function; default `streamSimple` (tests and proxies replace it). */
	streamFn?: StreamFn;
	/** Receives every warning as it happens (they are also returned). */
	onWarning?: (message: string) => void;
	/** Random source in [0, 1) for the jitter of automatic retry waits; default `Math.random` (tests fix it). */
	retryRandom?: () => number;
}

/** What {@link createAgentSession} returns. */
export interface CreateAgentSessionResult {
	session: AgentSession;
	/** Warnings gathered during set-up (settings, models.json, resources, tools, scope). */
	warnings: string[];
	/** Set when the session's own model could not be restored and another one was chosen. */
	modelFallbackMessage?: string;
}

/** Texts of the SDK set-up. */
export const sdkMessages = {
	/** spec json-mode.md §2 */
	noModels:
		"No models available. Set an API key environment variable or add a provider in models.json, then select a model with --model.",
	unknownTool: (name: string) => `Unknown tool "${name}" ignored.`,
	modelFallback: (restored: string, chosen: string | undefined) =>
		chosen
			? `Could not restore the session's model ${restored} (no API key or unknown model); using ${chosen}.`
			: `Could not restore the session's model ${restored} (no API key or unknown model); no model selected.`,
} as const;

async function openSession(
	selection: SessionSelection,
	context: { cwd: string; agentDir: string; sessionDir: string; onWarning: (message: string) => void },
): Promise<SessionManager> {
	const { cwd, agentDir, sessionDir, onWarning } = context;
	const options = { onWarning };
	const scope = { cwd, projectDir: sessionDir, sessionsRoot: getSessionsRoot(agentDir) };
	switch (selection.kind) {
		case "new":
			return SessionManager.create(cwd, sessionDir, options);
		case "memory":
			return SessionManager.inMemory(cwd, options);
		case "continue":
			return SessionManager.continueRecent(cwd, sessionDir, options);
		case "open": {
			const match = await resolveSessionArgument(selection.target, scope);
			if (match.kind === "path") return SessionManager.openOrCreate(match.path, cwd, options);
			if (match.otherProject) {
				throw new SessionError(sessionMessages.otherProject(selection.target, match.cwd ?? "unknown"));
			}
			return SessionManager.open(match.path, cwd, options);
		}
		case "fork": {
			const match = await resolveSessionArgument(selection.target, scope);
			if (match.kind === "path" && !match.exists) throw new SessionError(sessionMessages.fileNotFound(match.path));
			return SessionManager.forkFrom(match.path, cwd, sessionDir, options);
		}
	}
}

/** Loads `-e` paths, discovered extensions (unless `noExtensions`) and embedder factories into a new host. */
async function loadSessionExtensions(
	options: CreateAgentSessionOptions,
	context: ExtensionLoadContext & { warn: (message: string) => void },
): Promise<ExtensionHost> {
	const { cwd, warn } = context;
	const host = new ExtensionHost({
		cwd,
		flagValues: options.extensionFlagValues,
		onError: (error) => warn(extensionTexts.errorLine(error.extensionPath, error.error)),
		// An extension from an installed package is named with its package in its errors (docs/packages.md).
		packageOf: (path) => packageOfExtension(context.packages.current, path),
	});
	await loadIntoHost(host, options, context);
	return host;
}

/** Extension files of the packages given with `-e`. */
function commandLineExtensions(packages: PackageResources): string[] {
	return packages.extensions.filter((resource) => resource.origin.scope === "cli").map((resource) => resource.path);
}

/** What finding extensions needs; `packages.current` is the installed packages' resources, renewed on reload. */
interface ExtensionLoadContext {
	cwd: string;
	agentDir: string;
	settings: SettingsManager;
	packages: { current: PackageResources };
	/** Told when the compiled-extension cache cannot be written. */
	warn?: (message: string) => void;
}

/** Finds and loads the extensions into `host` (at start-up, and again after a reload reset it). */
async function loadIntoHost(
	host: ExtensionHost,
	options: CreateAgentSessionOptions,
	context: ExtensionLoadContext,
): Promise<void> {
	const { cwd } = context;
	const sources = findExtensions({
		cwd,
		agentDir: context.agentDir,
		cliPaths: [
			...(options.extensions ?? []).filter((path) => !isPackageSourceArgument(path)),
			// Packages given with -e load even with --no-extensions, like -e paths.
			...(options.noExtensions ? commandLineExtensions(context.packages.current) : []),
		],
		settingsEntries: context.settings.getResourceEntries("extensions"),
		noDiscovery: options.noExtensions,
		packageSources: context.packages.current.extensions,
	});
	await loadExtensions(host, sources, cwd, { cacheDir: extensionCacheDir(context.agentDir), onWarning: context.warn });
	for (const { path, factory } of options.extensionFactories ?? []) {
		await loadExtension(host, { path, origin: "sdk" }, cwd, () => factory);
	}
}

/**
 * Creates a ready AgentSession: settings, auth and models from the agent dir (unless given), the selected session
 * (restoring its messages, model and thinking level), the start-up model (config.md §10.2), tools built with the
 * settings' values, prompt templates, skills, context files and the system prompt (config.md §7).
 * Throws with the spec's message when the model pattern, session selection or (with `requireModel`) the model fails.
 */
export async function createAgentSession(options: CreateAgentSessionOptions = {}): Promise<CreateAgentSessionResult> {
	const env = options.env ?? process.env;
	const cwd = resolve(options.cwd ?? process.cwd());
	const agentDir = options.agentDir ?? resolveAgentDir({ env, cwd });
	const warnings: string[] = [];
	const warn = (message: string) => {
		warnings.push(message);
		options.onWarning?.(message);
	};

	const settings = options.settingsManager ?? SettingsManager.create({ agentDir, cwd, onWarning: warn });
	// Process-wide (the transport under every provider SDK): a server that sends nothing fails the request, retryably.
	setHttpIdleTimeout(settings.get("httpIdleTimeoutMs"));
	const auth = options.authStorage ?? AuthStorage.create({ agentDir, onWarning: warn });
	const registry = options.modelRegistry ?? new ModelRegistry({ agentDir, auth, env, onError: warn, onWarning: warn });
	// Signed in with a subscription: its integration may adjust the provider's models (Copilot's base URL).
	if (auth.list().some((provider) => auth.get(provider)?.type === "oauth")) {
		await loadOAuthModelAdjusters(auth, registry, { onWarning: warn });
	}
	const sessionDir = options.sessionDir ?? settings.getSessionDir() ?? getProjectSessionDir(agentDir, cwd);
	// MCP configuration is read (and the client loaded) now; the servers start once the set-up can no longer fail.
	const mcp = options.noTools
		? undefined
		: await startMcp({
				cwd,
				agentDir,
				env,
				configFiles: options.mcpConfig,
				noDiscovery: options.noMcp,
				warn,
				recordSecret: (value) => registry.apiKeys.recordSecret(value),
			});
	// Extensions load before the model is chosen: providers they register are models `--model` can name.
	// Installed packages (docs/packages.md): their extensions, skills and templates load after the user's own.
	// `-e npm:…` / `-e git:…`: packages tried for this run only (docs/packages.md).
	const packageArgs = (options.extensions ?? []).filter(isPackageSourceArgument);
	const commandLine =
		packageArgs.length > 0
			? await prepareCommandLinePackages(packageArgs, { agentDir, settings, env, onWarning: warn })
			: [];
	const resolvePackages = () => resolvePackageResources({ cwd, agentDir, settings, onWarning: warn, env, commandLine });
	if (options.installMissingPackages) {
		await installMissingPackages({ cwd, agentDir, settings, onWarning: warn, env });
	}
	const packages = { current: resolvePackages() };
	const extensions = await loadSessionExtensions(options, { cwd, agentDir, settings, warn, packages });
	extensions.bindModelRegistry(registry);

	const selection = options.session ?? { kind: "new" };
	const sessionManager =
		selection instanceof SessionManager
			? selection
			: await openSession(selection, { cwd, agentDir, sessionDir, onWarning: warn });

	// Model and thinking level (config.md §10.2).
	// Lookups by provider: picking one model builds only the providers it names, not the whole catalogue.
	const catalog = registry.getCatalog();
	const scopePatterns = options.models ?? settings.getEnabledModels();
	let scope: ScopedModel[] = [];
	if (scopePatterns !== undefined && scopePatterns.length > 0) {
		const parsed = parseModelScope(scopePatterns, catalog);
		scope = parsed.scope;
		for (const warning of parsed.warnings) warn(warning);
	}
	const restored = sessionManager.buildContext();
	const resumed = restored.model
		? {
				...restored.model,
				thinkingLevel: pathHasThinkingLevel(sessionManager) ? restored.thinkingLevel : undefined,
			}
		: undefined;
	let model: Model | undefined;
	let thinkingLevel: AgentThinkingLevel;
	if (typeof options.model === "object") {
		model = options.model;
		thinkingLevel = effectiveThinkingLevel(
			model,
			options.thinkingLevel ?? resumed?.thinkingLevel ?? settings.getDefaultThinkingLevel(),
		);
	} else {
		const selected = selectStartupModel({
			catalog,
			cliModel: options.model,
			cliProvider: options.provider,
			cliThinking: options.thinkingLevel,
			resumed,
			scope,
			defaultProvider: settings.getDefaultProvider(),
			defaultModel: settings.getDefaultModel(),
			defaultThinkingLevel: settings.getDefaultThinkingLevel(),
		});
		if (!selected.ok) throw new Error(selected.error);
		for (const warning of selected.warnings) warn(warning);
		model = selected.model;
		thinkingLevel = selected.thinkingLevel;
	}
	let modelFallbackMessage: string | undefined;
	if (resumed && options.model === undefined && options.provider === undefined) {
		const same = model && model.provider === resumed.provider && model.id === resumed.modelId;
		if (!same) {
			const chosen = model ? `${model.provider}/${model.id}` : undefined;
			modelFallbackMessage = sdkMessages.modelFallback(`${resumed.provider}/${resumed.modelId}`, chosen);
		}
	}
	if (!model && options.requireModel) throw new Error(sdkMessages.noModels);
	// From here nothing throws: MCP servers start in the background while the rest is set up (docs/mcp.md).
	mcp?.start();
	if (model && options.apiKey) registry.apiKeys.setCliApiKey(model.provider, options.apiKey);

	// A new session starts with the model and thinking level (session-format.md §6), held until the first prompt.
	if (sessionManager.getEntries().length === 0) {
		if (model) sessionManager.appendModelChange(model.provider, model.id);
		sessionManager.appendThinkingLevelChange(thinkingLevel);
	}

	// Resources and system prompt.
	const resourceOptions = {
		cwd,
		agentDir,
		settings,
		promptTemplates: options.promptTemplates,
		noPromptTemplates: options.noPromptTemplates,
		skills: options.skills,
		noSkills: options.noSkills,
		get packages() {
			return packages.current;
		},
		onWarning: warn,
	};
	let resources = loadPromptResources(resourceOptions);

	const loadSystemPrompt = (): SystemPromptInputs => {
		const appendValues =
			typeof options.appendSystemPrompt === "string" ? [options.appendSystemPrompt] : options.appendSystemPrompt;
		const sources = loadSystemPromptSources({
			cwd,
			agentDir,
			systemPrompt: options.systemPrompt,
			appendSystemPrompt: appendValues,
		});
		const contextFiles = loadContextFiles({ cwd, agentDir, disabled: options.noContextFiles });
		return { base: sources.base, append: sources.append, contextFiles, skills: resources.skills, cwd };
	};
	let agent: Agent | undefined;
	const toolSet = await buildToolSet({
		cwd,
		agentDir,
		settings,
		registry,
		currentModel: () => agent?.state.model ?? model,
		extensions,
		tools: options.tools,
		noTools: options.noTools,
		noBuiltinTools: options.noBuiltinTools,
		customTools: options.customTools,
		...(mcp ? { mcpTools: () => mcp.getTools() } : {}),
		prompt: loadSystemPrompt(),
		warn,
		unknownToolWarning: sdkMessages.unknownTool,
	});

	const baseStream = options.streamFn ?? streamSimple;
	agent = new Agent({
		initialState: {
			systemPrompt: toolSet.systemPrompt,
			model,
			thinkingLevel,
			tools: toolSet.tools,
			messages: restored.messages,
		},
		convertToLlm: (messages) => convertToLlm(messages, { blockImages: settings.getImageSettings().blockImages }),
		getApiKey: (provider) => registry.getApiKey({ provider }),
		// Providers with `authHeader` also need the key as a bearer header, resolved per request like the key.
		// A 401 to a subscription (OAuth) token is answered by one token refresh and one retry (core/auth/).
		streamFn: retryUnauthorizedOnce(async (target, context, streamOptions) => {
			const { headers } = await registry.getRequestAuth(target);
			const merged = headers ? { ...streamOptions, headers: { ...headers, ...streamOptions.headers } } : streamOptions;
			return baseStream(target, context, merged);
		}, registry.apiKeys),
		steeringMode: settings.getSteeringMode(),
		followUpMode: settings.getFollowUpMode(),
		thinkingBudgets: settings.getThinkingBudgets(),
		cacheRetention: options.cacheRetention,
		sessionId: sessionManager.getSessionId(),
	});

	// The reload closure refers to the session it is passed to; it runs only once the session exists.
	const session: AgentSession = new AgentSession({
		agent,
		sessionManager,
		settingsManager: settings,
		modelRegistry: registry,
		cwd,
		scopedModels: scope,
		resources,
		onWarning: warn,
		extensions,
		toolSet,
		mcp,
		reload: () =>
			reloadSession(session, {
				host: extensions,
				loadExtensions: () => {
					packages.current = resolvePackages();
					return loadIntoHost(extensions, options, { cwd, agentDir, settings, packages });
				},
				reloadResources: () => {
					resources = loadPromptResources(resourceOptions);
					return { resources, prompt: loadSystemPrompt() };
				},
			}),
		retryRandom: options.retryRandom,
	});
	mcp?.onToolsChanged(() => session.toolSet.refresh());
	return { session, warnings, modelFallbackMessage };
}

export { BUILTIN_TOOL_NAMES };
