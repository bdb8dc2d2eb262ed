/**
 * An extension tool whose result `details` JSON cannot represent (a BigInt, a circular reference): found by the
 * RPC fault probe. The event line, the session entry and the get_messages response used to throw while being
 * written, so tool_execution_end, the tool result and agent_end never reached the client, get_messages was never
 * answered and the next session entry pointed at a parent missing from the file.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, startRawRpc, useCliWorld } from "../../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

const EXTENSION = `export default function (pi) {
	pi.registerTool({
		name: "odd",
		label: "odd",
		description: "Returns details JSON cannot hold",
		parameters: { type: "object", properties: {} },
		async execute() {
			const loop = { name: "loop" };
			loop.self = loop;
			return { content: [{ type: "text", text: "odd result" }], details: { count: 9007199254740993n, loop } };
		},
	});
}
`;

describe("pi --mode rpc: tool details JSON cannot hold", () => {
	it("are written with stand-ins: every event, the session chain and get_messages survive", async () => {
		const extension = join(cli.world.cwd, "odd-details.mjs");
		writeFileSync(extension, EXTENSION);
		const sessionFile = join(cli.world.cwd, "odd.jsonl");
		cli.server.enqueue({ toolCalls: [{ id: "call_odd", name: "odd", arguments: {} }] }, { text: "after odd" });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--session", sessionFile, "-e", extension]);
		rpc.write('{"id":"p","type":"prompt","message":"call odd"}\n');
		await rpc.waitFor((line) => line.type === "agent_end");
		rpc.write('{"id":"m","type":"get_messages"}\n');
		const messages = await rpc.waitFor((line) => line.id === "m");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });

		const standIn = { count: "9007199254740993", loop: { name: "loop", self: "[Circular]" } };
		expect(rpc.lines.find((line) => line.type === "tool_execution_end")).toMatchObject({
			toolCallId: "call_odd",
			isError: false,
			result: { details: standIn },
		});
		expect(messages).toMatchObject({ success: true });
		expect(messages.data.messages.map((m: { role: string }) => m.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);
		expect(rpc.stderr()).toBe("");

		const entries = readFileSync(sessionFile, "utf8")
			.trimEnd()
			.split("\n")
			.map((line) => JSON.parse(line));
		const ids = new Set(entries.map((entry) => entry.id));
		for (const entry of entries.slice(1)) if (entry.parentId !== null) expect(ids.has(entry.parentId)).toBe(true);
		const toolResult = entries.find((entry) => entry.message?.role === "toolResult");
		expect(toolResult.message.details).toEqual(standIn);
		expect(entries.at(-1).message.content).toEqual([{ type: "text", text: "after odd" }]);
	});
});
