import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTING_DEFAULTS, SETTING_KEYS, SETTING_RULES, SettingsManager } from "../../../src/core/config/settings.js";
import { tempDir, warningSink, writeFile } from "./helpers.js";

function setup(global?: string | object, project?: string | object) {
	const agentDir = join(tempDir(), "agent");
	const cwd = tempDir();
	if (global !== undefined) writeFile(join(agentDir, "settings.json"), global);
	if (project !== undefined) writeFile(join(cwd, ".pi", "settings.json"), project);
	const sink = warningSink();
	const settings = SettingsManager.create({ agentDir, cwd, onWarning: sink.onWarning });
	return { agentDir, cwd, settings, warnings: sink.warnings, globalFile: join(agentDir, "settings.json") };
}

describe("settings merge", () => {
	it("merges global and project deeply; arrays replace", () => {
		const { settings } = setup(
			{ compaction: { enabled: true, reserveTokens: 20000 }, enabledModels: ["claude-*"] },
			{ compaction: { keepRecentTokens: 8000 }, enabledModels: ["gpt-5*"] },
		);
		expect(settings.getAll().compaction).toEqual({ enabled: true, reserveTokens: 20000, keepRecentTokens: 8000 });
		expect(settings.getEnabledModels()).toEqual(["gpt-5*"]);
		expect(settings.getCompactionSettings()).toEqual({ enabled: true, reserveTokens: 20000, keepRecentTokens: 8000 });
	});

	it("does not create the agent dir, settings.json or .pi when reading", () => {
		const { agentDir, cwd, settings } = setup();
		expect(settings.getDefaultThinkingLevel()).toBe("medium");
		expect(existsSync(agentDir)).toBe(false);
		expect(existsSync(join(cwd, ".pi"))).toBe(false);
	});
});

describe("settings keys", () => {
	it("has a default for every defaulted key", () => {
		const { settings } = setup();
		const expected: Record<string, unknown> = {
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
		};
		for (const key of SETTING_KEYS) expect(settings.get(key), key).toEqual(expected[key]);
		expect(Object.keys(SETTING_DEFAULTS).sort()).toEqual(Object.keys(expected).sort());
		expect(settings.getThinkingBudgets()).toEqual({ minimal: 1024, low: 2048, medium: 8192, high: 16384 });
		for (const key of [
			"defaultProvider",
			"defaultModel",
			"enabledModels",
			"theme",
			"shellPath",
			"sessionDir",
		] as const) {
			expect(settings.get(key)).toBeUndefined();
		}
	});

	it("ignores a wrong type or out-of-range value with a warning naming the key; the default applies", () => {
		const bad: Record<string, unknown> = {
			defaultThinkingLevel: "extreme",
			transport: true,
			hideThinkingBlock: "yes",
			enabledModels: "claude",
			compaction: { reserveTokens: -1, keepRecentTokens: 1.5 },
			read: { maxLines: 0, maxBytes: 1000 },
			bash: { stripEnv: [1] },
			editorPaddingX: 4,
			autocompleteMaxVisible: 2,
			thinkingBudgets: { low: "many" },
			retry: "often",
			packages: [3],
		};
		const { settings, warnings, globalFile } = setup(bad);
		expect(settings.getDefaultThinkingLevel()).toBe("medium");
		expect(settings.getTransport()).toBe("sse");
		expect(settings.getHideThinkingBlock()).toBe(false);
		expect(settings.getEnabledModels()).toBeUndefined();
		expect(settings.getCompactionSettings().reserveTokens).toBe(16384);
		expect(settings.getReadSettings()).toEqual({ maxLines: 2000, maxBytes: 51200 });
		expect(settings.getEditorPaddingX()).toBe(0);
		expect(settings.getAutocompleteMaxVisible()).toBe(5);
		expect(settings.getThinkingBudgets().low).toBe(2048);
		expect(settings.getRetrySettings().maxRetries).toBe(10);
		const keys = [
			"defaultThinkingLevel",
			"transport",
			"hideThinkingBlock",
			"enabledModels",
			"compaction.reserveTokens",
			"compaction.keepRecentTokens",
			"read.maxLines",
			"read.maxBytes",
			"bash.stripEnv",
			"editorPaddingX",
			"autocompleteMaxVisible",
			"thinkingBudgets.low",
			"retry",
			"packages",
		];
		for (const key of keys) {
			expect(warnings.some((w) => w.startsWith(`Ignoring setting "${key}" in ${globalFile}: expected`))).toBe(true);
		}
		expect(warnings).toHaveLength(keys.length);
	});

	it("accepts a valid value for every key", () => {
		const samples: Record<string, unknown> = {};
		for (const key of SETTING_KEYS) {
			const rule = SETTING_RULES[key];
			const candidates = ["x", true, 5, 1024, 3, ["a"], "all", "off", "tree", "websocket", "labeled-only"];
			const valid = candidates.find((c) => rule.check(c));
			expect(valid, key).toBeDefined();
			samples[key] = valid;
		}
		const settings = SettingsManager.inMemory();
		for (const [key, value] of Object.entries(samples)) {
			settings.set(key as never, value as never);
			expect(settings.get(key as never)).toEqual(value);
		}
	});

	it("reads older key forms", () => {
		const { settings } = setup({
			queueMode: "all",
			websockets: true,
			skills: { enableSkillCommands: false, customDirectories: ["~/my-skills"] },
			retry: { provider: { maxRetryDelayMs: 5000 } },
		});
		expect(settings.getSteeringMode()).toBe("all");
		expect(settings.getTransport()).toBe("websocket");
		expect(settings.getEnableSkillCommands()).toBe(false);
		expect(settings.get("skills")).toEqual(["~/my-skills"]);
		expect(settings.getRetrySettings().maxDelayMs).toBe(5000);
		expect(setup({ websockets: false }).settings.getTransport()).toBe("sse");
		expect(setup({ queueMode: "all", steeringMode: "one-at-a-time" }).settings.getSteeringMode()).toBe("one-at-a-time");
	});

	it("expands ~ in sessionDir and resolves resource entries against the supplying settings file", () => {
		const { settings, agentDir, cwd } = setup({ sessionDir: "~/sessions", prompts: ["p"] }, { skills: ["s"] });
		expect(SettingsManager.create({ agentDir, cwd, homeDir: "/home/alice" }).getSessionDir()).toBe(
			"/home/alice/sessions",
		);
		expect(settings.getResourceEntries("prompts")).toEqual({ patterns: ["p"], baseDir: agentDir });
		expect(settings.getResourceEntries("skills")).toEqual({ patterns: ["s"], baseDir: join(cwd, ".pi") });
	});
});

describe("settings files", () => {
	it("ignores an unparseable file with a warning and never overwrites it", () => {
		const { settings, warnings, globalFile } = setup('{"theme": "dark",');
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toMatch(new RegExp(`^Ignoring ${globalFile.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .+`));
		expect(settings.getTheme()).toBeUndefined();
		settings.setTheme("light");
		expect(settings.getTheme()).toBe("light");
		expect(readFileSync(globalFile, "utf8")).toBe('{"theme": "dark",');
		expect(warnings.at(-1)).toContain("change kept for this session only");
	});

	it("writes only the changed key, keeping key order, other keys and unknown keys", () => {
		const original = `{\n  "zeta": {"custom": [1, 2]},\n  "theme": "dark",\n  "compaction": {"reserveTokens": 1000, "mine": "x"},\n  "alpha": 1\n}\n`;
		const { settings, globalFile } = setup(original);
		settings.setCompactionEnabled(false);
		settings.setTheme("light");
		const written = readFileSync(globalFile, "utf8");
		expect(written).toBe(
			`${JSON.stringify({ zeta: { custom: [1, 2] }, theme: "light", compaction: { reserveTokens: 1000, mine: "x", enabled: false }, alpha: 1 }, null, 2)}\n`,
		);
	});

	it("keeps concurrent external edits: each write re-reads the file", () => {
		const { settings, globalFile } = setup({ theme: "dark" });
		writeFile(globalFile, { theme: "dark", quietStartup: true, external: "edit" });
		settings.setDefaultModelAndProvider("openai", "gpt-5.4");
		expect(JSON.parse(readFileSync(globalFile, "utf8"))).toEqual({
			theme: "dark",
			quietStartup: true,
			external: "edit",
			defaultProvider: "openai",
			defaultModel: "gpt-5.4",
		});
		expect(settings.getQuietStartup()).toBe(true);
	});

	it("writes to the global file only, creating the agent dir; runtime values win over the project file", () => {
		const { settings, globalFile, cwd, agentDir } = setup(undefined, { defaultThinkingLevel: "low" });
		expect(settings.getDefaultThinkingLevel()).toBe("low");
		settings.setDefaultThinkingLevel("high");
		expect(settings.getDefaultThinkingLevel()).toBe("high");
		expect(JSON.parse(readFileSync(globalFile, "utf8"))).toEqual({ defaultThinkingLevel: "high" });
		expect(JSON.parse(readFileSync(join(cwd, ".pi", "settings.json"), "utf8"))).toEqual({
			defaultThinkingLevel: "low",
		});
		expect(readFileSync(globalFile, "utf8").endsWith("}\n")).toBe(true);
		expect(existsSync(`${globalFile}.lock`)).toBe(false);
		expect(existsSync(agentDir)).toBe(true);
	});

	it("rejects an invalid value from code", () => {
		const settings = SettingsManager.inMemory();
		expect(() => settings.set("editorPaddingX", 9)).toThrow('Invalid value for setting "editorPaddingX"');
	});

	it("in memory: reads like a file, writes nothing", () => {
		const sink = warningSink();
		const settings = SettingsManager.inMemory(
			{ retry: { enabled: false }, editorPaddingX: 7 },
			{ onWarning: sink.onWarning },
		);
		expect(settings.getRetrySettings().enabled).toBe(false);
		expect(settings.getEditorPaddingX()).toBe(0);
		expect(sink.warnings).toHaveLength(1);
		settings.setRetryEnabled(true);
		expect(settings.getRetrySettings().enabled).toBe(true);
		expect(settings.globalSettingsPath).toBeUndefined();
	});
});
