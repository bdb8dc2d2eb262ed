/**
 * Events that need real models.json providers (the loopback mock server through a real SDK):
 * `before_provider_request` (handlers see the provider payload, replacements chain, the server receives the final
 * one), `after_provider_response`, and `model_select` / `thinking_level_select` including the "restore" of a
 * switched-to session.
 */
import { describe, expect, it } from "vitest";
import type { ExtensionAPI, ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createTestSession, useMockServer } from "../agent-session/helpers.js";

const fx = useMockServer();

const ext = (path: string, factory: ExtensionFactory) => ({ path, factory });

/** An extension recording every event of `names`. */
function recordEvents(seen: any[], names: Parameters<ExtensionAPI["on"]>[0][]): ExtensionFactory {
	return (pi) => {
		for (const name of names) pi.on(name, (event: any) => void seen.push(event));
	};
}

function mockSession(extensionFactories: { path: string; factory: ExtensionFactory }[]) {
	return createTestSession({
		modelsJson: {
			providers: {
				mock: {
					baseUrl: `${fx.server.url}/v1`,
					api: "openai-completions",
					apiKey: "mock-key-0123456789",
					models: [{ id: "mock-model" }],
				},
			},
		},
		model: "mock/mock-model",
		extensionFactories,
	});
}

describe("before_provider_request", () => {
	it("replacements chain across extensions and the server receives the last one", async () => {
		const seen: unknown[] = [];
		fx.t = await mockSession([
			ext("/ext/temperature", (pi) =>
				pi.on("before_provider_request", (event) => {
					const payload = event.payload as Record<string, unknown>;
					seen.push(payload.model);
					return { ...payload, temperature: 0.25 };
				}),
			),
			ext("/ext/inspect", (pi) =>
				pi.on("before_provider_request", (event) => {
					seen.push((event.payload as Record<string, unknown>).temperature);
					return undefined;
				}),
			),
		]);
		fx.server.enqueue({ text: "hi" });
		await fx.t.session.prompt("hello");
		expect(seen).toEqual(["mock-model", 0.25]);
		expect(fx.server.requests).toHaveLength(1);
		expect(fx.server.requests[0]!.body).toMatchObject({ model: "mock-model", temperature: 0.25 });
		expect(fx.t.session.getLastAssistantText()).toBe("hi");
	});
});

describe("after_provider_response", () => {
	it("reports each response's status and headers, an error response included", async () => {
		const seen: unknown[] = [];
		fx.t = await mockSession([
			ext("/ext/responses", (pi) =>
				pi.on("after_provider_response", (event) => {
					seen.push([event.status, event.headers["content-type"]?.split(";")[0], event.headers["retry-after"]]);
				}),
			),
		]);
		fx.server.enqueue({ text: "hi" }, { httpError: { status: 400, message: "bad request", retryAfter: "3" } });
		await fx.t.session.prompt("hello");
		await fx.t.session.prompt("again");
		expect(seen).toEqual([
			[200, "text/event-stream", undefined],
			[400, "application/json", "3"],
		]);
	});
});

describe("model events", () => {
	it("model_select reports set, cycle and restore; thinking_level_select the level change", async () => {
		const seen: any[] = [];
		// Two models.json providers on the mock server, so a switched-to session can restore its model.
		const provider = (id: string, reasoning: boolean) => ({
			baseUrl: `${fx.server.url}/v1`,
			api: "openai-completions",
			apiKey: "mock-key-0123456789",
			models: [{ id, reasoning }],
		});
		fx.t = await createTestSession({
			modelsJson: { providers: { thinker: provider("deep", true), plain: provider("flat", false) } },
			model: "thinker/deep",
			thinkingLevel: "medium",
			extensionFactories: [ext("/ext/models", recordEvents(seen, ["model_select", "thinking_level_select"]))],
		});
		const { session, registry } = fx.t;
		const deep = registry.find("thinker", "deep")!;
		const flat = registry.find("plain", "flat")!;
		fx.server.enqueue({ text: "one" });
		await session.prompt("hello");
		const first = session.sessionFile!;
		await session.setModel(flat);
		session.scopedModels = [{ model: deep }, { model: flat }];
		await session.cycleModel();
		await session.setThinkingLevel("low");
		await session.newSession();
		await session.setModel(flat);
		await session.switchSession(first);
		const brief = seen.map((e) =>
			e.type === "model_select"
				? [e.source, e.previousModel?.provider, e.model.provider]
				: [e.type, e.previousLevel, e.level],
		);
		expect(brief).toEqual([
			["thinking_level_select", "medium", "off"],
			["set", "thinker", "plain"],
			["cycle", "plain", "thinker"],
			["thinking_level_select", "off", "low"],
			["thinking_level_select", "low", "off"],
			["set", "thinker", "plain"],
			// Switching back restores the first session's model and level.
			["thinking_level_select", "off", "low"],
			["restore", "plain", "thinker"],
		]);
	});
});
