/**
 * The extension API through the built CLI (a TypeScript fixture): ctx.mode per mode, sendMessage with triggerTurn
 * from a command in RPC mode, and a built-in tool replaced by an extension tool that gets ctx.
 */
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { MOCK_MODEL, type RawRpc, runPi, startRawRpc, useCliWorld } from "../../cli/harness.js";

const API_DEMO = fileURLToPath(new URL("../../fixtures/extensions/api-demo.mts", import.meta.url));

const cli = useCliWorld({ resetServerEachTest: true });
let raw: RawRpc | undefined;

afterEach(() => {
	raw?.kill("SIGKILL");
	raw = undefined;
});

const isResponse = (id: string) => (line: Record<string, any>) => line.type === "response" && line.id === id;

describe("the extension API in RPC and print mode", () => {
	it("RPC: ctx.mode is rpc; sendMessage with triggerTurn runs the model; the replaced read tool runs with ctx", async () => {
		raw = startRawRpc(cli.world, ["--model", MOCK_MODEL, "-e", API_DEMO]);
		raw.write(`${JSON.stringify({ id: "mode", type: "prompt", message: "/mode" })}\n`);
		await raw.waitFor(isResponse("mode"));
		expect(raw.lines.find((line) => line.method === "notify")).toMatchObject({ message: "mode=rpc hasUI=true" });

		cli.server.enqueue({ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "a.txt" } }] }, { text: "ok" });
		raw.write(`${JSON.stringify({ id: "nudge", type: "prompt", message: "/nudge build finished" })}\n`);
		const end = await raw.waitFor((line) => line.type === "tool_execution_end");
		expect(end.result.content[0].text).toBe("fixture read of a.txt in rpc");
		await raw.waitFor((line) => line.type === "agent_end");
		const first = JSON.stringify(cli.server.requests[0]!.body.messages);
		expect(first).toContain("nudge: build finished");
		expect(first).toContain("- read: Read a file (fixture)");
	});

	it("print: a command's ctx sees mode print without a UI; its notice goes to stderr", async () => {
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "-e", API_DEMO, "/mode"]);
		expect(result).toMatchObject({ code: 0, stdout: "", stderr: "Note: mode=print hasUI=false\n" });
		expect(cli.server.requests).toHaveLength(0);
	});
});
