/**
 * The bridge between the agent's events and the session's listeners (rpc.md §6, session-format.md §11): every
 * message is persisted at its `message_end` before any listener sees it, delivered queued messages leave the queue
 * before their `message_start`, and the retry/recovery decision is taken before `agent_end` is delivered so the
 * session stays busy in between.
 */
import type { Agent, AgentEvent, AgentMessage } from "@pi/agent-core";
import type { AssistantMessage } from "@pi/ai";
import type { QueueTracker } from "./queue-tracker.js";
import type { RunController } from "./run-controller.js";
import type { SessionManager } from "./session/index.js";
import type { AgentSessionEvent, AgentSessionListener } from "./session-events.js";

/** Roles that are written to the session file at their message_end. */
const PERSISTED_ROLES = new Set(["user", "assistant", "toolResult", "custom", "bashExecution"]);

/**
 * Writes a message to the session: extension (`custom`) messages as `custom_message` entries (session-format.md,
 * as the original pi stores them), every other role as a `message` entry.
 */
export function persistMessage(manager: SessionManager, message: AgentMessage): void {
	if (message.role === "custom") {
		manager.appendCustomMessageEntry(message.customType, message.content, message.display, message.details);
	} else {
		manager.appendMessage(message);
	}
}

/** What the bridge works on once connected; `sessionManager` is read per event since switching replaces it. */
export interface BridgeTargets {
	agent: Agent;
	sessionManager: () => SessionManager;
	queue: QueueTracker;
	runs: RunController;
	/**
	 * Extensions' handlers of agent events; they run first, so a `message_end` replacement is what gets persisted
	 * and what listeners see. `signal` is the run's abort signal.
	 */
	extensions?: (event: AgentEvent, signal: AbortSignal) => Promise<void>;
}

/** Owns the session's listeners and turns agent events into persisted entries and session events. */
export class SessionEventBridge {
	private readonly listeners: AgentSessionListener[] = [];

	/** Adds a listener; returns its removal. Listeners are awaited in subscription order. */
	subscribe(listener: AgentSessionListener): () => void {
		this.listeners.push(listener);
		return () => {
			const index = this.listeners.indexOf(listener);
			if (index !== -1) this.listeners.splice(index, 1);
		};
	}

	/** Delivers an event to every listener in order; a failing listener does not stop the others. */
	async emit(event: AgentSessionEvent): Promise<void> {
		for (const listener of [...this.listeners]) {
			try {
				await listener(event);
			} catch {
				// A mode's rendering failure must not break the run or the session file.
			}
		}
	}

	/** Starts handling the agent's events. */
	connect(targets: BridgeTargets): void {
		targets.agent.subscribe((event, signal) => this.handleAgentEvent(event, signal, targets));
	}

	private async handleAgentEvent(
		event: AgentEvent,
		signal: AbortSignal,
		{ sessionManager, queue, runs, extensions }: BridgeTargets,
	): Promise<void> {
		await extensions?.(event, signal);
		if (event.type === "message_start") {
			await queue.onMessageStart(event.message);
		} else if (event.type === "message_end") {
			// Persist before any listener sees the event: the write is the ordering barrier (R1, R2).
			if (PERSISTED_ROLES.has(event.message.role)) persistMessage(sessionManager(), event.message);
		} else if (event.type === "agent_end") {
			sessionManager().sync();
			// Decide retry / recovery before agent_end is delivered, so the session stays busy (rpc.md §6).
			const followUps = runs.decideAfterRun(event.messages);
			await this.emit(event);
			await followUps();
			return;
		}
		await this.emit(event);
		if (event.type === "message_end" && event.message.role === "assistant") {
			await runs.onAssistantMessage(event.message as AssistantMessage);
		}
	}
}
