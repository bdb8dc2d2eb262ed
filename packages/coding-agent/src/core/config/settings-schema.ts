/**
 * Every settings key with its type, range and default (config.md §2.2), the reading of older key forms, and
 * per-file validation. Data and pure functions only; `settings.ts` owns files and state.
 */
import type { AgentLevel } from "@pi/ai";
import { getAtPath, hasPath, isPlainObject, setAtPath } from "./json-path.js";
import { THINKING_LEVEL_NAMES } from "./model-resolver.js";

export type ThinkingLevelSetting = AgentLevel;
export type QueueMode = "one-at-a-time" | "all";
export type Transport = "sse" | "websocket" | "auto";
export type DoubleEscapeAction = "tree" | "fork" | "none";
export type TreeFilterMode = "default" | "no-tools" | "user-only" | "labeled-only" | "all";
export type PackageSource = string | Record<string, unknown>;

/** The value type of every settings key, addressed by its full key path. */
export interface SettingTypes {
	defaultProvider: string;
	defaultModel: string;
	defaultThinkingLevel: ThinkingLevelSetting;
	enabledModels: string[];
	transport: Transport;
	steeringMode: QueueMode;
	followUpMode: QueueMode;
	theme: string;
	hideThinkingBlock: boolean;
	quietStartup: boolean;
	collapseChangelog: boolean;
	lastChangelogVersion: string;
	"compaction.enabled": boolean;
	"compaction.reserveTokens": number;
	"compaction.keepRecentTokens": number;
	"branchSummary.reserveTokens": number;
	"branchSummary.skipPrompt": boolean;
	"retry.enabled": boolean;
	"retry.maxRetries": number;
	"retry.baseDelayMs": number;
	"retry.maxDelayMs": number;
	httpIdleTimeoutMs: number;
	shellPath: string;
	shellCommandPrefix: string;
	sessionDir: string;
	"bash.defaultTimeoutSeconds": number;
	"bash.passCredentials": boolean;
	"bash.stripEnv": string[];
	"read.maxLines": number;
	"read.maxBytes": number;
	"images.autoResize": boolean;
	"images.blockImages": boolean;
	"terminal.showImages": boolean;
	"terminal.clearOnShrink": boolean;
	"terminal.imageWidthCells": number;
	"terminal.showTerminalProgress": boolean;
	"thinkingBudgets.minimal": number;
	"thinkingBudgets.low": number;
	"thinkingBudgets.medium": number;
	"thinkingBudgets.high": number;
	enableSkillCommands: boolean;
	extensions: string[];
	skills: string[];
	prompts: string[];
	themes: string[];
	packages: PackageSource[];
	npmCommand: string[];
	doubleEscapeAction: DoubleEscapeAction;
	treeFilterMode: TreeFilterMode;
	editorPaddingX: number;
	autocompleteMaxVisible: number;
	showHardwareCursor: boolean;
	"markdown.codeBlockIndent": string;
}

export type SettingKey = keyof SettingTypes;

/** Built-in defaults. Keys absent here have no default (`undefined` until set). */
export const SETTING_DEFAULTS = {
	defaultThinkingLevel: "medium",
	transport: "sse",
	steeringMode: "one-at-a-time",
	followUpMode: "one-at-a-time",
	hideThinkingBlock: false,
	quietStartup: false,
	collapseChangelog: false,
	"compaction.enabled": true,
	"compaction.reserveTokens": 16384,
	"compaction.keepRecentTokens": 20000,
	"branchSummary.reserveTokens": 16384,
	"branchSummary.skipPrompt": false,
	"retry.enabled": true,
	"retry.maxRetries": 10,
	"retry.baseDelayMs": 2000,
	"retry.maxDelayMs": 60000,
	httpIdleTimeoutMs: 300_000,
	"bash.defaultTimeoutSeconds": 600,
	"bash.passCredentials": false,
	"bash.stripEnv": [],
	"read.maxLines": 2000,
	"read.maxBytes": 51200,
	"images.autoResize": true,
	"images.blockImages": false,
	"terminal.showImages": true,
	"terminal.clearOnShrink": false,
	"terminal.imageWidthCells": 60,
	"terminal.showTerminalProgress": false,
	"thinkingBudgets.minimal": 1024,
	"thinkingBudgets.low": 2048,
	"thinkingBudgets.medium": 8192,
	"thinkingBudgets.high": 16384,
	enableSkillCommands: true,
	extensions: [],
	skills: [],
	prompts: [],
	themes: [],
	packages: [],
	doubleEscapeAction: "tree",
	treeFilterMode: "default",
	editorPaddingX: 0,
	autocompleteMaxVisible: 5,
	showHardwareCursor: false,
	"markdown.codeBlockIndent": "  ",
} as const satisfies Partial<SettingTypes>;

/** Keys that always have a value. */
export type DefaultedSettingKey = keyof typeof SETTING_DEFAULTS;

interface Rule {
	/** Human description of a valid value, used in warnings. */
	expected: string;
	check: (value: unknown) => boolean;
}

const isString = (v: unknown) => typeof v === "string";
const isBoolean = (v: unknown) => typeof v === "boolean";
const isStringArray = (v: unknown) => Array.isArray(v) && v.every(isString);
const string: Rule = { expected: "a string", check: isString };
const boolean: Rule = { expected: "true or false", check: isBoolean };
const stringArray: Rule = { expected: "an array of strings", check: isStringArray };
function oneOf(...values: string[]): Rule {
	return {
		expected: `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`,
		check: (v) => values.includes(v as string),
	};
}
function integer(min = 0, max = Number.MAX_SAFE_INTEGER): Rule {
	const expected = max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
	return { expected, check: (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max };
}

/** Validation rule of every key. Counts (tokens, milliseconds, budgets) must not be negative. */
export const SETTING_RULES: Record<SettingKey, Rule> = {
	defaultProvider: string,
	defaultModel: string,
	defaultThinkingLevel: oneOf(...THINKING_LEVEL_NAMES),
	enabledModels: stringArray,
	transport: oneOf("sse", "websocket", "auto"),
	steeringMode: oneOf("one-at-a-time", "all"),
	followUpMode: oneOf("one-at-a-time", "all"),
	theme: string,
	hideThinkingBlock: boolean,
	quietStartup: boolean,
	collapseChangelog: boolean,
	lastChangelogVersion: string,
	"compaction.enabled": boolean,
	"compaction.reserveTokens": integer(),
	"compaction.keepRecentTokens": integer(),
	"branchSummary.reserveTokens": integer(),
	"branchSummary.skipPrompt": boolean,
	"retry.enabled": boolean,
	"retry.maxRetries": integer(),
	"retry.baseDelayMs": integer(),
	"retry.maxDelayMs": integer(),
	httpIdleTimeoutMs: integer(),
	shellPath: string,
	shellCommandPrefix: string,
	sessionDir: string,
	"bash.defaultTimeoutSeconds": integer(0),
	"bash.passCredentials": boolean,
	"bash.stripEnv": stringArray,
	"read.maxLines": integer(1),
	"read.maxBytes": integer(1024),
	"images.autoResize": boolean,
	"images.blockImages": boolean,
	"terminal.showImages": boolean,
	"terminal.clearOnShrink": boolean,
	"terminal.imageWidthCells": integer(1),
	"terminal.showTerminalProgress": boolean,
	"thinkingBudgets.minimal": integer(),
	"thinkingBudgets.low": integer(),
	"thinkingBudgets.medium": integer(),
	"thinkingBudgets.high": integer(),
	enableSkillCommands: boolean,
	extensions: stringArray,
	skills: stringArray,
	prompts: stringArray,
	themes: stringArray,
	packages: {
		expected: "an array of strings or objects",
		check: (v) => Array.isArray(v) && v.every((item) => isString(item) || isPlainObject(item)),
	},
	npmCommand: stringArray,
	doubleEscapeAction: oneOf("tree", "fork", "none"),
	treeFilterMode: oneOf("default", "no-tools", "user-only", "labeled-only", "all"),
	editorPaddingX: integer(0, 3),
	autocompleteMaxVisible: integer(3, 20),
	showHardwareCursor: boolean,
	"markdown.codeBlockIndent": string,
};

/** Keys whose value groups nested keys; anything but an object there is ignored as a whole. */
const GROUP_KEYS = [
	"compaction",
	"branchSummary",
	"retry",
	"bash",
	"read",
	"images",
	"terminal",
	"thinkingBudgets",
	"markdown",
];

/** All known key paths. */
export const SETTING_KEYS = Object.keys(SETTING_RULES) as SettingKey[];

/** Whether `value` is valid for `key`. */
export function isValidSetting(key: SettingKey, value: unknown): boolean {
	return SETTING_RULES[key].check(value);
}

/** The warning for an ignored value; names the key and the file. */
export function invalidSettingMessage(key: string, path: string, expected: string): string {
	return `Ignoring setting "${key}" in ${path}: expected ${expected}`;
}

/**
 * Reads older key forms as their current ones (config.md §2.2 read rules). The current form wins when both are
 * present. Returns a new object; the raw file content is left as it was.
 */
export function migrateLegacySettings(raw: Record<string, unknown>): Record<string, unknown> {
	const layer = structuredClone(raw);
	if (Object.hasOwn(layer, "queueMode")) {
		if (!Object.hasOwn(layer, "steeringMode")) layer.steeringMode = layer.queueMode;
		delete layer.queueMode;
	}
	if (Object.hasOwn(layer, "websockets")) {
		if (!Object.hasOwn(layer, "transport") && typeof layer.websockets === "boolean") {
			layer.transport = layer.websockets ? "websocket" : "sse";
		}
		delete layer.websockets;
	}
	if (isPlainObject(layer.skills)) {
		const legacy = layer.skills;
		if (!Object.hasOwn(layer, "enableSkillCommands") && legacy.enableSkillCommands !== undefined) {
			layer.enableSkillCommands = legacy.enableSkillCommands;
		}
		if (legacy.customDirectories !== undefined) layer.skills = legacy.customDirectories;
		else delete layer.skills;
	}
	const legacyDelay = getAtPath(layer, "retry.provider.maxRetryDelayMs");
	if (legacyDelay !== undefined && !hasPath(layer, "retry.maxDelayMs"))
		setAtPath(layer, "retry.maxDelayMs", legacyDelay);
	if (isPlainObject(layer.retry)) delete layer.retry.provider;
	return layer;
}

/**
 * Drops values of the wrong type or out of range from one settings file's content, reporting each by key.
 * Unknown keys are kept (they are preserved on write and ignored on read).
 */
export function validateSettingsLayer(
	layer: Record<string, unknown>,
	path: string,
	warn: (message: string) => void,
): Record<string, unknown> {
	const clean = structuredClone(layer);
	for (const group of GROUP_KEYS) {
		if (Object.hasOwn(clean, group) && !isPlainObject(clean[group])) {
			warn(invalidSettingMessage(group, path, "an object"));
			delete clean[group];
		}
	}
	for (const key of SETTING_KEYS) {
		if (!hasPath(clean, key)) continue;
		const rule = SETTING_RULES[key];
		if (rule.check(getAtPath(clean, key))) continue;
		warn(invalidSettingMessage(key, path, rule.expected));
		setAtPath(clean, key, undefined);
	}
	return clean;
}
