/**
 * The steering and follow-up queues (events.md §2.5). A poll takes one message ("one-at-a-time") or the
 * whole queue ("all"); messages not taken stay queued for the next poll or the next run.
 */
import type { AgentMessage, QueueMode } from "./types.js";

export class MessageQueue {
	private items: AgentMessage[] = [];

	constructor(public mode: QueueMode = "one-at-a-time") {}

	enqueue(message: AgentMessage): void {
		this.items.push(message);
	}

	/** Takes the messages due for delivery according to the mode. */
	poll(): AgentMessage[] {
		if (this.items.length === 0) return [];
		if (this.mode === "all") return this.clear();
		return this.items.splice(0, 1);
	}

	/** Removes and returns every queued message. */
	clear(): AgentMessage[] {
		const removed = this.items;
		this.items = [];
		return removed;
	}

	get size(): number {
		return this.items.length;
	}

	/** A copy of the queued messages, oldest first. */
	peek(): AgentMessage[] {
		return [...this.items];
	}
}
