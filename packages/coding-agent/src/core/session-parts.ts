/**
 * Builds the collaborators AgentSession delegates to and wires them to each other: the run controller (runs,
 * retries, compaction), the queue tracker, user shell commands, navigation, model control, the lifecycle
 * (abort/idle/shutdown), the prompt preflight, custom-message delivery and the prompt resources. AgentSession
 * itself stays the facade the modes call.
 */
import type { Agent } from "@pi/agent-core";
import type { ShellSettings } from "../tools/index.js";
import type { AgentSession } from "./agent-session.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { ScopedModel } from "./config/model-resolver.js";
import type { SettingsManager } from "./config/settings.js";
import { CustomMessages } from "./custom-messages.js";
import type { ExtensionHost } from "./extensions/host.js";
import { interceptUserBash } from "./extensions/session-hooks-bash.js";
import type { McpManager } from "./mcp/manager.js";
import { ModelController } from "./model-control.js";
import { SessionNavigator } from "./navigation.js";
import type { PromptResources } from "./prompt-expansion.js";
import type { PreflightContext } from "./prompt-preflight.js";
import { QueueTracker } from "./queue-tracker.js";
import { RunController } from "./run-controller.js";
import type { SessionManager } from "./session/index.js";
import { SessionEventBridge } from "./session-event-bridge.js";
import { SessionLifecycle } from "./session-lifecycle.js";
import { SessionResources } from "./session-resources.js";
import type { SessionToolSet } from "./session-tools.js";
import { shellSettingsFrom, UserBashController } from "./user-bash.js";

/** What AgentSession is built from (createAgentSession assembles it). */
export interface AgentSessionConfig {
	agent: Agent;
	sessionManager: SessionManager;
	settingsManager: SettingsManager;
	modelRegistry: ModelRegistry;
	/** Working directory: user commands run here, relative session paths resolve against it. */
	cwd: string;
	/** `--models` / `enabledModels` scope for cycling; empty = all available models. */
	scopedModels?: ScopedModel[];
	/** Prompt templates and skills for expansion and `getCommands()`. */
	resources?: PromptResources;
	/** Shell settings for user commands; default: from settings (`shellPath`, `shellCommandPrefix`, `bash.*`). */
	shellSettings?: () => ShellSettings;
	/** Receives session-file warnings of sessions opened later (switch). */
	onWarning?: (message: string) => void;
	/** Loaded extensions (createAgentSession loads them); default: none. */
	extensions?: ExtensionHost;
	/** The tool set (createAgentSession builds it); default: the agent's tools as they are. */
	toolSet?: SessionToolSet;
	/** What `reload()` does (createAgentSession: extensions, resources, context files, system prompt). */
	reload?: () => Promise<void>;
	/** The session's MCP servers (createAgentSession starts them when configured); closed at shutdown. */
	mcp?: McpManager;
	/** Random source in [0, 1) for the jitter of automatic retry waits; default `Math.random`. */
	retryRandom?: () => number;
}

/** The collaborators of one AgentSession. */
export interface SessionParts {
	events: SessionEventBridge;
	queue: QueueTracker;
	bash: UserBashController;
	runs: RunController;
	navigator: SessionNavigator;
	models: ModelController;
	lifecycle: SessionLifecycle;
	preflight: PreflightContext;
	customMessages: CustomMessages;
	resources: SessionResources;
}

/** Creates the collaborators of `session` and connects the event bridge to its agent. */
export function createSessionParts(session: AgentSession, config: AgentSessionConfig): SessionParts {
	const events = new SessionEventBridge();
	const emit = (event: Parameters<SessionEventBridge["emit"]>[0]) => events.emit(event);
	const shell = config.shellSettings ?? (() => shellSettingsFrom(session.settingsManager, session.modelRegistry));
	const bash = new UserBashController(session.cwd, shell, {
		isBusy: () => session.isStreaming,
		intercept: (command, excludeFromContext) =>
			interceptUserBash(session.extensions.dispatch, command, excludeFromContext, session.cwd),
		record: (message) => {
			session.agent.appendMessage(message);
			session.sessionManager.appendMessage(message);
		},
	});
	const runs = new RunController(session, emit, config.retryRandom);
	const queue = new QueueTracker(session.agent, emit);
	const navigator = new SessionNavigator(session, config.onWarning);
	const models = new ModelController(session);
	const lifecycle = new SessionLifecycle({
		agent: session.agent,
		runs,
		navigator,
		bash,
		flush: () => session.flush(),
	});
	const resources = new SessionResources(
		config.resources ?? { templates: [], skills: [] },
		session.cwd,
		() => session.toolSet,
		config.reload,
	);
	const preflight: PreflightContext = {
		assertOpen: () => lifecycle.assertOpen(),
		waitForCompaction: () => runs.waitForCompaction(),
		resources: () => resources.current,
		isBusy: () => session.isStreaming,
		model: () => session.model,
		registry: session.modelRegistry,
		queue,
		transformInput: (text, images, source, streamingBehavior) =>
			session.extensions.transformInput(text, images, source, streamingBehavior),
	};
	const customMessages = new CustomMessages(session, {
		assertOpen: () => lifecycle.assertOpen(),
		run: (start) => runs.run(start),
	});
	events.connect({
		agent: session.agent,
		sessionManager: () => session.sessionManager,
		queue,
		runs,
		extensions: (event, signal) => session.extensions.onAgentEvent(event, signal),
	});
	return { events, queue, bash, runs, navigator, models, lifecycle, preflight, customMessages, resources };
}
