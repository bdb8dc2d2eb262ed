/**
 * What a Bedrock model supports, decided from its id and name. Bedrock serves many vendors through one API, and
 * only Anthropic's Claude models take thinking settings, signed reasoning replay and cache points. An application
 * inference profile's ARN names no model, so the model's `name` (set in models.json) is checked as well.
 */
import type { Model } from "../../types.js";
import { usesAdaptiveThinking } from "../anthropic-request.js";

/** The id and name, lower-cased, each also with `.`, `:`, `_` and spaces turned into `-` ("Claude Opus 4.6" → "claude-opus-4-6"). */
function candidates(model: Pick<Model, "id" | "name">): string[] {
	const values = model.name ? [model.id, model.name] : [model.id];
	return values.flatMap((value) => {
		const lower = value.toLowerCase();
		return [lower, lower.replace(/[\s_.:]+/g, "-")];
	});
}

/** Whether the model is one of Anthropic's Claude models (`anthropic.claude-…`, `us.anthropic.claude-…`, a named profile). */
export function isClaudeModel(model: Pick<Model, "id" | "name">): boolean {
	const id = model.id.toLowerCase();
	return id.includes("anthropic.claude") || id.includes("anthropic/claude") || candidates(model).some(hasClaude);
}

function hasClaude(candidate: string): boolean {
	return candidate.includes("claude");
}

/** Adaptive thinking (`thinking.type: "adaptive"` + effort) rather than a token budget: Claude 4.6 and later. */
export function claudeUsesAdaptiveThinking(model: Model): boolean {
	return candidates(model).some((id) => usesAdaptiveThinking({ ...model, id }));
}

/**
 * Claude models that accept cache points: 3.5 Haiku, 3.7 Sonnet and every generation from 4 on. Other vendors'
 * models cache on their own (Nova) or not at all; `force` (AWS_BEDROCK_FORCE_CACHE) marks a profile whose ARN and
 * name say nothing.
 */
export function supportsCachePoints(model: Pick<Model, "id" | "name">, force: boolean): boolean {
	const all = candidates(model);
	if (!all.some(hasClaude)) return force;
	return all.some((candidate) => {
		if (candidate.includes("claude-3-7-sonnet") || candidate.includes("claude-3-5-haiku")) return true;
		const match = /claude-(?:opus|sonnet|haiku|fable|mythos)-(\d+)/.exec(candidate);
		return match !== null && Number(match[1]) >= 4;
	});
}

/** AWS GovCloud, whose Converse schema does not take Claude's `thinking.display` yet. */
export function isGovCloud(model: Pick<Model, "id">, region: string | undefined): boolean {
	const id = model.id.toLowerCase();
	return (
		Boolean(region?.toLowerCase().startsWith("us-gov-")) || id.startsWith("us-gov.") || id.startsWith("arn:aws-us-gov:")
	);
}

/** The region an inference-profile ARN names (`arn:aws:bedrock:eu-west-1:…`): requests must go there. */
export function regionOfArn(modelId: string): string | undefined {
	return /^arn:aws(?:-[a-z0-9-]+)?:bedrock:([a-z0-9-]+):/.exec(modelId)?.[1];
}
