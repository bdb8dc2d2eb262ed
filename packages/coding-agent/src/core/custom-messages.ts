/**
 * Custom-message delivery for `pi.sendMessage`: a message of role "custom" (stored as a `custom_message` entry)
 * is held for the next prompt, steered or queued as a follow-up while busy, or, when idle, starts a run or is only
 * added to the session and the context.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { AgentSession } from "./agent-session.js";
import type { CustomMessageInput, SendMessageOptions } from "./extensions/api-types.js";
import { persistMessage } from "./session-event-bridge.js";

/** What delivery needs beyond the session's public surface. */
export interface CustomMessageDeps {
	/** Throws once the session is shut down. */
	assertOpen(): void;
	/** Starts a run (busy from the call on) and resolves when it has ended. */
	run(start: (signal: AbortSignal) => Promise<void>): Promise<void>;
}

/** Delivers an AgentSession's custom messages and keeps the `nextTurn` queue. */
export class CustomMessages {
	/** `pi.sendMessage(…, {deliverAs: "nextTurn"})` messages, sent with the next prompt. */
	private nextTurn: AgentMessage[] = [];

	constructor(
		private readonly session: AgentSession,
		private readonly deps: CustomMessageDeps,
	) {}

	/** Empties the `nextTurn` queue and returns its messages, oldest first (they travel with a prompt). */
	takeNextTurn(): AgentMessage[] {
		return this.nextTurn.splice(0);
	}

	/** Delivers `input` as AgentSession.sendCustomMessage describes. */
	async send(input: CustomMessageInput, options: SendMessageOptions): Promise<void> {
		const { session } = this;
		const message: AgentMessage = {
			role: "custom",
			customType: input.customType,
			content: input.content,
			display: input.display,
			...(input.details !== undefined ? { details: input.details } : {}),
			timestamp: Date.now(),
		};
		if (options.deliverAs === "nextTurn") {
			this.nextTurn.push(message);
		} else if (session.isStreaming) {
			if (options.deliverAs === "followUp") session.agent.followUp(message);
			else session.agent.steer(message);
		} else if (options.triggerTurn) {
			this.deps.assertOpen();
			session.refreshSecrets();
			await this.deps.run(() => session.agent.prompt(message));
		} else {
			session.agent.appendMessage(message);
			persistMessage(session.sessionManager, message);
			await session.emit({ type: "message_start", message });
			await session.emit({ type: "message_end", message });
		}
	}
}
