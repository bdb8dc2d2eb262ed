import type { GenerateContentConfig, GenerateContentParameters, ThinkingConfig, ThinkingLevel } from "@google/genai";
import { clampThinkingLevel } from "../../models/index.js";
import { DEFAULT_THINKING_BUDGETS } from "../../stream.js";
import type { Context, Model, ProviderStreamOptions, SimpleStreamOptions, StreamOptions } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { resolveMaxTokens } from "../shared/request.js";
import { convertGeminiContents, convertGeminiTools, isGemini3 } from "./messages.js";

/** Gemini 3 thinking levels as the API and the SDK's `ThinkingLevel` enum name them. */
export type GeminiThinkingLevel = "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";

const GEMINI_LEVELS: readonly GeminiThinkingLevel[] = ["MINIMAL", "LOW", "MEDIUM", "HIGH"];

/**
 * A level as the API's enum value: values written in lower case ("low", as some catalogue maps and callers have
 * them) are upper-cased; anything that is no level gives `undefined`.
 */
export function toGeminiThinkingLevel(value: string): GeminiThinkingLevel | undefined {
	const upper = value.trim().toUpperCase();
	return GEMINI_LEVELS.find((level) => level === upper);
}

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
		// An unknown value goes out as given, so the API's error names it.
		if (thinking.level)
			config.thinkingLevel = (toGeminiThinkingLevel(thinking.level) ?? thinking.level) as ThinkingLevel;
		if (thinking.budgetTokens !== undefined) config.thinkingBudget = thinking.budgetTokens;
		return config;
	}
	// Gemini 3, Gemma 4 and 2.5 Pro cannot switch thinking off: ask for the least they allow, and hide the thoughts.
	if (usesThinkingLevels(model)) return { thinkingLevel: (isProModel(model) ? "LOW" : "MINIMAL") as ThinkingLevel };
	return { thinkingBudget: isProModel(model) ? 128 : 0 };
}

function isProModel(model: Pick<Model, "id">): boolean {
	return /-pro\b/i.test(model.id);
}

/** Gemma 4 thinks in two levels, MINIMAL and HIGH. */
function isGemma4(model: Pick<Model, "id">): boolean {
	return /gemma-?4/i.test(model.id);
}

/** Models that take `thinkingLevel` rather than a token budget. */
function usesThinkingLevels(model: Pick<Model, "id">): boolean {
	return isGemini3(model) || isGemma4(model);
}

/**
 * Provider-neutral thinking to Gemini's: a level for Gemini 3 and Gemma 4 (`thinkingLevelMap` first, as the
 * enum value; Pro knows only LOW and HIGH, Gemma 4 MINIMAL and HIGH), a token budget for 2.x (`thinkingBudgets`
 * first, then the defaults).
 */
export function mapGeminiThinking(model: Model, options: SimpleStreamOptions): GoogleOptions["thinking"] {
	if (!model.reasoning) return undefined;
	const level = options.reasoning ? clampThinkingLevel(model, options.reasoning) : "off";
	if (level === "off") return { enabled: false };
	if (usesThinkingLevels(model)) {
		const mapped = model.thinkingLevelMap?.[level];
		const fromMap = typeof mapped === "string" ? toGeminiThinkingLevel(mapped) : undefined;
		if (fromMap) return { enabled: true, level: fromMap };
		const byLevel: Record<typeof level, GeminiThinkingLevel> = isProModel(model)
			? { minimal: "LOW", low: "LOW", medium: "HIGH", high: "HIGH", xhigh: "HIGH" }
			: isGemma4(model)
				? { minimal: "MINIMAL", low: "MINIMAL", medium: "HIGH", high: "HIGH", xhigh: "HIGH" }
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
