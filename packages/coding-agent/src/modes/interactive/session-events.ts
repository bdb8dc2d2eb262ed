/**
 * Feeds the attached session's events to the screen: the transcript and the run status see every event; extension
 * failures become notices, queue changes refill the pending messages, and what changes the figures (a message, the
 * thinking level, the session name, a compaction, the end of a run) refreshes the footer.
 */
import type { AgentSession } from "../../core/agent-session.js";
import { extensionTexts } from "../../core/extensions/texts.js";
import type { AgentSessionEvent } from "../../core/session-events.js";
import type { PendingMessagesComponent } from "./components/pending-messages.js";
import type { TranscriptView } from "./event-rendering.js";
import type { RunStatus } from "./run-status.js";

/** The parts of the screen session events change. */
export interface SessionEventTarget {
	readonly transcript: TranscriptView;
	readonly status: RunStatus;
	readonly pending: PendingMessagesComponent;
	refreshFooter(): void;
	requestRender(): void;
}

/** Shows one session event on the screen (then asks for a frame). */
export function routeSessionEvent(event: AgentSessionEvent, session: AgentSession, target: SessionEventTarget): void {
	target.transcript.handleEvent(event);
	target.status.handleEvent(event, session);
	switch (event.type) {
		case "extension_error":
			target.transcript.addNotice("error", extensionTexts.errorLine(event.extensionPath, event.error));
			break;
		case "queue_update":
			target.pending.setMessages(event.steering, event.followUp);
			break;
		case "agent_end":
			void session.waitForIdle().then(() => target.refreshFooter());
			break;
		case "message_end":
		case "thinking_level_changed":
		case "session_info_changed":
		case "compaction_end":
			target.refreshFooter();
			break;
		default:
			break;
	}
	target.requestRender();
}
