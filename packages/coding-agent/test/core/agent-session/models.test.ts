import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createFauxProvider, type FauxProvider } from "@pi/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createTestSession, type TestSession } from "./helpers.js";

let t: TestSession | undefined;
let other: FauxProvider | undefined;
afterEach(() => {
	t?.cleanup();
	other?.dispose();
	t = undefined;
	other = undefined;
});

const settingsFile = (session: TestSession) =>
	JSON.parse(readFileSync(join(session.agentDir, "settings.json"), "utf8"));

describe("AgentSession models and thinking levels", () => {
	it("switching to a model without reasoning mid-session clamps the level and records both changes", async () => {
		t = await createTestSession({ fauxOptions: { reasoning: true }, thinkingLevel: "high" });
		other = createFauxProvider({ provider: "plain", modelId: "plain-model", reasoning: false });
		const { session, faux } = t;
		expect(session.thinkingLevel).toBe("high");
		faux.enqueue({ text: "first" });
		await session.prompt("hello");
		await session.setModel(other.model);
		expect(session.thinkingLevel).toBe("off");
		expect(t.events.filter((e) => e.type === "thinking_level_changed")).toEqual([
			{ type: "thinking_level_changed", level: "off" },
		]);
		expect(t.fileLines().slice(-2)).toMatchObject([
			{ type: "model_change", provider: "plain", modelId: "plain-model" },
			{ type: "thinking_level_change", thinkingLevel: "off" },
		]);
		expect(settingsFile(t)).toMatchObject({ defaultProvider: "plain", defaultModel: "plain-model" });
		expect(settingsFile(t).defaultThinkingLevel).toBeUndefined();
		other.enqueue({ text: "from plain" });
		await session.prompt("again");
		expect(other.requests).toHaveLength(1);
		expect(session.getState().model).toMatchObject({ provider: "plain", id: "plain-model" });
	});

	it("setThinkingLevel validates names, clamps to the model and saves the default", async () => {
		t = await createTestSession({ fauxOptions: { reasoning: true } });
		const { session } = t;
		await expect(session.setThinkingLevel("loud")).rejects.toThrow(
			"Invalid thinking level: loud. Use one of: off, minimal, low, medium, high, xhigh",
		);
		await session.setThinkingLevel("xhigh");
		expect(session.thinkingLevel).toBe("high");
		expect(settingsFile(t).defaultThinkingLevel).toBe("high");
	});

	it("cycleThinkingLevel walks the supported levels and is null without reasoning", async () => {
		t = await createTestSession({ fauxOptions: { reasoning: true }, thinkingLevel: "off" });
		const seen: (string | null)[] = [];
		for (let i = 0; i < 5; i++) seen.push(await t.session.cycleThinkingLevel());
		expect(seen).toEqual(["minimal", "low", "medium", "high", "off"]);
		other = createFauxProvider({ provider: "plain", reasoning: false });
		await t.session.setModel(other.model);
		expect(await t.session.cycleThinkingLevel()).toBeNull();
	});

	it("cycleModel walks the scope with per-item levels; null with at most one candidate", async () => {
		t = await createTestSession({ fauxOptions: { reasoning: true }, thinkingLevel: "medium" });
		other = createFauxProvider({ provider: "second", modelId: "second-model", reasoning: true });
		const { session, faux } = t;
		expect(await session.cycleModel()).toBeNull();
		session.scopedModels = [{ model: faux.model }, { model: other.model, thinkingLevel: "low" }];
		expect(await session.cycleModel()).toEqual({ model: other.model, thinkingLevel: "low", isScoped: true });
		expect(await session.cycleModel("backward")).toMatchObject({ model: faux.model, thinkingLevel: "low" });
		expect(session.model).toBe(faux.model);
	});

	it("setModel refuses a model whose provider has no key, naming what to set, and changes nothing", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		const anthropic = t.registry.find("anthropic", "claude-sonnet-4-5")!;
		await expect(session.setModel(anthropic)).rejects.toThrow(
			'No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json.',
		);
		const custom = { ...faux.model, provider: "my-proxy", api: "openai-completions" };
		await expect(session.setModel(custom)).rejects.toThrow(
			'No API key found for provider "my-proxy". Set its apiKey in models.json, or add a key to auth.json.',
		);
		expect(session.model).toBe(faux.model);
		expect(t.events).toEqual([]);
		faux.enqueue({ text: "still faux" });
		await session.prompt("hello");
		expect(t.fileLines().filter((l) => l.type === "model_change")).toHaveLength(1);
	});

	it("getState reports the placeholder model when none is selected", async () => {
		t = await createTestSession({ useFaux: false });
		const state = t.session.getState();
		expect(state.model).toMatchObject({ id: "unknown", provider: "unknown", api: "unknown", contextWindow: 0 });
		expect(state).toMatchObject({ isStreaming: false, isCompacting: false, messageCount: 0, pendingMessageCount: 0 });
		expect(state.sessionFile).toBe(t.session.sessionFile);
	});
});
