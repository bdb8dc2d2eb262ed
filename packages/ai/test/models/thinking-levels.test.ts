/**
 * Catalogue models that cannot switch thinking off (`thinkingLevelMap.off: null`, e.g. OpenAI's gpt-5 family) or
 * lack low levels: "off" is not offered, a request for it lands on the lowest level the model has, and that level
 * is what goes out on the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	type AgentLevel,
	clampThinkingLevel,
	completeSimple,
	getModel,
	getSupportedThinkingLevels,
	type Model,
	type ThinkingLevel,
} from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { USER_CONTEXT } from "../helpers/scenarios.js";

const catalogue = (provider: string, id: string): Model => {
	const model = getModel(provider, id);
	if (!model) throw new Error(`${provider}/${id} is not in the catalogue`);
	return model;
};

describe("models without an off level", () => {
	const gpt5 = catalogue("openai", "gpt-5");
	const gpt5Mini = catalogue("openai", "gpt-5-mini");
	const gpt54Pro = catalogue("openai", "gpt-5.4-pro");
	const flashLite = catalogue("google", "gemini-3.1-flash-lite-preview");

	it("are what the catalogue says they are", () => {
		for (const model of [gpt5, gpt5Mini, flashLite]) expect(model.thinkingLevelMap?.off).toBeNull();
		expect(gpt54Pro.thinkingLevelMap).toMatchObject({ minimal: null, low: null });
	});

	it("do not offer off, so cycling through the supported levels never reaches it", () => {
		expect(getSupportedThinkingLevels(gpt5)).toEqual(["minimal", "low", "medium", "high"]);
		expect(getSupportedThinkingLevels(gpt5Mini)).toEqual(["minimal", "low", "medium", "high"]);
		expect(getSupportedThinkingLevels(flashLite)).toEqual(["minimal", "low", "medium", "high"]);
		expect(getSupportedThinkingLevels(gpt54Pro)).toEqual(["off", "medium", "high", "xhigh"]);
	});

	it("clamp off to their lowest level, and other missing levels upward", () => {
		expect(clampThinkingLevel(gpt5, "off")).toBe("minimal");
		expect(clampThinkingLevel(gpt5, "xhigh")).toBe("high");
		expect(clampThinkingLevel(gpt54Pro, "minimal")).toBe("medium");
		expect(clampThinkingLevel(gpt54Pro, "off")).toBe("off");
		// Every level of every such model clamps to a supported one.
		const levels: AgentLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];
		for (const model of [gpt5, gpt5Mini, gpt54Pro, flashLite]) {
			for (const level of levels) {
				expect(getSupportedThinkingLevels(model)).toContain(clampThinkingLevel(model, level));
			}
		}
	});
});

describe("the effort sent for a clamped level", () => {
	let server: MockServer;
	beforeAll(async () => {
		server = await startMockServer();
	});
	afterAll(() => server.close());

	it("is the model's lowest level when the session asks for off (gpt-5: minimal), and the clamped one otherwise", async () => {
		const onMock = (model: Model): Model => ({ ...model, baseUrl: `${server.url}/v1` });
		const cases: [Model, AgentLevel, string][] = [
			[onMock(catalogue("openai", "gpt-5")), "off", "minimal"],
			[onMock(catalogue("openai", "gpt-5-mini")), "off", "minimal"],
			[onMock(catalogue("openai", "gpt-5.4-pro")), "low", "medium"],
		];
		for (const [model, asked, wire] of cases) {
			server.reset();
			server.enqueue({ text: "ok" });
			// What the coding agent does: clamp the session's level, send "off" as no reasoning option.
			const level = clampThinkingLevel(model, asked);
			const reasoning = level === "off" ? undefined : (level as ThinkingLevel);
			await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning });
			expect(server.requests[0]!.body.reasoning?.effort, `${model.id} ${asked}`).toBe(wire);
		}
	});

	it("passes even an unclamped level through the adapter's own clamp (a library caller asking minimal of 5.4 Pro)", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		const pro = { ...catalogue("openai", "gpt-5.4-pro"), baseUrl: `${server.url}/v1` };
		await completeSimple(pro, USER_CONTEXT, { apiKey: "k", reasoning: "minimal" });
		expect(server.requests[0]!.body.reasoning.effort).toBe("medium");
	});
});
