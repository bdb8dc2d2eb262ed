/** /settings, /theme, /queue, /hotkeys, /changelog, /reload. */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import type { QueueMode, SettingKey } from "../../../core/config/settings.js";
import { reservedActionForKey } from "../hotkeys.js";
import { APP_ACTIONS, formatKeys } from "../keybindings.js";
import { NOTICE_TEXT } from "../notices.js";
import { type HotkeySection, HotkeysView } from "../selectors/hotkeys-view.js";
import { SettingsSelector, tuiSettingChoices } from "../selectors/settings-selector.js";
import { ThemeSelector } from "../selectors/theme-selector.js";
import { BUILTIN_COMMANDS } from "./index.js";
import type { CommandRun, ModeContext, SlashCommand } from "./types.js";

const QUEUE_MODES: QueueMode[] = ["one-at-a-time", "all"];

/** CHANGELOG.md of the package (two levels above dist/modes/interactive/commands). */
const CHANGELOG_URL = new URL("../../../../CHANGELOG.md", import.meta.url);

export const SETTINGS_TEXT = {
	noChangelog: "No CHANGELOG.md was found next to this installation.",
	keysTitle: "Keys",
	editorTitle: "Editor",
	shortcutsTitle: "Extension shortcuts",
	/** An extension shortcut's row: its description, the extension's file name and, from a package, its source. */
	shortcut: (
		description: string | undefined,
		extensionPath: string,
		skippedFor: string | undefined,
		packageSource?: string,
	) =>
		`${description ? `${description} ` : ""}(${basename(extensionPath)}${packageSource ? ` from ${packageSource}` : ""})${skippedFor ? ` — skipped: pi's ${skippedFor} key` : ""}`,
	commandsTitle: "Commands",
	submit: "Send (while the agent works: steer)",
	newline: "New line",
	shell: "Run a shell command (output sent to the model); !! without sending it",
	fileMention: "Complete a file path",
} as const;

/** Applies one change made in the settings selector; session-owned settings go through the session. */
function changeSetting(context: ModeContext, key: string, value: string | number | boolean): void {
	const { session } = context;
	switch (key) {
		case "theme":
			context.setTheme(String(value));
			return;
		case "steeringMode":
			session.setSteeringMode(value as QueueMode);
			return;
		case "followUpMode":
			session.setFollowUpMode(value as QueueMode);
			return;
		case "compaction.enabled":
			session.setAutoCompactionEnabled(value === true);
			context.refreshFooter();
			return;
		case "retry.enabled":
			session.setAutoRetryEnabled(value === true);
			return;
		default:
			session.settingsManager.set(key as SettingKey, value as never);
			context.applySettings();
	}
}

async function openSettings(context: ModeContext): Promise<void> {
	const settings = context.session.settingsManager;
	const choices = tuiSettingChoices(context.themeNames());
	const values: Record<string, unknown> = {};
	for (const choice of choices) values[choice.key] = settings.get(choice.key as SettingKey);
	values.theme = context.currentTheme();
	await context.dialogs.open<void>(
		(finish, theme) =>
			new SettingsSelector({
				theme,
				values,
				choices,
				onChange: (key, value) => changeSetting(context, key, value),
				onClose: () => finish(undefined),
			}),
	);
}

/** The theme selector: moving previews a theme, Enter keeps it, Escape restores the one in use before. */
async function pickTheme(context: ModeContext, args: string): Promise<void> {
	const before = context.currentTheme();
	const name =
		args ||
		(await context.dialogs.open<string>(
			(finish, theme) =>
				new ThemeSelector({
					theme,
					themes: context.themeNames(),
					current: before,
					onPreview: (preview) => context.setTheme(preview, { save: false }),
					onSelect: (chosen) => finish(chosen),
					onCancel: () => finish(undefined),
				}),
		));
	if (!name) {
		if (context.currentTheme() !== before) context.setTheme(before, { save: false });
		return;
	}
	if (context.setTheme(name)) context.notify("success", NOTICE_TEXT.themeChanged(name));
	else context.notify("error", NOTICE_TEXT.unknownTheme(name, context.themeNames()));
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
	context.notify("success", NOTICE_TEXT.queueModes(state.steeringMode, state.followUpMode));
}

/**
 * The /hotkeys sections: application keys and main editor keys as the user's keybindings resolve them, built-in
 * commands, then the extensions' commands.
 */
export function hotkeySections(context: ModeContext, commands: readonly SlashCommand[]): HotkeySection[] {
	const keys = context.keybindings;
	const bound = (action: string) => {
		const list = keys.getKeys(action);
		return list.length > 0 ? [formatKeys(list)] : [];
	};
	return [
		{
			title: SETTINGS_TEXT.keysTitle,
			rows: Object.entries(APP_ACTIONS).map(([action, info]) => ({
				keys: bound(action),
				description: info.description,
			})),
		},
		{
			title: SETTINGS_TEXT.editorTitle,
			rows: [
				{ keys: bound("submit"), description: SETTINGS_TEXT.submit },
				{ keys: bound("newline"), description: SETTINGS_TEXT.newline },
				{ keys: ["!cmd", "!!cmd"], description: SETTINGS_TEXT.shell },
				{ keys: ["@"], description: SETTINGS_TEXT.fileMention },
			],
		},
		...extensionShortcutSections(context),
		{
			title: SETTINGS_TEXT.commandsTitle,
			rows: [
				...commands.map((command) => ({
					keys: [`/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ""}`],
					description: command.description,
				})),
				...context.session.extensions.listCommands().map((command) => ({
					keys: [`/${command.name}`],
					description: command.description ?? "",
				})),
			],
		},
	];
}

/** The extensions' shortcuts (pi.registerShortcut), each with the extension it came from; none: no section. */
function extensionShortcutSections(context: ModeContext): HotkeySection[] {
	const shortcuts = [...context.session.extensions.getShortcuts()];
	if (shortcuts.length === 0) return [];
	const rows = shortcuts.map(([key, { extensionPath, shortcut }]) => {
		const origin = context.session.extensions.originOf(extensionPath);
		return {
			keys: [formatKeys([key])],
			description: SETTINGS_TEXT.shortcut(
				shortcut.description,
				extensionPath,
				reservedActionForKey(context.keybindings, key),
				typeof origin === "object" ? origin.package : undefined,
			),
		};
	});
	return [{ title: SETTINGS_TEXT.shortcutsTitle, rows }];
}

/** The implementations of /settings, /theme, /queue, /hotkeys, /changelog and /reload. */
export const settingsCommandRuns = {
	settings: openSettings,
	theme: pickTheme,
	queue: setQueueModes,
	async hotkeys(context) {
		const sections = hotkeySections(context, BUILTIN_COMMANDS);
		await context.dialogs.open<void>(
			(finish, theme) => new HotkeysView({ theme, sections, onClose: () => finish(undefined) }),
		);
	},
	changelog(context) {
		let text: string;
		try {
			text = readFileSync(fileURLToPath(CHANGELOG_URL), "utf8");
		} catch {
			context.notify("info", SETTINGS_TEXT.noChangelog);
			return;
		}
		context.showMarkdown(text);
	},
	async reload(context) {
		await context.reload();
		context.notify("success", NOTICE_TEXT.reloaded);
	},
} satisfies Record<string, CommandRun>;
