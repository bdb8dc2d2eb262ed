/**
 * What a submitted line is and where it goes: `!cmd` / `!!cmd` shell commands are recognised here (tools.md §8),
 * and text for the session is sent as a prompt, a steering or a follow-up message, or, when it names an extension
 * command, as a prompt even while the agent works (extension commands run at once and cannot be queued).
 */
import type { ImageContent } from "@pi/ai";
import type { AgentSession } from "../../../core/agent-session.js";
import { errorMessage, extensionTexts } from "../../../core/extensions/texts.js";
import { sessionTexts } from "../../../core/session-events.js";
import { NOTICE_TEXT } from "../notices.js";

/** A user shell command parsed from the editor text. */
export interface ShellCommandInput {
	command: string;
	/** `!!cmd`: recorded but never sent to the model. */
	excludeFromContext: boolean;
}

/** `!cmd` → run and send the output to the model; `!!cmd` → run only. A lone `!` or `!!` is not a command. */
export function parseShellCommand(text: string): ShellCommandInput | undefined {
	const trimmed = text.trim();
	if (trimmed.startsWith("!!")) {
		const command = trimmed.slice(2).trim();
		return command ? { command, excludeFromContext: true } : undefined;
	}
	if (trimmed.startsWith("!")) {
		const command = trimmed.slice(1).trim();
		return command ? { command, excludeFromContext: false } : undefined;
	}
	return undefined;
}

/**
 * Sends text to the session: an extension command through `prompt` (it runs at once, even while busy); other text
 * as a prompt when idle, else queued as `whileBusy`. Resolves when the command or run ended (or once queued).
 */
export async function sendToSession(
	session: AgentSession,
	text: string,
	images: ImageContent[] | undefined,
	whileBusy: "steer" | "followUp",
): Promise<void> {
	if (session.extensions.findCommand(text) || !session.isStreaming) {
		await session.prompt(text, { images });
		return;
	}
	if (whileBusy === "steer") await session.steer(text, images);
	else await session.followUp(text, images);
}

/** What to do without a model: get a key when no model is available, else pick one. */
export function noModelText(session: AgentSession): string {
	return session.getAvailableModels().length === 0 ? NOTICE_TEXT.noModelsAvailable : NOTICE_TEXT.noModelSelected;
}

/** Whether a submission failed because no model is selected (the session's text, worded for every mode). */
export function isNoModelError(error: unknown): boolean {
	return errorMessage(error) === sessionTexts.noModel;
}

/**
 * The notice for a failed submission: an extension command's failure names the extension; the session's "no model"
 * error becomes what to do here.
 */
export function submitErrorText(session: AgentSession, text: string, error: unknown): string {
	const command = session.extensions.findCommand(text);
	const message = errorMessage(error);
	if (command) return extensionTexts.errorLine(command.extensionPath, message);
	return isNoModelError(error) ? noModelText(session) : message;
}
