/** /model and /thinking, plus the model picker shared with Ctrl+L. */
import type { AgentThinkingLevel } from "@pi/agent-core";
import { getSupportedThinkingLevels, type Model } from "@pi/ai";
import { resolveModelPattern } from "../../../core/config/model-resolver.js";
import { NO_MODEL_NOTICE, NOTICE_TEXT } from "../notices.js";
import { ModelSelector } from "../selectors/model-selector.js";
import { ThinkingSelector } from "../selectors/thinking-selector.js";
import type { CommandRun, ModeContext } from "./types.js";

/** Notice keys of the choices that cycle: each press replaces the previous line instead of adding one. */
const CYCLE_NOTICE = { model: { key: "model" }, thinking: { key: "thinking" } } as const;

function announceModel(context: ModeContext, cycling = false): void {
	const model = context.session.model;
	if (model) {
		const text = NOTICE_TEXT.modelChanged(model.provider, model.id, context.session.thinkingLevel);
		context.notify("success", text, cycling ? CYCLE_NOTICE.model : undefined);
	}
	context.refreshFooter();
}

/** Shows the model picker (available models; the current one highlighted) and switches to the choice. */
export async function pickModel(context: ModeContext): Promise<void> {
	const { session } = context;
	session.modelRegistry.refresh();
	const models = session.getAvailableModels();
	if (models.length === 0) {
		context.notify("warning", NOTICE_TEXT.noModelsAvailable, NO_MODEL_NOTICE);
		return;
	}
	const current = session.model;
	const model = await context.dialogs.open<Model>(
		(finish, theme) =>
			new ModelSelector({
				theme,
				models,
				current,
				onSelect: (chosen) => finish(chosen),
				onCancel: () => finish(undefined),
			}),
	);
	if (!model) return;
	await session.setModel(model);
	announceModel(context);
}

/** The thinking selector over the levels the current model supports. */
async function pickThinkingLevel(context: ModeContext): Promise<AgentThinkingLevel | undefined> {
	const { session } = context;
	if (!session.model) return undefined;
	const levels = getSupportedThinkingLevels(session.model) as AgentThinkingLevel[];
	return context.dialogs.open<AgentThinkingLevel>(
		(finish, theme) =>
			new ThinkingSelector({
				theme,
				levels,
				current: session.thinkingLevel as AgentThinkingLevel,
				onSelect: (level) => finish(level),
				onCancel: () => finish(undefined),
			}),
	);
}

/** Ctrl+P / Shift+Ctrl+P. */
export async function cycleModel(context: ModeContext, direction: "forward" | "backward"): Promise<void> {
	const result = await context.session.cycleModel(direction);
	if (!result) context.notify("info", NOTICE_TEXT.onlyOneModel, CYCLE_NOTICE.model);
	else announceModel(context, true);
}

/** Shift+Tab. */
export async function cycleThinking(context: ModeContext): Promise<void> {
	const level = await context.session.cycleThinkingLevel();
	if (level === null) context.notify("info", NOTICE_TEXT.thinkingUnsupported, CYCLE_NOTICE.thinking);
	else context.notify("success", NOTICE_TEXT.thinkingChanged(level), CYCLE_NOTICE.thinking);
	context.refreshFooter();
}

/** The implementations of /model and /thinking. */
export const modelCommandRuns = {
	async model(context, args) {
		if (!args) return pickModel(context);
		const registry = context.session.modelRegistry;
		registry.refresh();
		const resolved = resolveModelPattern(args, {
			models: registry.getAll(),
			isAvailable: (model) => registry.isAvailable(model),
		});
		if (!resolved.ok) {
			context.notify("error", resolved.error);
			return;
		}
		await context.session.setModel(resolved.model);
		if (resolved.thinkingLevel) await context.session.setThinkingLevel(resolved.thinkingLevel);
		announceModel(context);
	},
	async thinking(context, args) {
		const { session } = context;
		if (!session.supportsThinking()) {
			context.notify("info", NOTICE_TEXT.thinkingUnsupported);
			return;
		}
		const level = args || (await pickThinkingLevel(context));
		if (!level) return;
		try {
			await session.setThinkingLevel(level);
		} catch (error) {
			context.notify("error", (error as Error).message);
			return;
		}
		context.notify("success", NOTICE_TEXT.thinkingChanged(session.thinkingLevel));
		context.refreshFooter();
	},
} satisfies Record<string, CommandRun>;
