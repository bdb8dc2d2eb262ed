import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFauxProvider, type FauxProvider } from "@pi/ai/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentSession, sdkMessages } from "../src/sdk.js";

let root: string;
let cwd: string;
let agentDir: string;
let faux: FauxProvider;
beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-sdk-"));
	cwd = join(root, "project");
	agentDir = join(root, "agent");
	mkdirSync(cwd, { recursive: true });
	mkdirSync(agentDir, { recursive: true });
	faux = createFauxProvider();
});
afterEach(() => {
	faux.dispose();
	rmSync(root, { recursive: true, force: true });
});

const base = () => ({ cwd, agentDir, env: {}, noSkills: true, noPromptTemplates: true, noContextFiles: true });

describe("createAgentSession", () => {
	it("builds the default tools, the system prompt and warns about unknown tool names", async () => {
		const { session, warnings } = await createAgentSession({ ...base(), model: faux.model, tools: ["read", "nope"] });
		expect(session.agent.state.tools.map((tool) => tool.name)).toEqual(["read"]);
		expect(warnings).toContain(sdkMessages.unknownTool("nope"));
		expect(session.agent.state.systemPrompt).toContain("- read:");
		expect(session.agent.state.systemPrompt).toContain(`Current working directory: ${cwd}`);
		const defaults = await createAgentSession({ ...base(), model: faux.model });
		expect(defaults.session.agent.state.tools.map((tool) => tool.name)).toEqual(["read", "bash", "edit", "write"]);
		const none = await createAgentSession({ ...base(), model: faux.model, noTools: true });
		expect(none.session.agent.state.tools).toEqual([]);
	});

	it("continues the most recent session, restoring its messages", async () => {
		const first = await createAgentSession({ ...base(), model: faux.model });
		faux.enqueue({ text: "remembered" });
		await first.session.prompt("hello");
		const resumed = await createAgentSession({ ...base(), model: faux.model, session: { kind: "continue" } });
		expect(resumed.session.sessionFile).toBe(first.session.sessionFile);
		expect(resumed.session.getLastAssistantText()).toBe("remembered");
		expect(resumed.session.messages).toHaveLength(2);
	});

	it("fails with the no-models message when a model is required and none is available", async () => {
		await expect(createAgentSession({ ...base(), requireModel: true })).rejects.toThrow(sdkMessages.noModels);
	});

	it("selects a models.json model by pattern and applies the settings' thinking level", async () => {
		writeFileSync(
			join(agentDir, "models.json"),
			JSON.stringify({
				providers: {
					local: {
						baseUrl: "http://127.0.0.1:9/v1",
						api: "openai-completions",
						apiKey: "placeholder-key",
						models: [{ id: "thinker", reasoning: true }],
					},
				},
			}),
		);
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultThinkingLevel: "low" }));
		const { session } = await createAgentSession({ ...base(), model: "local/thinker", session: { kind: "memory" } });
		expect(session.model).toMatchObject({ provider: "local", id: "thinker" });
		expect(session.thinkingLevel).toBe("low");
		expect(session.sessionFile).toBeUndefined();
	});
});
