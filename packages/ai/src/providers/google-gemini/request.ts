import type { GenerateContentConfig, GenerateContentParameters, ThinkingConfig, ThinkingLevel } from "@google/genai";
import { clampThinkingLevel } from "../../models/index.js";
import { DEFAULT_THINKING_BUDGETS } from "../../stream.js";
import type { Context, Model, ProviderStreamOptions, SimpleStreamOptions, StreamOptions } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { resolveMaxTokens } from "../shared/request.js";
import { convertGeminiContents, convertGeminiTools, isGemini3 } from "./messages.js";

/** Gemini 3 thinking levels as the API names them. */
export type GeminiThinkingLevel = "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";

/** Raw options of the `google-generative-ai` adapter (and of `google-vertex`, which adds its own). */
export type GoogleOptions = StreamOptions & {
	/**
	 * Thinking switch. Gemini 2.x takes `budgetTokens` (`thinkingBudget`), Gemini 3 takes `level`
	 * (`thinkingLevel`); thoughts are included whenever thinking is enabled. Absent = the model's default.
	 */
	thinking?: { enabled: boolean; budgetTokens?: number; level?: GeminiThinkingLevel };
	/** Function calling mode. */
	toolChoice?: "auto" | "none" | "any";
};

/** `generateContentStream` parameters (without the abort signal, which the adapter adds). */
export function buildGeminiParams(model: Model, context: Context, options: GoogleOptions): GenerateContentParameters {
	const config: GenerateContentConfig = {
		maxOutputTokens: resolveMaxTokens(model, options),
	};
	if (context.systemPrompt) config.systemInstruction = sanitizeSurrogates(context.systemPrompt);
	if (options.temperature !== undefined) config.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) {
		config.tools = [{ functionDeclarations: convertGeminiTools(context.tools) }];
		if (options.toolChoice) {
			const mode = { auto: "AUTO", none: "NONE", any: "ANY" }[options.toolChoice];
			config.toolConfig = { functionCallingConfig: { mode: mode as never } };
		}
	}
	const thinkingConfig = model.reasoning ? buildThinkingConfig(model, options.thinking) : undefined;
	if (thinkingConfig) config.thinkingConfig = thinkingConfig;
	return { model: model.id, contents: convertGeminiContents(model, context), config };
}

function buildThinkingConfig(model: Model, thinking: GoogleOptions["thinking"]): ThinkingConfig | undefined {
	if (!thinking) return undefined;
	if (thinking.enabled) {
		const config: ThinkingConfig = { includeThoughts: true };
		if (thinking.level) config.thinkingLevel = thinking.level as ThinkingLevel;
		if (thinking.budgetTokens !== undefined) config.thinkingBudget = thinking.budgetTokens;
		return config;
	}
	// Gemini 3 and 2.5 Pro cannot switch thinking off: ask for the least they allow, and hide the thoughts.
	if (isGemini3(model)) return { thinkingLevel: (isProModel(model) ? "LOW" : "MINIMAL") as ThinkingLevel };
	return { thinkingBudget: isProModel(model) ? 128 : 0 };
}

function isProModel(model: Pick<Model, "id">): boolean {
	return /-pro\b/i.test(model.id);
}

/**
 * Provider-neutral thinking to Gemini's: a level for Gemini 3 (`thinkingLevelMap` first; Pro knows only LOW
 * and HIGH), a token budget for 2.x (`thinkingBudgets` first, then the defaults).
 */
export function mapGeminiThinking(model: Model, options: SimpleStreamOptions): GoogleOptions["thinking"] {
	if (!model.reasoning) return undefined;
	const level = options.reasoning ? clampThinkingLevel(model, options.reasoning) : "off";
	if (level === "off") return { enabled: false };
	if (isGemini3(model)) {
		const mapped = model.thinkingLevelMap?.[level];
		if (typeof mapped === "string") return { enabled: true, level: mapped as GeminiThinkingLevel };
		const byLevel: Record<typeof level, GeminiThinkingLevel> = isProModel(model)
			? { minimal: "LOW", low: "LOW", medium: "HIGH", high: "HIGH", xhigh: "HIGH" }
			: { minimal: "MINIMAL", low: "LOW", medium: "MEDIUM", high: "HIGH", xhigh: "HIGH" };
		return { enabled: true, level: byLevel[level] };
	}
	const budgetLevel = level === "xhigh" ? "high" : level;
	const budget = options.thinkingBudgets?.[budgetLevel] ?? DEFAULT_THINKING_BUDGETS[budgetLevel];
	return { enabled: true, budgetTokens: budget };
}

/** Provider-neutral options to raw ones: the thinking level becomes a Gemini level or token budget. */
export function mapGoogleSimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions {
	const { reasoning: _level, thinkingBudgets: _budgets, ...common } = options;
	const thinking = mapGeminiThinking(model, options);
	const raw: GoogleOptions = thinking ? { ...common, thinking } : common;
	return raw as ProviderStreamOptions;
}
