/** /settings, /theme, /queue, /hotkeys, /changelog, /reload. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { QueueMode } from "../../../core/config/settings.js";
import { APP_ACTIONS, formatKeys } from "../keybindings.js";
import { NOTICE_TEXT } from "../notices.js";
import type { ModeContext, SlashCommand } from "./types.js";

const QUEUE_MODES: QueueMode[] = ["one-at-a-time", "all"];

/** CHANGELOG.md of the package (two levels above dist/modes/interactive/commands). */
const CHANGELOG_URL = new URL("../../../../CHANGELOG.md", import.meta.url);

export const SETTINGS_TEXT = {
	noChangelog: "No CHANGELOG.md was found next to this installation.",
	hotkeysTitle: "**Keys**",
	commandsTitle: "**Commands**",
} as const;

async function openSettings(context: ModeContext): Promise<void> {
	const { session } = context;
	const settings = session.settingsManager;
	const agent = session.getState();
	const choice = await context.dialogs.select("Settings", [
		{ value: "autocompact", label: "Automatic compaction", description: session.autoCompactionEnabled ? "on" : "off" },
		{ value: "autoretry", label: "Automatic retry", description: session.autoRetryEnabled ? "on" : "off" },
		{ value: "thinking", label: "Hide thinking blocks", description: settings.getHideThinkingBlock() ? "on" : "off" },
		{ value: "steering", label: "Steering delivery", description: agent.steeringMode },
		{ value: "followUp", label: "Follow-up delivery", description: agent.followUpMode },
		{ value: "theme", label: "Theme", description: context.currentTheme() },
	]);
	switch (choice) {
		case "autocompact":
			session.setAutoCompactionEnabled(!session.autoCompactionEnabled);
			context.notify("info", NOTICE_TEXT.autocompact(session.autoCompactionEnabled));
			break;
		case "autoretry":
			session.setAutoRetryEnabled(!session.autoRetryEnabled);
			break;
		case "thinking": {
			const hidden = !settings.getHideThinkingBlock();
			settings.setHideThinkingBlock(hidden);
			context.setHideThinking(hidden);
			break;
		}
		case "steering":
			session.setSteeringMode(agent.steeringMode === "all" ? "one-at-a-time" : "all");
			break;
		case "followUp":
			session.setFollowUpMode(agent.followUpMode === "all" ? "one-at-a-time" : "all");
			break;
		case "theme":
			await pickTheme(context, "");
			break;
		default:
			break;
	}
}

async function pickTheme(context: ModeContext, args: string): Promise<void> {
	const name =
		args ||
		(await context.dialogs.select(
			"Theme",
			context.themeNames().map((theme) => ({ value: theme, label: theme })),
			{ initial: context.currentTheme() },
		));
	if (!name) return;
	if (context.setTheme(name)) context.notify("info", NOTICE_TEXT.themeChanged(name));
	else context.notify("error", `Unknown theme "${name}". Known: ${context.themeNames().join(", ")}`);
}

async function setQueueModes(context: ModeContext, args: string): Promise<void> {
	const { session } = context;
	const [kind, mode] = args.split(/\s+/);
	if ((kind === "steering" || kind === "followup") && QUEUE_MODES.includes(mode as QueueMode)) {
		if (kind === "steering") session.setSteeringMode(mode as QueueMode);
		else session.setFollowUpMode(mode as QueueMode);
	} else {
		const steering = await context.dialogs.select(
			"Steering messages (Enter while the agent works) are delivered",
			QUEUE_MODES.map((value) => ({ value, label: value })),
			{ initial: session.getState().steeringMode },
		);
		if (!steering) return;
		session.setSteeringMode(steering as QueueMode);
		const followUp = await context.dialogs.select(
			"Follow-up messages (Alt+Enter) are delivered",
			QUEUE_MODES.map((value) => ({ value, label: value })),
			{ initial: session.getState().followUpMode },
		);
		if (followUp) session.setFollowUpMode(followUp as QueueMode);
	}
	const state = session.getState();
	context.notify("info", NOTICE_TEXT.queueModes(state.steeringMode, state.followUpMode));
}

/** The /hotkeys text: every app action and the main editor keys, as the user's keybindings resolve them. */
export function hotkeysMarkdown(context: ModeContext, commands: readonly SlashCommand[]): string {
	const keys = context.keybindings;
	const lines = [SETTINGS_TEXT.hotkeysTitle, ""];
	for (const [action, info] of Object.entries(APP_ACTIONS)) {
		const bound = keys.getKeys(action);
		if (bound.length > 0) lines.push(`- \`${formatKeys(bound)}\` ${info.description}`);
	}
	lines.push(`- \`${formatKeys(keys.getKeys("newline"))}\` New line`);
	lines.push("- `!cmd` Run a shell command (output sent to the model); `!!cmd` without sending it");
	lines.push("- `@` Complete a file path; `/` Complete a command");
	lines.push("", SETTINGS_TEXT.commandsTitle, "");
	for (const command of commands) {
		const hint = command.argumentHint ? ` ${command.argumentHint}` : "";
		lines.push(`- \`/${command.name}${hint}\` ${command.description}`);
	}
	return lines.join("\n");
}

export function settingsCommands(allCommands: () => readonly SlashCommand[]): SlashCommand[] {
	return [
		{
			name: "settings",
			description: "Change settings (compaction, retry, thinking, queues, theme)",
			run: openSettings,
		},
		{ name: "theme", description: "Switch the colour theme", argumentHint: "[name]", run: pickTheme },
		{
			name: "queue",
			description: "How queued steering and follow-up messages are delivered",
			argumentHint: "[steering|followup one-at-a-time|all]",
			run: setQueueModes,
		},
		{
			name: "hotkeys",
			description: "Show keys and commands",
			run(context) {
				context.showMarkdown(hotkeysMarkdown(context, allCommands()));
			},
		},
		{
			name: "changelog",
			description: "Show what changed in each version",
			run(context) {
				let text: string;
				try {
					text = readFileSync(fileURLToPath(CHANGELOG_URL), "utf8");
				} catch {
					context.notify("muted", SETTINGS_TEXT.noChangelog);
					return;
				}
				context.showMarkdown(text);
			},
		},
		{
			name: "reload",
			description: "Re-read settings, models, keybindings, prompt templates and skills",
			run(context) {
				context.reload();
				context.notify("info", NOTICE_TEXT.reloaded);
			},
		},
	];
}
