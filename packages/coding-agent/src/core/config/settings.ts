/**
 * `SettingsManager`: effective settings = defaults ← global ← project ← changes made in this process
 * (config.md §2). Writes go to the global file only and touch only the changed key paths under the file lock.
 */
import { join } from "node:path";
import { readJsonFile, updateJsonObjectFile } from "./atomic-json.js";
import { deepMerge, getAtPath, hasPath, isPlainObject, setAtPath } from "./json-path.js";
import { getAgentPaths, getProjectPaths, resolveUserPath } from "./paths.js";
import {
	type DefaultedSettingKey,
	isValidSetting,
	migrateLegacySettings,
	type QueueMode,
	SETTING_DEFAULTS,
	SETTING_RULES,
	type SettingKey,
	type SettingTypes,
	type ThinkingLevelSetting,
	type Transport,
	validateSettingsLayer,
} from "./settings-schema.js";

export * from "./settings-schema.js";

/** Value type of `get(key)`: keys with a default always have a value. */
export type SettingValue<K extends SettingKey> = K extends DefaultedSettingKey
	? SettingTypes[K]
	: SettingTypes[K] | undefined;

/** The resource path kinds settings can list. */
export type ResourceKind = "extensions" | "skills" | "prompts" | "themes";

/** Resource entries from settings plus the directory they are relative to (the settings file's directory). */
export interface SettingsResourceEntries {
	patterns: string[];
	baseDir: string;
}

export interface SettingsManagerOptions {
	agentDir: string;
	cwd: string;
	/** Receives every warning (invalid file, ignored value, failed save). Default: ignore. */
	onWarning?: (message: string) => void;
	/** Home directory for `~` expansion in `sessionDir`. */
	homeDir?: string;
}

interface Layer {
	/** Validated content with legacy forms read as current ones. */
	values: Record<string, unknown>;
	/** Whether the file existed and parsed. */
	present: boolean;
}

const EMPTY_LAYER: Layer = { values: {}, present: false };

export class SettingsManager {
	private global: Layer = EMPTY_LAYER;
	private project: Layer = EMPTY_LAYER;
	/** Values set in this process by key path; they win over both files for the life of the process. */
	private readonly runtime: Record<string, unknown> = {};
	/** Key paths whose save failed; retried with the next save. */
	private readonly unsaved = new Set<SettingKey>();
	private effective: Record<string, unknown> = {};

	private constructor(
		private readonly files: { global: string; project: string } | undefined,
		private readonly agentDir: string,
		private readonly cwd: string,
		private readonly warn: (message: string) => void,
		private readonly homeDir: string | undefined,
	) {}

	/** Reads `<agentDir>/settings.json` and `<cwd>/.pi/settings.json`. Creates nothing. */
	static create(options: SettingsManagerOptions): SettingsManager {
		const files = { global: getAgentPaths(options.agentDir).settings, project: getProjectPaths(options.cwd).settings };
		const manager = new SettingsManager(
			files,
			options.agentDir,
			options.cwd,
			options.onWarning ?? (() => {}),
			options.homeDir,
		);
		manager.reload();
		return manager;
	}

	/** Settings that live only in memory (tests, SDK). `initial` is read like a global settings file. */
	static inMemory(
		initial: Record<string, unknown> = {},
		options: Partial<Omit<SettingsManagerOptions, "agentDir">> & { agentDir?: string } = {},
	): SettingsManager {
		const cwd = options.cwd ?? process.cwd();
		const manager = new SettingsManager(
			undefined,
			options.agentDir ?? cwd,
			cwd,
			options.onWarning ?? (() => {}),
			options.homeDir,
		);
		manager.global = manager.toLayer(initial, "settings");
		manager.recompute();
		return manager;
	}

	/** Path of the global settings file (undefined in memory). */
	get globalSettingsPath(): string | undefined {
		return this.files?.global;
	}

	/** Path of the project settings file (undefined in memory). */
	get projectSettingsPath(): string | undefined {
		return this.files?.project;
	}

	/** Re-reads both files. Values set in this process stay in effect. */
	reload(): void {
		if (!this.files) return;
		this.global = this.readLayer(this.files.global);
		this.project = this.readLayer(this.files.project);
		this.recompute();
	}

	/** The effective value of a key (default applied). */
	get<K extends SettingKey>(key: K): SettingValue<K> {
		const value = getAtPath(this.effective, key);
		if (value !== undefined) return structuredClone(value) as SettingValue<K>;
		return (SETTING_DEFAULTS as Record<string, unknown>)[key] as SettingValue<K>;
	}

	/** The merged settings object (without defaults), including unknown keys. */
	getAll(): Record<string, unknown> {
		return structuredClone(this.effective);
	}

	/**
	 * Sets a key for this process and saves it to the global file (`undefined` removes it). Throws a TypeError for
	 * an invalid value; a failed save is a warning and the value stays in effect in memory.
	 */
	set<K extends SettingKey>(key: K, value: SettingTypes[K] | undefined): void {
		if (value !== undefined && !isValidSetting(key, value)) {
			throw new TypeError(`Invalid value for setting "${key}": expected ${SETTING_RULES[key].expected}`);
		}
		this.runtime[key] = value;
		this.recompute();
		this.unsaved.add(key);
		this.save();
	}

	private save(): void {
		if (!this.files) {
			this.unsaved.clear();
			return;
		}
		const file = this.files.global;
		const result = updateJsonObjectFile(file, (raw) => {
			for (const key of this.unsaved) setAtPath(raw, key, this.runtime[key]);
		});
		if (result.status === "saved") {
			this.unsaved.clear();
			this.global = this.toLayer(result.value, file, () => {});
		} else if (result.status === "invalid") {
			this.warn(`Could not save settings: ${file} is not valid (${result.reason}); change kept for this session only`);
		} else {
			this.warn(result.message);
		}
		this.recompute();
	}

	private readLayer(file: string): Layer {
		const read = readJsonFile(file);
		if (read.status === "missing") return EMPTY_LAYER;
		if (read.status === "invalid") {
			this.warn(`Ignoring ${file}: ${read.error}`);
			return EMPTY_LAYER;
		}
		if (!isPlainObject(read.value)) {
			this.warn(`Ignoring ${file}: the content is not a JSON object`);
			return EMPTY_LAYER;
		}
		return this.toLayer(read.value, file);
	}

	private toLayer(raw: Record<string, unknown>, path: string, warn = this.warn): Layer {
		return { values: validateSettingsLayer(migrateLegacySettings(raw), path, warn), present: true };
	}

	private recompute(): void {
		let merged = deepMerge(this.global.values, this.project.values) as Record<string, unknown>;
		for (const [key, value] of Object.entries(this.runtime)) {
			merged = structuredClone(merged);
			setAtPath(merged, key, value);
		}
		this.effective = merged;
	}

	// -----------------------------------------------------------------------------------------------------------
	// Typed accessors for what sessions and modes use.

	getDefaultProvider(): string | undefined {
		return this.get("defaultProvider");
	}
	getDefaultModel(): string | undefined {
		return this.get("defaultModel");
	}
	/** Saves the start-up model (both keys in one locked write). */
	setDefaultModelAndProvider(provider: string, modelId: string): void {
		this.runtime.defaultProvider = provider;
		this.runtime.defaultModel = modelId;
		this.unsaved.add("defaultProvider");
		this.unsaved.add("defaultModel");
		this.recompute();
		this.save();
	}
	getDefaultThinkingLevel(): ThinkingLevelSetting {
		return this.get("defaultThinkingLevel");
	}
	setDefaultThinkingLevel(level: ThinkingLevelSetting): void {
		this.set("defaultThinkingLevel", level);
	}
	getEnabledModels(): string[] | undefined {
		return this.get("enabledModels");
	}
	setEnabledModels(patterns: string[] | undefined): void {
		this.set("enabledModels", patterns);
	}
	getTransport(): Transport {
		return this.get("transport");
	}
	getSteeringMode(): QueueMode {
		return this.get("steeringMode");
	}
	setSteeringMode(mode: QueueMode): void {
		this.set("steeringMode", mode);
	}
	getFollowUpMode(): QueueMode {
		return this.get("followUpMode");
	}
	setFollowUpMode(mode: QueueMode): void {
		this.set("followUpMode", mode);
	}
	/** The configured theme name; undefined means "choose dark or light from COLORFGBG". */
	getTheme(): string | undefined {
		return this.get("theme");
	}
	setTheme(name: string): void {
		this.set("theme", name);
	}
	getHideThinkingBlock(): boolean {
		return this.get("hideThinkingBlock");
	}
	setHideThinkingBlock(hide: boolean): void {
		this.set("hideThinkingBlock", hide);
	}
	getQuietStartup(): boolean {
		return this.get("quietStartup");
	}
	getCompactionSettings(): { enabled: boolean; reserveTokens: number; keepRecentTokens: number } {
		return {
			enabled: this.get("compaction.enabled"),
			reserveTokens: this.get("compaction.reserveTokens"),
			keepRecentTokens: this.get("compaction.keepRecentTokens"),
		};
	}
	setCompactionEnabled(enabled: boolean): void {
		this.set("compaction.enabled", enabled);
	}
	getBranchSummarySettings(): { reserveTokens: number; skipPrompt: boolean } {
		return { reserveTokens: this.get("branchSummary.reserveTokens"), skipPrompt: this.get("branchSummary.skipPrompt") };
	}
	getRetrySettings(): { enabled: boolean; maxRetries: number; baseDelayMs: number; maxDelayMs: number } {
		return {
			enabled: this.get("retry.enabled"),
			maxRetries: this.get("retry.maxRetries"),
			baseDelayMs: this.get("retry.baseDelayMs"),
			maxDelayMs: this.get("retry.maxDelayMs"),
		};
	}
	setRetryEnabled(enabled: boolean): void {
		this.set("retry.enabled", enabled);
	}
	getShellPath(): string | undefined {
		return this.get("shellPath");
	}
	getShellCommandPrefix(): string | undefined {
		return this.get("shellCommandPrefix");
	}
	/** `sessionDir` with `~` expanded and a relative value resolved against the current directory. */
	getSessionDir(): string | undefined {
		const dir = this.get("sessionDir");
		return dir === undefined ? undefined : resolveUserPath(dir, this.cwd, this.homeDir);
	}
	getBashSettings(): { defaultTimeoutSeconds: number; passCredentials: boolean; stripEnv: string[] } {
		return {
			defaultTimeoutSeconds: this.get("bash.defaultTimeoutSeconds"),
			passCredentials: this.get("bash.passCredentials"),
			stripEnv: this.get("bash.stripEnv"),
		};
	}
	getReadSettings(): { maxLines: number; maxBytes: number } {
		return { maxLines: this.get("read.maxLines"), maxBytes: this.get("read.maxBytes") };
	}
	getImageSettings(): { autoResize: boolean; blockImages: boolean } {
		return { autoResize: this.get("images.autoResize"), blockImages: this.get("images.blockImages") };
	}
	setImageAutoResize(enabled: boolean): void {
		this.set("images.autoResize", enabled);
	}
	setBlockImages(blocked: boolean): void {
		this.set("images.blockImages", blocked);
	}
	getTerminalSettings(): {
		showImages: boolean;
		clearOnShrink: boolean;
		imageWidthCells: number;
		showTerminalProgress: boolean;
	} {
		return {
			showImages: this.get("terminal.showImages"),
			clearOnShrink: this.get("terminal.clearOnShrink"),
			imageWidthCells: this.get("terminal.imageWidthCells"),
			showTerminalProgress: this.get("terminal.showTerminalProgress"),
		};
	}
	/** Token budgets per level with defaults filled in. */
	getThinkingBudgets(): { minimal: number; low: number; medium: number; high: number } {
		return {
			minimal: this.get("thinkingBudgets.minimal"),
			low: this.get("thinkingBudgets.low"),
			medium: this.get("thinkingBudgets.medium"),
			high: this.get("thinkingBudgets.high"),
		};
	}
	getEnableSkillCommands(): boolean {
		return this.get("enableSkillCommands");
	}
	setEnableSkillCommands(enabled: boolean): void {
		this.set("enableSkillCommands", enabled);
	}
	getDoubleEscapeAction(): SettingTypes["doubleEscapeAction"] {
		return this.get("doubleEscapeAction");
	}
	getTreeFilterMode(): SettingTypes["treeFilterMode"] {
		return this.get("treeFilterMode");
	}
	getEditorPaddingX(): number {
		return this.get("editorPaddingX");
	}
	getAutocompleteMaxVisible(): number {
		return this.get("autocompleteMaxVisible");
	}
	getShowHardwareCursor(): boolean {
		return this.get("showHardwareCursor");
	}
	getMarkdownCodeBlockIndent(): string {
		return this.get("markdown.codeBlockIndent");
	}

	/**
	 * Resource paths of one kind and the directory they are relative to: the directory of the settings file that
	 * supplied the (merged, so last-wins) array.
	 */
	getResourceEntries(kind: ResourceKind): SettingsResourceEntries {
		const patterns = this.get(kind);
		const fromProject = !Object.hasOwn(this.runtime, kind) && hasPath(this.project.values, kind);
		const baseDir = !this.files ? this.cwd : fromProject ? join(this.cwd, ".pi") : this.agentDir;
		return { patterns, baseDir };
	}
}
