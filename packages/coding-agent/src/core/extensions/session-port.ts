/**
 * How an AgentSession and its extension host meet: the port the host works through, and step 1 of the prompt
 * preflight (rpc.md §4.1, §4.2) that runs an extension command instead of prompting.
 */
import type { ImageContent } from "@pi/ai";
import type { AgentSession } from "../agent-session.js";
import type { PromptOptions } from "../prompt-preflight.js";
import type { ShutdownOptions } from "../session-lifecycle.js";
import type { ExtensionHost, ExtensionSessionPort } from "./host.js";
import { extensionTexts } from "./texts.js";
import type { UserMessageContent } from "./types.js";

/** The port of `session` for its extension host. */
export function createSessionPort(session: AgentSession): ExtensionSessionPort {
	// The signal of the run under way (ctx.signal): the agent hands it to its listeners with each event.
	let runSignal: AbortSignal | undefined;
	session.agent.subscribe((event, signal) => {
		runSignal = event.type === "agent_end" ? undefined : signal;
	});
	return {
		session,
		runSignal: () => (runSignal?.aborted ? undefined : runSignal),
		refreshTools: () => session.toolSet.refresh(),
		agent: session.agent,
		info: () => {
			const model = session.model;
			return {
				cwd: session.cwd,
				...(model ? { model: { provider: model.provider, id: model.id } } : {}),
				...(session.sessionFile ? { sessionFile: session.sessionFile } : {}),
				sessionId: session.sessionId,
				isStreaming: session.isStreaming,
			};
		},
		emit: (event) => session.emit(event),
		subscribe: (listener) => session.subscribe(listener),
		sendUserMessage: (content, deliverAs) => {
			const { text, images } = splitUserContent(content);
			return session.prompt(text, {
				images,
				expand: false,
				streamingBehavior: deliverAs,
				rejectExtensionCommands: true,
				inputSource: "extension",
			});
		},
		sendCustomMessage: (message, options) => session.sendCustomMessage(message, options),
	};
}

/** `pi.sendUserMessage` content as prompt text and images (text blocks joined by newlines). */
export function splitUserContent(content: UserMessageContent): { text: string; images: ImageContent[] } {
	if (typeof content === "string") return { text: content, images: [] };
	const texts: string[] = [];
	const images: ImageContent[] = [];
	for (const block of content) {
		if (block.type === "text") texts.push(block.text);
		else if (block.type === "image") images.push(block);
	}
	return { text: texts.join("\n"), images };
}

/**
 * Preflight step 1: when `text` names an extension command, runs it at once (even while busy) and resolves true
 * once its handler settled (rejecting with the handler's error). Throws the "cannot be queued" error for
 * `steer`/`follow_up`. Resolves false when `text` names no extension command.
 */
export async function runExtensionCommand(
	host: ExtensionHost,
	text: string,
	options: Pick<PromptOptions, "rejectExtensionCommands">,
	assertOpen: () => void,
): Promise<boolean> {
	const command = host.findCommand(text);
	if (!command) return false;
	if (options.rejectExtensionCommands) throw new Error(extensionTexts.cannotQueue(command.name));
	assertOpen();
	await host.runCommand(command);
	return true;
}

/** Options of `steer`/`followUp`: queued while busy, and an extension command is refused (rpc.md §4.2). */
export function queuedPromptOptions(kind: "steer" | "followUp", images?: ImageContent[]): PromptOptions {
	return { images, streamingBehavior: kind, rejectExtensionCommands: true };
}

/** Shutdown options that let extensions hear `session_shutdown` (once the work settled, before the fsync). */
export function withExtensionShutdown(host: ExtensionHost, options: ShutdownOptions): ShutdownOptions {
	return {
		...options,
		beforeFlush: async () => {
			await host.shutdown();
			await options.beforeFlush?.();
		},
	};
}
