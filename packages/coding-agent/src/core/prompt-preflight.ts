/**
 * The preflight of a prompt (rpc.md §4.1 steps 2–5, §4.2): wait for a running compaction, run the extensions'
 * input hooks, expand templates and skills, queue the message when the session is busy (or refuse it), and check
 * that a model with a key is selected. Its outcome is either the user message to run or "queued"/"handled".
 * Step 1 (extension commands) runs before it: extensions/session-port.ts.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import type { ModelRegistry } from "./config/model-registry.js";
import type { InputOutcome, InputSource } from "./extensions/index.js";
import { assertModelHasKey } from "./model-control.js";
import { expandPromptText, type PromptResources } from "./prompt-expansion.js";
import type { QueueTracker } from "./queue-tracker.js";
import { sessionTexts } from "./session-events.js";

/** Options of `AgentSession.prompt`. */
export interface PromptOptions {
	images?: ImageContent[];
	/** While busy: queue as steering or follow-up instead of failing. Ignored when idle. */
	streamingBehavior?: "steer" | "followUp";
	/** Template and skill expansion; default true. */
	expand?: boolean;
	/**
	 * Called once the prompt passed its preflight and the session is busy, before the run starts (the RPC mode
	 * writes its response here, so the response precedes `agent_start`). For a queued message: after it was
	 * queued, before its `queue_update`.
	 */
	onAccepted?: () => void | Promise<void>;
	/** Fail when the text names an extension command (`steer`/`follow_up`, rpc.md §4.2); default false. */
	rejectExtensionCommands?: boolean;
	/** What extensions' `input` handlers see as the source; default "interactive" (as the original pi's). */
	inputSource?: InputSource;
}

/** What the preflight reads and changes; getters because the session's state moves while it waits. */
export interface PreflightContext {
	/** Throws when the session no longer accepts work. */
	assertOpen(): void;
	waitForCompaction(): Promise<void>;
	resources(): PromptResources;
	isBusy(): boolean;
	model(): Model | undefined;
	registry: ModelRegistry;
	queue: QueueTracker;
	/** The extensions' `input` hooks (step 2); absent: the text is used as typed. */
	transformInput?(
		text: string,
		images: ImageContent[],
		source: InputSource,
		streamingBehavior?: "steer" | "followUp",
	): Promise<InputOutcome>;
}

/** A user message as the agent receives it. */
export function userMessage(text: string, images: ImageContent[] = []): AgentMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: Date.now() };
}

/**
 * Runs the preflight. Resolves with the message to run, or `undefined` when an input hook handled it or the
 * message was queued (its `onAccepted` called, then `queue_update` delivered). Throws the busy, no-model and
 * missing-key errors.
 */
export async function preflightPrompt(
	context: PreflightContext,
	text: string,
	options: PromptOptions,
): Promise<AgentMessage | undefined> {
	context.assertOpen();
	await context.waitForCompaction();
	// A shutdown may have begun while the compaction ran.
	context.assertOpen();
	const input = context.transformInput
		? await context.transformInput(
				text,
				options.images ?? [],
				options.inputSource ?? "interactive",
				context.isBusy() ? options.streamingBehavior : undefined,
			)
		: { handled: false as const, text, images: options.images ?? [] };
	// Handled by an extension: accepted, nothing else happens.
	if (input.handled) return undefined;
	const expanded = options.expand === false ? input.text : expandPromptText(input.text, context.resources());
	const message = userMessage(expanded, input.images);
	if (context.isBusy()) {
		if (!options.streamingBehavior) throw new Error(sessionTexts.busyNeedsBehavior);
		// The state change comes first, then the answer, then the event (rpc.md §4.1 step 4).
		context.queue.enqueue(options.streamingBehavior === "steer" ? "steering" : "followUp", message, text);
		if (options.onAccepted) await Promise.resolve(options.onAccepted()).catch(() => {});
		await context.queue.reportUpdate();
		return undefined;
	}
	const model = context.model();
	if (!model) throw new Error(sessionTexts.noModel);
	assertModelHasKey(model, context.registry);
	return message;
}
