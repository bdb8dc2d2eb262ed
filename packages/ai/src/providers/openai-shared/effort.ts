import { clampThinkingLevel } from "../../models/index.js";
import type { Model, ProviderStreamOptions, SimpleStreamOptions, ThinkingLevel } from "../../types.js";

/**
 * The provider's effort value for a requested thinking level: clamped to the model's supported levels
 * (events.md §1.2), then looked up in `model.thinkingLevelMap`; unmapped levels go out under their own name,
 * except `xhigh`, which only exists where the map names it. `undefined` = thinking off.
 */
export function mapReasoningEffort(model: Model, level: ThinkingLevel | undefined): string | undefined {
	if (!level || !model.reasoning) return undefined;
	const clamped = clampThinkingLevel(model, level);
	if (clamped === "off") return undefined;
	const mapped = model.thinkingLevelMap?.[clamped];
	if (typeof mapped === "string") return mapped;
	return clamped === "xhigh" ? "high" : clamped;
}

/**
 * Provider-neutral options to raw ones for both OpenAI APIs: the thinking level becomes `reasoningEffort`
 * (Chat Completions and Responses name the option alike); the budgets have no OpenAI counterpart.
 */
export function mapOpenAISimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions {
	const { reasoning, thinkingBudgets: _budgets, ...common } = options;
	const reasoningEffort = mapReasoningEffort(model, reasoning);
	return reasoningEffort === undefined ? common : { ...common, reasoningEffort };
}
