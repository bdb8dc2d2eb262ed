/**
 * Extensions through the built CLI in RPC mode (rpc.md §4.1 steps 1–2, §4.2, §6 extension_error, §7 the extension
 * UI sub-protocol, §8 shutdown()), and in print mode (json-mode.md §2), against the loopback mock server.
 */
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { RpcClient } from "../../../src/modes/rpc/client.js";
import type { RpcEvent } from "../../../src/modes/rpc/protocol.js";
import { childEnv, MOCK_MODEL, PI_BIN, type RawRpc, runPi, startRawRpc, useCliWorld } from "../../cli/harness.js";

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/extensions/${name}`, import.meta.url));
const DEMO = fixture("demo.mjs");
const THROWING = fixture("throwing.mjs");

const cli = useCliWorld({ resetServerEachTest: true });
let raw: RawRpc | undefined;
let client: RpcClient | undefined;

afterEach(() => {
	raw?.kill("SIGKILL");
	raw = undefined;
	client?.dispose();
	client = undefined;
});

const isUiRequest = (method: string) => (line: Record<string, any>) =>
	line.type === "extension_ui_request" && line.method === method;
const isResponse = (id: string) => (line: Record<string, any>) => line.type === "response" && line.id === id;

/** An RPC client (not started) for pi in the test world with one extension loaded by -e. */
function extensionClient(extension: string): RpcClient {
	return new RpcClient({
		args: [PI_BIN, "--model", MOCK_MODEL, "-e", extension],
		cwd: cli.world.cwd,
		env: childEnv(cli.world),
	});
}

/** Text of every message of a recorded chat-completions request. */
function requestText(index: number): string {
	return JSON.stringify(cli.server.requests[index]!.body.messages);
}

describe("extension commands and the extension UI sub-protocol", () => {
	it("a command's select dialog goes to the client, its reply completes the command, and the response carries the id", async () => {
		raw = startRawRpc(cli.world, ["--model", MOCK_MODEL, "-e", DEMO]);
		raw.write(`${JSON.stringify({ id: "cmd-1", type: "prompt", message: "/pick the wall" })}\n`);
		const request = await raw.waitFor(isUiRequest("select"));
		expect(request).toMatchObject({ title: "Pick a colour for the wall", options: ["red", "green"] });
		expect(typeof request.id).toBe("string");

		// The command waits for its dialog without holding the line queue.
		raw.write(`${JSON.stringify({ id: "state-1", type: "get_state" })}\n`);
		await raw.waitFor(isResponse("state-1"));
		expect(raw.lines.some(isResponse("cmd-1"))).toBe(false);

		// A reply to an unknown id is ignored and produces no line at all.
		const before = raw.lines.length;
		raw.write(`${JSON.stringify({ type: "extension_ui_response", id: "no-such-dialog", value: "red" })}\n`);
		raw.write(`${JSON.stringify({ type: "extension_ui_response", id: request.id, value: "green" })}\n`);
		const response = await raw.waitFor(isResponse("cmd-1"));
		expect(response).toEqual({ id: "cmd-1", type: "response", command: "prompt", success: true });
		const after = raw.lines.slice(before);
		expect(after.map((line) => line.type)).toEqual(["extension_ui_request", "response"]);
		expect(after[0]).toMatchObject({ method: "notify", message: "picked green" });
		// Nothing reached the model: a command is not a prompt.
		expect(cli.server.requests).toHaveLength(0);
	});

	it("a confirm with a timeout resolves to its default; a failing command fails its prompt; steer refuses commands", async () => {
		raw = startRawRpc(cli.world, ["--model", MOCK_MODEL, "-e", DEMO]);
		raw.write(`${JSON.stringify({ id: "ask", type: "prompt", message: "/ask" })}\n`);
		expect(await raw.waitFor(isUiRequest("confirm"))).toMatchObject({ title: "Proceed?", timeout: 50 });
		await raw.waitFor(isResponse("ask"));
		expect(raw.lines.find(isUiRequest("notify"))).toMatchObject({ message: "confirmed=false" });

		raw.write(`${JSON.stringify({ id: "fail", type: "prompt", message: "/fail" })}\n`);
		expect(await raw.waitFor(isResponse("fail"))).toEqual({
			id: "fail",
			type: "response",
			command: "prompt",
			success: false,
			error: "the fail command failed",
		});

		for (const type of ["steer", "follow_up"]) {
			raw.write(`${JSON.stringify({ id: type, type, message: "/pick" })}\n`);
			expect(await raw.waitFor(isResponse(type))).toMatchObject({
				success: false,
				error: 'Extension command "/pick" cannot be queued; send it with prompt.',
			});
		}
	});

	it("stdin EOF cancels a pending dialog; the command completes and pi exits 0", async () => {
		raw = startRawRpc(cli.world, ["--model", MOCK_MODEL, "-e", DEMO]);
		raw.write(`${JSON.stringify({ id: "name", type: "prompt", message: "/name" })}\n`);
		await raw.waitFor(isUiRequest("input"));
		raw.endInput();
		expect(await raw.exited).toEqual({ code: 0, signal: null });
		expect(raw.lines.find(isUiRequest("notify"))).toMatchObject({ message: "name=cancelled" });
		expect(raw.lines.find(isResponse("name"))).toMatchObject({ success: true });
	});

	it("get_commands lists extension commands; an extension's shutdown() ends pi like stdin EOF", async () => {
		client = extensionClient(DEMO);
		await client.start();
		const { commands } = await client.getCommands();
		expect(commands.find((command) => command.name === "pick")).toEqual({
			name: "pick",
			description: "Pick a colour",
			source: "extension",
			sourceInfo: { path: DEMO, scope: "path", source: "cli" },
		});
		await client.prompt("/quit");
		expect(await client.waitForExit()).toBe(0);
	});
});

describe("extension tools and hooks in a run", () => {
	it("the model calls a registered tool and gets its result; the tool is in the system prompt", async () => {
		client = extensionClient(DEMO);
		await client.start();
		cli.server.enqueue(
			{ toolCalls: [{ id: "call_1", name: "shout", arguments: { text: "hello" } }] },
			{ text: "done" },
		);
		const events = await client.promptAndWait("shout hello");
		expect(events.find((event) => event.type === "tool_execution_end")).toMatchObject({
			toolName: "shout",
			result: { content: [{ type: "text", text: "HELLO" }] },
			isError: false,
		});
		const system = cli.server.requests[0]!.body.messages[0].content as string;
		expect(system).toContain("- shout: Returns the text in upper case.");
		expect(system).toContain("- Use shout when the user wants emphasis.");
		expect(cli.server.requests[0]!.body.tools.map((tool: any) => tool.function.name)).toContain("shout");
		expect(requestText(1)).toContain("HELLO");
	});

	it("an input hook rewrites the prompt or swallows it; a tool_call hook blocks a bash call", async () => {
		client = extensionClient(DEMO);
		await client.start();
		cli.server.enqueue({ text: "ok" });
		await client.promptAndWait("rewrite: the text");
		expect(requestText(0)).toContain("rewritten: the text");
		expect(requestText(0)).not.toContain("rewrite: the text");

		await client.prompt("swallow");
		expect((await client.getState()).messageCount).toBe(2);
		expect(cli.server.requests).toHaveLength(1);

		mkdirSync(join(cli.world.cwd, "keep"), { recursive: true });
		cli.server.enqueue(
			{ toolCalls: [{ id: "call_rm", name: "bash", arguments: { command: "rm -r keep" } }] },
			{ text: "blocked, fine" },
		);
		const events = await client.promptAndWait("delete keep");
		expect(events.find((event) => event.type === "tool_execution_end")).toMatchObject({
			toolName: "bash",
			isError: true,
			result: { content: [{ type: "text", text: "Tool call blocked: deleting files is not allowed here" }] },
		});
		expect(requestText(2)).toContain("Tool call blocked: deleting files is not allowed here");
	});
});

describe("extension errors", () => {
	it("a throwing handler becomes an extension_error event and the run goes on", async () => {
		client = extensionClient(THROWING);
		await client.start();
		cli.server.enqueue({ text: "still answering" });
		const events = await client.promptAndWait("hi");
		const error = events.find((event) => event.type === "extension_error") as RpcEvent;
		expect(error).toEqual({
			type: "extension_error",
			extensionPath: THROWING,
			event: "agent_start",
			error: "boom at agent_start",
		});
		expect(await client.getLastAssistantText()).toEqual({ text: "still answering" });
		expect(await client.close()).toBe(0);
	});

	it("print mode prints the error on stderr and still answers; a missing -e file is reported, not fatal", async () => {
		cli.server.enqueue({ text: "printed answer" });
		const missing = join(cli.world.cwd, "nope.mjs");
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "-e", THROWING, "-e", missing, "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("printed answer\n");
		expect(result.stderr).toContain(`Extension error (${THROWING}): boom at agent_start\n`);
		expect(result.stderr).toContain(`Extension error (${missing}): not found: ${missing}\n`);
	});
});

describe("loading", () => {
	it("--no-extensions skips discovery, -e still loads; session_start and session_shutdown reach extensions", async () => {
		const dir = join(cli.world.cwd, ".pi", "extensions");
		mkdirSync(dir, { recursive: true });
		copyFileSync(fixture("discovered.mjs"), join(dir, "discovered.mjs"));
		copyFileSync(fixture("shutdown-log.mjs"), join(dir, "shutdown-log.mjs"));
		const log = join(cli.world.cwd, "extension.log");
		const env = childEnv(cli.world, { PI_TEST_EXTENSION_LOG: log });
		const names = async (extra: string[]) => {
			const rpc = new RpcClient({ args: [PI_BIN, "--model", MOCK_MODEL, ...extra], cwd: cli.world.cwd, env });
			await rpc.start();
			try {
				return (await rpc.getCommands()).commands.filter((c) => c.source === "extension").map((c) => c.name);
			} finally {
				expect(await rpc.close()).toBe(0);
			}
		};
		expect(await names(["-e", DEMO])).toEqual(["pick", "ask", "name", "fail", "quit", "discovered"]);
		expect(readFileSync(log, "utf8")).toBe("start hasUI=true\nshutdown\n");
		expect(await names(["--no-extensions", "-e", DEMO])).toEqual(["pick", "ask", "name", "fail", "quit"]);
		expect(readFileSync(log, "utf8")).toBe("start hasUI=true\nshutdown\n");

		cli.server.enqueue({ text: "ok" });
		const printed = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "hi"], {
			env: { PI_TEST_EXTENSION_LOG: log },
		});
		expect(printed.code).toBe(0);
		expect(readFileSync(log, "utf8")).toBe("start hasUI=true\nshutdown\nstart hasUI=false\nshutdown\n");
	});
});
