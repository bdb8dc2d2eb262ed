/**
 * `pi auth login` on a terminal: a flow's choice (onSelect) is a list moved with the arrows, picked with Enter or a
 * number, cancelled with Esc or Ctrl+C; the terminal is raw only while the list is shown.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { AUTH_SELECT_TEXT, chooseOnTerminal, selectListRows } from "../../src/cli/auth-select.js";

const prompt = {
	message: "How do you want to sign in?",
	options: [
		{ id: "browser", label: "Browser login (default)" },
		{ id: "device_code", label: "Device code login" },
		{ id: "other", label: "Something else" },
	],
};

/** A terminal stdin that records raw mode, and an output that keeps what is written. */
function fakeTerminal() {
	const raw: boolean[] = [];
	const stdin = Object.assign(new EventEmitter(), {
		isTTY: true,
		setRawMode: (on: boolean) => raw.push(on),
		resume: () => undefined,
		pause: () => undefined,
	});
	let written = "";
	const output = {
		write: (text: string) => {
			written += text;
			return true;
		},
	};
	const type = (...keys: string[]) => {
		for (const key of keys) stdin.emit("data", Buffer.from(key));
	};
	return {
		stdin: stdin as unknown as NodeJS.ReadStream,
		output: output as unknown as NodeJS.WritableStream,
		raw,
		type,
		written: () => written,
		listeners: () => stdin.listenerCount("data"),
	};
}

describe("the terminal chooser of pi auth login", () => {
	it("shows the options with the first marked; arrows move (wrapping), Enter picks", async () => {
		const t = fakeTerminal();
		const chosen = chooseOnTerminal(t.stdin, t.output, prompt);
		expect(t.written()).toContain(prompt.message);
		expect(t.written()).toContain(`${AUTH_SELECT_TEXT.marker}Browser login (default)`);
		expect(t.written()).toContain(AUTH_SELECT_TEXT.hint);
		t.type("\x1b[B", "\x1b[B", "\x1b[B", "\x1b[A", "x", "\r");
		expect(await chosen).toBe("other");
		// The last redraw marked the option picked.
		expect(t.written().endsWith(`${AUTH_SELECT_TEXT.marker}Something else\n\x1b[1B`)).toBe(true);
		expect(t.raw).toEqual([true, false]);
		expect(t.listeners()).toBe(0);
	});

	it("a number picks at once; a number past the list is ignored", async () => {
		const t = fakeTerminal();
		const chosen = chooseOnTerminal(t.stdin, t.output, prompt);
		t.type("7", "2");
		expect(await chosen).toBe("device_code");
	});

	it("Esc and Ctrl+C cancel; an aborted signal ends the list too", async () => {
		for (const key of ["\x1b", "\x03"]) {
			const t = fakeTerminal();
			const chosen = chooseOnTerminal(t.stdin, t.output, prompt);
			t.type(key);
			expect(await chosen).toBeUndefined();
			expect(t.raw).toEqual([true, false]);
		}
		const t = fakeTerminal();
		const controller = new AbortController();
		const chosen = chooseOnTerminal(t.stdin, t.output, prompt, controller.signal);
		controller.abort();
		expect(await chosen).toBeUndefined();
		expect(t.listeners()).toBe(0);
	});

	it("rows: the highlighted option carries the marker", () => {
		expect(selectListRows(prompt, 1)).toEqual([
			"    Browser login (default)",
			"  → Device code login",
			"    Something else",
		]);
	});
});
