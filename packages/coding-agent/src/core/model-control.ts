/**
 * Model and thinking-level changes of the session: the key check, cycling through a scope or the available models,
 * cycling thinking levels, validating level names.
 */
import type { AgentThinkingLevel } from "@pi/agent-core";
import { apiNeedsApiKey, clampThinkingLevel, getEnvKeyNames, getSupportedThinkingLevels, type Model } from "@pi/ai";
import type { AgentSession } from "./agent-session.js";
import { signInTexts } from "./auth/texts.js";
import { missingApiKeyMessage } from "./config/api-keys.js";
import type { ModelRegistry } from "./config/model-registry.js";
import { isThinkingLevel, type ScopedModel } from "./config/model-resolver.js";
import type { ModelSelectSource } from "./extensions/events.js";
import { announceModel, announceThinkingLevel } from "./extensions/session-hooks-models.js";
import { sessionTexts } from "./session-events.js";

/**
 * Throws the missing-key message of config.md §5.3 (naming what to set) unless requests to `model` can be sent:
 * its provider resolves a key, or its API needs none (local servers, the faux provider).
 */
export function assertModelHasKey(model: Model, registry: ModelRegistry): void {
	if (registry.isAvailable(model)) return;
	// Asked of the registry, not the adapter: importing the adapter would load its SDK for a run that stops here.
	if (!apiNeedsApiKey(model.api)) return;
	const signIns = registry.oauthProviders;
	const signInName = signIns.name(model.provider);
	if (signInName === undefined) throw new Error(missingApiKeyMessage(model.provider));
	// A subscription-only provider (Codex, an extension's): the fix is signing in, not a key variable.
	if (signIns.isFromExtension(model.provider) || getEnvKeyNames(model.provider).length === 0) {
		throw new Error(signInTexts.notSignedIn(signInName, model.provider));
	}
	throw new Error(`${missingApiKeyMessage(model.provider)} ${signInTexts.orSignIn(signInName, model.provider)}`);
}

/** The level `level` becomes on `model` (nearest supported, upward first; `off` without reasoning). */
export function effectiveThinkingLevel(model: Model | undefined, level: AgentThinkingLevel): AgentThinkingLevel {
	return model ? clampThinkingLevel(model, level) : level;
}

/** The next supported level after `current`, wrapping; `null` when the model has no reasoning. */
export function nextThinkingLevel(model: Model | undefined, current: AgentThinkingLevel): AgentThinkingLevel | null {
	if (!model?.reasoning) return null;
	const levels = getSupportedThinkingLevels(model);
	const index = levels.indexOf(current);
	return levels[(index + 1) % levels.length] ?? null;
}

/** A cycling candidate: a model and, for scope entries with a `:level`, its fixed thinking level. */
export type ModelCandidate = ScopedModel;

/**
 * The candidate after (or before) the current model in `candidates`, wrapping; `null` when there is at most one
 * candidate. A current model not in the list moves to the first (or last) candidate.
 */
export function pickNextModel(
	candidates: readonly ModelCandidate[],
	current: Model | undefined,
	direction: "forward" | "backward",
): ModelCandidate | null {
	if (candidates.length <= 1) return null;
	const index = current
		? candidates.findIndex((c) => c.model.provider === current.provider && c.model.id === current.id)
		: -1;
	const step = direction === "forward" ? 1 : -1;
	const next =
		index === -1
			? direction === "forward"
				? 0
				: candidates.length - 1
			: (index + step + candidates.length) % candidates.length;
	return candidates[next] ?? null;
}

/** Result of cycling models. */
export interface ModelCycleResult {
	model: Model;
	thinkingLevel: AgentThinkingLevel;
	isScoped: boolean;
}

/** Model and thinking-level changes of a session: agent state, session entries, settings and events. */
export class ModelController {
	constructor(private readonly session: AgentSession) {}

	/** `source` is what extensions' `model_select` reports ("cycle" when cycling). */
	async setModel(model: Model, source: ModelSelectSource = "set"): Promise<void> {
		const { session } = this;
		assertModelHasKey(model, session.modelRegistry);
		const previous = session.model;
		session.agent.setModel(model);
		session.sessionManager.appendModelChange(model.provider, model.id);
		session.settingsManager.setDefaultModelAndProvider(model.provider, model.id);
		// A clamp is not the user's choice: recorded in the session, not saved as the default level.
		await this.applyThinkingLevel(effectiveThinkingLevel(model, session.thinkingLevel), false);
		await announceModel(session.extensions.dispatch, previous, model, source);
	}

	async cycleModel(direction: "forward" | "backward"): Promise<ModelCycleResult | null> {
		const { session } = this;
		const scope = session.scopedModels;
		const isScoped = scope.length > 0;
		const candidates = isScoped ? scope : session.getAvailableModels().map((model) => ({ model }));
		const next = pickNextModel(candidates, session.model, direction);
		if (!next) return null;
		await this.setModel(next.model, "cycle");
		if (next.thinkingLevel) await this.setThinkingLevel(next.thinkingLevel);
		return { model: next.model, thinkingLevel: session.thinkingLevel, isScoped };
	}

	async setThinkingLevel(level: string): Promise<void> {
		if (!isThinkingLevel(level)) throw new Error(sessionTexts.invalidThinkingLevel(level));
		await this.applyThinkingLevel(effectiveThinkingLevel(this.session.model, level), true);
	}

	async cycleThinkingLevel(): Promise<AgentThinkingLevel | null> {
		const next = nextThinkingLevel(this.session.model, this.session.thinkingLevel);
		if (next === null) return null;
		await this.applyThinkingLevel(next, true);
		return next;
	}

	private async applyThinkingLevel(level: AgentThinkingLevel, saveDefault: boolean): Promise<void> {
		const { session } = this;
		if (saveDefault) session.settingsManager.setDefaultThinkingLevel(level);
		const previous = session.thinkingLevel;
		if (level === previous) return;
		session.agent.setThinkingLevel(level);
		session.sessionManager.appendThinkingLevelChange(level);
		await session.emit({ type: "thinking_level_changed", level });
		await announceThinkingLevel(session.extensions.dispatch, previous, level);
	}
}
