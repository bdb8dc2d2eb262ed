import { describe, expect, it } from "vitest";
import { MOCK_MODEL, NOISY_FETCH_PRELOAD, runPi, startRawRpc, useCliWorld } from "../../cli/harness.js";

const cli = useCliWorld();

describe("pi --mode rpc: framing and failures (rpc.md §1, §3)", () => {
	it("answers every malformed line once, keeps running, and writes only protocol lines", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL]);
		rpc.write('{"id":"6","type":\n');
		rpc.write("42\r\n");
		rpc.write('{"id":7,"kind":"x"}\n');
		rpc.write("\n   \n");
		rpc.write('{"id":"5","type":"fly"}\n');
		rpc.write('{"id":"8","type":"set_model","provider":"mock-openai"}\n');
		rpc.write('{"id":"9","type":"set_thinking_level","level":"loud"}\n');
		rpc.write('{"id":"u","type":"set_session_name","name":"a\u2028b"}\n');
		rpc.write('{"type":"extension_ui_response","id":"unknown","value":"x"}\n');
		rpc.write('{"id":10,"type":"get_last_assistant_text"}\n');
		await rpc.waitFor((line) => line.id === 10);
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines).toEqual([
			{
				type: "response",
				command: "parse",
				success: false,
				error: "Failed to parse command: Unexpected end of JSON input",
			},
			{ type: "response", command: "parse", success: false, error: "Invalid command: expected a JSON object" },
			{ id: 7, type: "response", command: "parse", success: false, error: 'Invalid command: missing "type"' },
			{ id: "5", type: "response", command: "fly", success: false, error: "Unknown command: fly" },
			{
				id: "8",
				type: "response",
				command: "set_model",
				success: false,
				error: 'Invalid field "modelId" for set_model: expected a string',
			},
			{
				id: "9",
				type: "response",
				command: "set_thinking_level",
				success: false,
				error: "Invalid thinking level: loud. Use one of: off, minimal, low, medium, high, xhigh",
			},
			{ type: "session_info_changed", name: "a\u2028b" },
			{ id: "u", type: "response", command: "set_session_name", success: true },
			{ id: 10, type: "response", command: "get_last_assistant_text", success: true, data: { text: null } },
		]);
		expect(rpc.stdout().endsWith("\n")).toBe(true);
	});

	it("writes the prompt response before agent_start, rejects a second prompt while busy, and aborts the run on EOF", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "slow answer", eventDelayMs: 60, chunkSize: 2 });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"p1","type":"prompt","message":"hi"}\n{"id":"p2","type":"prompt","message":"again"}\n');
		await rpc.waitFor((line) => line.id === "p2");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		const kinds = rpc.lines.map((line) => (line.type === "response" ? `response:${line.id}` : line.type));
		expect(kinds.indexOf("response:p1")).toBeLessThan(kinds.indexOf("agent_start"));
		expect(rpc.lines.find((line) => line.id === "p2")).toEqual({
			id: "p2",
			type: "response",
			command: "prompt",
			success: false,
			error: "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.",
		});
		// EOF arrived mid-run: the client is gone, so pi aborted the run and exited 0 after its agent_end.
		expect(kinds.at(-1)).toBe("agent_end");
		expect(rpc.lines.at(-1)!.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
	});

	it("aborts the run on SIGTERM and exits 143", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "never finished", delayMs: 10_000 });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"p","type":"prompt","message":"hi"}\n');
		await rpc.waitFor((line) => line.type === "message_start" && line.message.role === "user");
		rpc.kill("SIGTERM");
		expect(await rpc.exited).toEqual({ code: 143, signal: null });
		expect(rpc.lines.at(-1)).toMatchObject({ type: "agent_end" });
	});

	it("rejects @file and message arguments at start-up with exit 2", async () => {
		expect(await runPi(cli.world, ["--mode", "rpc", "@notes.md"])).toMatchObject({
			code: 2,
			stdout: "",
			stderr: "Error: @file arguments are not supported in RPC mode\n",
		});
		expect(await runPi(cli.world, ["--mode", "rpc", "hello"])).toMatchObject({
			code: 2,
			stdout: "",
			stderr: "Error: message arguments are not supported in RPC mode; send a prompt command\n",
		});
	});
});

describe("pi --mode rpc: input framing over a pipe (rpc.md §1)", () => {
	it("joins a command split across writes, takes CRLF, a multi-megabyte line and invalid UTF-8", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"split","type":"get_');
		// Let the first half arrive on its own before the rest of the line.
		await new Promise((resolve) => setTimeout(resolve, 50));
		rpc.write('state"}\n');
		rpc.write('{"id":"crlf","type":"get_last_assistant_text"}\r\n');
		const longName = "x".repeat(4 * 1024 * 1024);
		rpc.write(`{"id":"long","type":"set_session_name","name":"${longName}"}\n`);
		// Invalid bytes inside a string become U+FFFD; outside a string the line is not JSON.
		rpc.write(
			Buffer.concat([
				Buffer.from('{"id":"utf8","type":"set_session_name","name":"a'),
				Buffer.from([0xff, 0xfe]),
				Buffer.from('b"}\n'),
			]),
		);
		rpc.write(Buffer.from([0xc3, 0x28, 0x0a]));
		rpc.write('{"id":"last","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "last");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });

		const summary = rpc.lines.map((line) =>
			line.type === "session_info_changed" ? `name:${line.name.length}` : `${line.id ?? line.command}:${line.success}`,
		);
		expect(summary).toEqual([
			"split:true",
			"crlf:true",
			`name:${longName.length}`,
			"long:true",
			"name:4",
			"utf8:true",
			"parse:false",
			"last:true",
		]);
		expect(rpc.lines.find((line) => line.type === "session_info_changed" && line.name.length === 4)!.name).toBe(
			"a\uFFFD\uFFFDb",
		);
		expect(rpc.lines.find((line) => line.command === "parse")!.error).toMatch(/^Failed to parse command: /);
		expect(rpc.lines.at(-1)!.data.sessionName).toBe("a\uFFFD\uFFFDb");
	});
});

describe("pi --mode rpc: stdout carries only protocol lines (rpc.md §1)", () => {
	it("sends console output and stray stdout writes of libraries to stderr", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "clean" });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"], {
			env: { NODE_OPTIONS: `--import=${NOISY_FETCH_PRELOAD}` },
		});
		rpc.write('{"id":"p","type":"prompt","message":"hi"}\n');
		await rpc.waitFor((line) => line.type === "agent_end");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		for (const line of rpc.lines) expect(line).not.toHaveProperty("unparsed");
		expect(rpc.lines[0]).toEqual({ id: "p", type: "response", command: "prompt", success: true });
		expect(rpc.stderr()).toContain("stray console.log\n");
		expect(rpc.stderr()).toContain("stray stdout.write\n");
	});
});
