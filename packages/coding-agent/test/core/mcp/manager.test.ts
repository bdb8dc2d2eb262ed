/**
 * Server state through a session: the project file disabling a user server, enabling, disabling and reconnecting
 * at run time (what /mcp does), tool allow/deny lists, and --tools naming MCP tools.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createRpcHandlers } from "../../../src/modes/rpc/handlers.js";
import { createMcpSession, fakeServer, type McpTestSession, offeredTools } from "./helpers.js";

let t: McpTestSession | undefined;
afterEach(async () => {
	await t?.cleanup();
	t = undefined;
});

const FAKE_TOOLS = ["shout", "crash", "hang", "progress"];
const named = (server: string, tools = FAKE_TOOLS) => tools.map((tool) => `mcp__${server}__${tool}`);

describe("enabled and disabled servers", () => {
	it("the project file disables a user server: not started, no tools; enabling it at run time brings them", async () => {
		t = await createMcpSession({
			user: { on: fakeServer("ok"), off: fakeServer("ok") },
			project: { off: { enabled: false } },
		});
		const mcp = t.session.mcp!;
		expect(mcp.getStatus().map(({ name, state }) => [name, state])).toEqual([
			["on", "starting"],
			["off", "disabled"],
		]);
		t.faux.enqueue({ text: "one" }, { text: "two" }, { text: "three" });
		await t.session.prompt("first");
		expect(offeredTools(t.faux, 0)).toEqual(named("on"));

		const enabled = await mcp.enable("off");
		expect(enabled).toMatchObject({ name: "off", state: "connected", tools: named("off") });
		await t.session.prompt("second");
		expect(offeredTools(t.faux, 1)).toEqual([...named("on"), ...named("off")]);

		expect(await mcp.disable("on")).toMatchObject({ state: "disabled", tools: [] });
		await t.session.prompt("third");
		expect(offeredTools(t.faux, 2)).toEqual(named("off"));
		expect(t.warnings).toEqual([]);
	});

	it("reconnect brings a crashed server and its tools back", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__fake__crash", arguments: {} }] }, { text: "crashed" }, { text: "back" });
		await t.session.prompt("crash");
		expect(t.session.mcp!.getStatus()[0]?.state).toBe("failed");
		const status = await t.session.mcp!.reconnect("fake");
		expect(status).toMatchObject({ state: "connected", tools: named("fake") });
		expect(status.error).toBeUndefined();
		await t.session.prompt("again");
		expect(offeredTools(t.faux, 2)).toEqual(named("fake"));
	});

	it("an unknown server name is an error listing the configured ones", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		await expect(t.session.mcp!.enable("nope")).rejects.toThrow('No MCP server named "nope". Configured: fake.');
	});
});

describe("tool list changes", () => {
	it("a server announcing a changed tool list has its new tools offered from the next prompt", async () => {
		t = await createMcpSession({ user: { g: fakeServer("growing") } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__g__grow", arguments: {} }] }, { text: "grown" }, { text: "ok" });
		await t.session.prompt("grow");
		expect(offeredTools(t.faux, 0)).toEqual(["mcp__g__shout", "mcp__g__grow"]);
		// The list is fetched again after the announcement; wait for it rather than for a fixed time.
		while (!t.session.mcp!.getStatus()[0]?.tools.includes("mcp__g__extra")) {
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		await t.session.prompt("again");
		expect(offeredTools(t.faux, 2)).toEqual(["mcp__g__shout", "mcp__g__grow", "mcp__g__extra"]);
	});
});

describe("which tools are offered", () => {
	it("includeTools and excludeTools (with * patterns) filter a server's tools", async () => {
		t = await createMcpSession({
			user: {
				inc: fakeServer("ok", { includeTools: ["sh*", "progress"] }),
				exc: fakeServer("ok", { excludeTools: ["crash", "ha*"] }),
			},
		});
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual([
			...named("inc", ["shout", "progress"]),
			...named("exc", ["shout", "progress"]),
		]);
	});

	it("with --tools only the MCP tools named there are offered, without an unknown-tool warning", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") }, tools: ["mcp__fake__shout"] });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual(["mcp__fake__shout"]);
		expect(t.warnings).toEqual([]);
	});

	it("--no-tools starts no server", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") }, noTools: true });
		expect(t.session.mcp).toBeUndefined();
	});
});

describe("state", () => {
	it("RPC get_state lists each server with its state and tools; no env or header values", async () => {
		t = await createMcpSession({
			user: { fake: fakeServer("ok", { env: { SECRET_VALUE: "do-not-show-this" } }), off: fakeServer("ok") },
			project: { off: { enabled: false } },
		});
		await t.session.mcp!.waitForStartup();
		const state = await createRpcHandlers(t.session).get_state({ type: "get_state" } as never, {} as never);
		expect(state).toMatchObject({
			mcpServers: [
				{
					name: "fake",
					state: "connected",
					transport: "stdio",
					tools: named("fake"),
					source: join(t.agentDir, "mcp.json"),
				},
				{ name: "off", state: "disabled", transport: "stdio", tools: [], source: join(t.cwd, ".pi", "mcp.json") },
			],
		});
		expect(JSON.stringify(state)).not.toContain("do-not-show-this");
	});

	it("a session without MCP servers has no mcpServers in its state", async () => {
		t = await createMcpSession();
		expect(t.session.mcp).toBeUndefined();
		expect(t.session.getState()).not.toHaveProperty("mcpServers");
	});
});
