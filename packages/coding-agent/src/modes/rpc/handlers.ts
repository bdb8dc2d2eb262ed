/**
 * The RPC command set (rpc.md §4) mapped onto AgentSession. Each handler does the command's own checks and state
 * change before it releases the line queue, so ordering guarantees of §2 hold; the session owns every behaviour
 * and error text.
 */
import type { AgentSession } from "../../core/agent-session.js";
import { queuedPromptOptions } from "../../core/extensions/session-port.js";
import type { HandlerControl, RpcHandlers } from "./server.js";

/** Texts owned by the RPC layer. */
export const handlerMessages = {
	modelNotFound: (provider: string, modelId: string) => `Model not found: ${provider}/${modelId}`,
} as const;

/** Lets later lines (abort, get_state, ...) through while `work`, already started, runs; resolves with its result. */
function whileReleased<T>(control: HandlerControl, work: Promise<T>): Promise<T> {
	control.release();
	return work;
}

/** Builds the handler table for one session. */
export function createRpcHandlers(session: AgentSession): RpcHandlers {
	return {
		prompt: async (command, control) => {
			// A prompt that arrives during a compaction waits for it, and an extension command runs until its handler
			// settles (it may wait for a dialog): abort, get_state and the rest must still get through meanwhile.
			if (session.isCompacting || session.extensions.findCommand(command.message)) control.release();
			await session.prompt(command.message, {
				images: command.images,
				streamingBehavior: command.streamingBehavior,
				inputSource: "rpc",
				onAccepted: () => control.respond(undefined),
			});
		},
		steer: async (command, control) => {
			if (session.isCompacting) control.release();
			await session.prompt(command.message, {
				...queuedPromptOptions("steer", command.images),
				inputSource: "rpc",
				onAccepted: () => control.respond(undefined),
			});
		},
		follow_up: async (command, control) => {
			if (session.isCompacting) control.release();
			await session.prompt(command.message, {
				...queuedPromptOptions("followUp", command.images),
				inputSource: "rpc",
				onAccepted: () => control.respond(undefined),
			});
		},
		// Commands that wait for long work start it, then let later lines through.
		abort: (_command, control) => whileReleased(control, session.abort()),
		new_session: (command, control) =>
			whileReleased(
				control,
				session.newSession(command.parentSession === undefined ? {} : { parentSession: command.parentSession }),
			),
		get_state: () => session.getState(),
		set_model: async (command) => {
			const model = session
				.getAvailableModels()
				.find((candidate) => candidate.provider === command.provider && candidate.id === command.modelId);
			if (!model) throw new Error(handlerMessages.modelNotFound(command.provider, command.modelId));
			await session.setModel(model);
			return model;
		},
		cycle_model: (command) => session.cycleModel(command.direction ?? "forward"),
		get_available_models: () => ({ models: session.getAvailableModels() }),
		set_thinking_level: async (command) => {
			await session.setThinkingLevel(command.level);
		},
		cycle_thinking_level: async () => {
			const level = await session.cycleThinkingLevel();
			return level === null ? null : { level };
		},
		set_steering_mode: (command) => session.setSteeringMode(command.mode),
		set_follow_up_mode: (command) => session.setFollowUpMode(command.mode),
		compact: (command, control) => whileReleased(control, session.compact(command.customInstructions)),
		set_auto_compaction: (command) => session.setAutoCompactionEnabled(command.enabled),
		set_auto_retry: (command) => session.setAutoRetryEnabled(command.enabled),
		abort_retry: () => session.abortRetry(),
		bash: (command, control) =>
			whileReleased(
				control,
				session.executeBash(command.command, undefined, { excludeFromContext: command.excludeFromContext === true }),
			),
		abort_bash: () => session.abortBash(),
		get_session_stats: () => session.getSessionStats(),
		export_html: async (command) => ({ path: await session.exportToHtml(command.outputPath) }),
		switch_session: (command, control) => whileReleased(control, session.switchSession(command.sessionPath)),
		fork: (command, control) => whileReleased(control, session.fork(command.entryId)),
		clone: (_command, control) => whileReleased(control, session.clone()),
		get_fork_messages: () => ({ messages: session.getForkMessages() }),
		get_last_assistant_text: () => ({ text: session.getLastAssistantText() }),
		set_session_name: (command) => session.setSessionName(command.name),
		get_messages: () => ({ messages: session.getMessages() }),
		get_commands: () => ({ commands: session.getCommands() }),
	};
}
