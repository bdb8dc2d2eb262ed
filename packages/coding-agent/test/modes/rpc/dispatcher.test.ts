import { describe, expect, it } from "vitest";
import type { RpcResponse } from "../../../src/modes/rpc/protocol.js";
import { RpcDispatcher, type RpcHandlers } from "../../../src/modes/rpc/server.js";

/** Handlers that fail the test when a command is not stubbed. */
function handlers(overrides: Partial<RpcHandlers>): RpcHandlers {
	return new Proxy(overrides as RpcHandlers, {
		get: (target, key: string) =>
			(target as Record<string, unknown>)[key] ??
			(() => {
				throw new Error(`unexpected ${key}`);
			}),
	});
}

function setup(overrides: Partial<RpcHandlers>) {
	const responses: RpcResponse[] = [];
	const dispatcher = new RpcDispatcher({ handlers: handlers(overrides), respond: (r) => responses.push(r) });
	return { responses, dispatcher };
}

describe("RpcDispatcher", () => {
	it("answers each malformed line with the special failures of rpc.md §3", async () => {
		const { responses, dispatcher } = setup({});
		dispatcher.accept('{"id":"6","type":');
		dispatcher.accept("[1,2]");
		dispatcher.accept('{"id":7}');
		dispatcher.accept('{"id":8,"type":"fly"}');
		dispatcher.accept('{"id":"9","type":"set_model","provider":"x"}');
		dispatcher.accept('{"type":"prompt","message":5}');
		dispatcher.accept('{"id":{"n":1},"type":"bash","command":"ls","excludeFromContext":"no"}');
		dispatcher.accept("   ");
		await dispatcher.drain();
		expect(responses).toEqual([
			{
				type: "response",
				command: "parse",
				success: false,
				error: "Failed to parse command: Unexpected end of JSON input",
			},
			{ type: "response", command: "parse", success: false, error: "Invalid command: expected a JSON object" },
			{ id: 7, type: "response", command: "parse", success: false, error: 'Invalid command: missing "type"' },
			{ id: 8, type: "response", command: "fly", success: false, error: "Unknown command: fly" },
			{
				id: "9",
				type: "response",
				command: "set_model",
				success: false,
				error: 'Invalid field "modelId" for set_model: expected a string',
			},
			{
				type: "response",
				command: "prompt",
				success: false,
				error: 'Invalid field "message" for prompt: expected a string',
			},
			{
				id: { n: 1 },
				type: "response",
				command: "bash",
				success: false,
				error: 'Invalid field "excludeFromContext" for bash: expected a boolean',
			},
		]);
	});

	it("echoes the id on success, on data-less success and when the handler throws", async () => {
		const { responses, dispatcher } = setup({
			get_last_assistant_text: () => ({ text: null }),
			abort_bash: () => undefined,
			set_session_name: () => {
				throw new Error("Session name cannot be empty");
			},
		});
		dispatcher.accept('{"id":"a","type":"get_last_assistant_text"}');
		dispatcher.accept('{"id":2,"type":"abort_bash"}');
		dispatcher.accept('{"id":"c","type":"set_session_name","name":" "}');
		await dispatcher.drain();
		expect(responses).toEqual([
			{ id: "a", type: "response", command: "get_last_assistant_text", success: true, data: { text: null } },
			{ id: 2, type: "response", command: "abort_bash", success: true },
			{ id: "c", type: "response", command: "set_session_name", success: false, error: "Session name cannot be empty" },
		]);
	});

	it("handles lines one at a time, unless a long command releases the queue", async () => {
		const order: string[] = [];
		let finishCompaction: () => void = () => {};
		const { responses, dispatcher } = setup({
			set_steering_mode: async () => {
				await new Promise((r) => setTimeout(r, 20));
				order.push("steering");
			},
			get_state: () => {
				order.push("state");
				return {} as never;
			},
			compact: async (_command, control) => {
				control.release();
				await new Promise<void>((resolve) => {
					finishCompaction = resolve;
				});
				order.push("compact");
				return { summary: "s", firstKeptEntryId: "e", tokensBefore: 1 };
			},
		});
		dispatcher.accept('{"id":1,"type":"set_steering_mode","mode":"all"}');
		dispatcher.accept('{"id":2,"type":"compact"}');
		dispatcher.accept('{"id":3,"type":"get_state"}');
		await new Promise((r) => setTimeout(r, 50));
		expect(order).toEqual(["steering", "state"]);
		finishCompaction();
		await dispatcher.drain();
		expect(order).toEqual(["steering", "state", "compact"]);
		expect(responses.map((r) => r.id)).toEqual([1, 3, 2]);
	});

	it("writes an early response exactly once and never a second one", async () => {
		const { responses, dispatcher } = setup({
			prompt: async (_command, control) => {
				control.respond(undefined);
				throw new Error("late failure after acceptance");
			},
		});
		dispatcher.accept('{"id":"p","type":"prompt","message":"hi"}');
		await dispatcher.drain();
		expect(responses).toEqual([{ id: "p", type: "response", command: "prompt", success: true }]);
	});

	it("passes dialog replies on at once and writes no response for them", async () => {
		const replies: unknown[] = [];
		const responses: RpcResponse[] = [];
		let release: () => void = () => {};
		const dispatcher = new RpcDispatcher({
			handlers: handlers({
				get_state: () =>
					new Promise((resolve) => {
						release = () => resolve({} as never);
					}),
			}),
			respond: (r) => responses.push(r),
			onUiResponse: (reply) => replies.push(reply),
		});
		dispatcher.accept('{"id":1,"type":"get_state"}');
		dispatcher.accept('{"type":"extension_ui_response","id":"u1","value":"B"}');
		expect(replies).toEqual([{ type: "extension_ui_response", id: "u1", value: "B" }]);
		await new Promise((r) => setTimeout(r, 0));
		expect(responses).toHaveLength(0);
		release();
		await dispatcher.drain();
		expect(responses).toHaveLength(1);
	});
});

describe("RpcDispatcher: a result that cannot be written", () => {
	it("answers the command once with a failure naming the serialisation error", async () => {
		const responses: RpcResponse[] = [];
		const unwritable = {
			toJSON: () => {
				throw new Error("details refuse to serialise");
			},
		};
		const dispatcher = new RpcDispatcher({
			handlers: handlers({ get_messages: () => ({ messages: [unwritable as never] }) }),
			respond: (response) => {
				JSON.stringify(response);
				responses.push(response);
			},
		});
		dispatcher.accept('{"id":"m","type":"get_messages"}');
		await dispatcher.drain();
		expect(responses).toEqual([
			{
				id: "m",
				type: "response",
				command: "get_messages",
				success: false,
				error: "The result could not be written as JSON: details refuse to serialise",
			},
		]);
	});
});
