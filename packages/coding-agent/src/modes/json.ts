/**
 * JSON mode (`pi --mode json`; json-mode.md §3): the session header line, then every session event as one compact
 * JSON line, in emission order. Exit codes as print mode.
 */
import type { PromptInput } from "../cli/prompt-input.js";
import type { AgentSession } from "../core/agent-session.js";
import { startHeadlessExtensions } from "../core/extensions/headless.js";
import { type ModeOutput, runPrompts } from "./print.js";
import { serializeLine } from "./rpc/framing.js";

/** Runs JSON mode, then shuts the session down (fsync, json-mode.md §2 step 4); resolves with the exit code. */
export async function runJsonMode(
	session: AgentSession,
	prompts: readonly PromptInput[],
	output: ModeOutput,
): Promise<number> {
	output.stdout.write(serializeLine(session.getSessionHeader()));
	const unsubscribe = session.subscribe((event) => {
		// Extension errors are stderr lines here (json-mode.md §2), not events on stdout.
		if (event.type !== "extension_error") output.stdout.write(serializeLine(event));
	});
	try {
		await startHeadlessExtensions(session, output.stderr, "json");
		return await runPrompts(session, prompts, output.stderr);
	} finally {
		unsubscribe();
		await session.shutdown();
	}
}
