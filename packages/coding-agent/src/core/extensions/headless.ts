/**
 * Extensions in print and JSON mode (json-mode.md §2): no UI, so dialogs resolve to their defaults at once, and an
 * extension error is one `Extension error (<path>): <message>` line on stderr.
 */
import type { AgentSessionEvent } from "../session-events.js";
import type { ExtensionHost } from "./host.js";
import { extensionTexts } from "./texts.js";
import { createHeadlessUi } from "./ui-context.js";

/** What the headless start needs of a session (an AgentSession). */
export interface HeadlessExtensionTarget {
	extensions: ExtensionHost;
	subscribe(listener: (event: AgentSessionEvent) => void | Promise<void>): () => void;
}

/**
 * Gives the extensions the headless UI, prints their errors on `stderr`, and emits `session_start`. Returns the
 * removal of the error printer.
 */
export async function startHeadlessExtensions(
	session: HeadlessExtensionTarget,
	stderr: NodeJS.WritableStream,
	mode: "print" | "json" = "print",
): Promise<() => void> {
	session.extensions.setUi(createHeadlessUi(stderr), false, mode);
	const unsubscribe = session.subscribe((event) => {
		if (event.type === "extension_error")
			stderr.write(`${extensionTexts.errorLine(event.extensionPath, event.error)}\n`);
	});
	await session.extensions.start();
	return unsubscribe;
}
