/**
 * The texts behind the agent's steering and follow-up queues (rpc.md §4.2, §6 `queue_update`). The agent queues
 * messages; this tracker remembers which text each queued message came from, so clients see the queues and an
 * editor can restore them, and reports every change.
 */
import type { Agent, AgentMessage } from "@pi/agent-core";
import type { AgentSessionEvent } from "./session-events.js";

/** Queued message texts (as typed), oldest first. */
export interface QueuedTexts {
	steering: string[];
	followUp: string[];
}

export class QueueTracker {
	private readonly queued = new Map<AgentMessage, { kind: "steering" | "followUp"; text: string }>();

	constructor(
		private readonly agent: Agent,
		private readonly emit: (event: AgentSessionEvent) => Promise<void>,
	) {}

	get size(): number {
		return this.queued.size;
	}

	/**
	 * Queues `message` (built from `text`) with the agent. The caller reports the change with {@link reportUpdate}
	 * once it has answered the request (rpc.md §4.1: the response precedes the `queue_update`).
	 */
	enqueue(kind: "steering" | "followUp", message: AgentMessage, text: string): void {
		this.queued.set(message, { kind, text });
		if (kind === "steering") this.agent.steer(message);
		else this.agent.followUp(message);
	}

	/** Emits `queue_update` with the full contents of both queues. */
	reportUpdate(): Promise<void> {
		return this.emitUpdate();
	}

	/** At a message_start: a queued message being delivered leaves the queue, reported before its message_start. */
	async onMessageStart(message: AgentMessage): Promise<void> {
		if (this.queued.delete(message)) await this.emitUpdate();
	}

	texts(): QueuedTexts {
		const result: QueuedTexts = { steering: [], followUp: [] };
		for (const { kind, text } of this.queued.values()) result[kind].push(text);
		return result;
	}

	/** Empties both queues; returns their texts. */
	clear(): QueuedTexts {
		const texts = this.texts();
		this.agent.clearAllQueues();
		const hadAny = this.queued.size > 0;
		this.queued.clear();
		if (hadAny) void this.emitUpdate();
		return texts;
	}

	private emitUpdate(): Promise<void> {
		return this.emit({ type: "queue_update", ...this.texts() });
	}
}
