import { clampThinkingLevel } from "../../models/index.js";
import type { Model, ThinkingLevel } from "../../types.js";

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
