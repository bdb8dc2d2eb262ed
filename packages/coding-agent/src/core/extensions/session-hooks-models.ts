/**
 * Model and thinking-level changes as extensions see them: `thinking_level_select` when the level changes (also
 * when a model change clamps it), then `model_select` with where the change came from ("set", "cycle", or
 * "restore" when a switched-to session brings its own model).
 */
import type { AgentThinkingLevel } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type { EventDispatcher } from "./dispatch.js";
import type { ModelSelectSource } from "./events.js";

/** The model and level before or after a change. */
export interface ModelState {
	model: Model | undefined;
	level: AgentThinkingLevel;
}

function sameModel(a: Model | undefined, b: Model | undefined): boolean {
	return a?.provider === b?.provider && a?.id === b?.id;
}

/** `thinking_level_select` when the level changed. */
export async function announceThinkingLevel(
	dispatch: EventDispatcher,
	previousLevel: AgentThinkingLevel,
	level: AgentThinkingLevel,
): Promise<void> {
	if (level === previousLevel || !dispatch.has("thinking_level_select")) return;
	await dispatch.notify("thinking_level_select", { type: "thinking_level_select", level, previousLevel });
}

/** `model_select` for a model that was selected (even the same one again, as the original does for "set"). */
export async function announceModel(
	dispatch: EventDispatcher,
	previousModel: Model | undefined,
	model: Model,
	source: ModelSelectSource,
): Promise<void> {
	if (!dispatch.has("model_select")) return;
	await dispatch.notify("model_select", { type: "model_select", model, previousModel, source });
}

/** Both events for a change made outside the model controller (restoring a session's model and level). */
export async function announceModelChanges(
	dispatch: EventDispatcher,
	before: ModelState,
	after: ModelState,
	source: ModelSelectSource,
): Promise<void> {
	await announceThinkingLevel(dispatch, before.level, after.level);
	if (after.model && !sameModel(before.model, after.model)) {
		await announceModel(dispatch, before.model, after.model, source);
	}
}
