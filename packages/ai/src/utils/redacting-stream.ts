import type { AssistantMessageEvent } from "../types.js";
import { AssistantMessageEventStream } from "./event-stream.js";

/** What replaces the request's API key in an error message. */
export const REDACTED_KEY = "[REDACTED]";
/** Shorter keys are placeholders ("none", "ollama") whose every mention would otherwise be blanked. */
const MIN_KEY_LENGTH = 8;

/**
 * The event stream `stream()` returns: an error text that repeats the request's API key (providers echo a rejected
 * key: "Incorrect API key provided: sk-…") carries {@link REDACTED_KEY} in its place, so the key never reaches a
 * terminal, a log or a session file through an error message.
 */
export class KeyRedactingEventStream extends AssistantMessageEventStream {
	private key: string | undefined;

	/** Redacts `key` from the error events pushed from now on. */
	redactKey(key: string | undefined): void {
		this.key = key !== undefined && key.length >= MIN_KEY_LENGTH ? key : undefined;
	}

	override push(event: AssistantMessageEvent): void {
		const key = this.key;
		if (key && event.type === "error" && event.error.errorMessage?.includes(key)) {
			event.error.errorMessage = event.error.errorMessage.split(key).join(REDACTED_KEY);
		}
		super.push(event);
	}
}
