import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StdinBuffer } from "../../src/input/stdin-buffer.js";

function collect(options?: { escapeTimeoutMs?: number }) {
	const units: string[] = [];
	const buffer = new StdinBuffer((data) => units.push(data), options);
	return { units, buffer };
}

describe("StdinBuffer", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("splits a chunk into characters and complete sequences", () => {
		const { units, buffer } = collect();
		buffer.push("ab\x1b[A\x1b[1;5C\x03\r\x1b[97;5u\x1bOP");
		expect(units).toEqual(["a", "b", "\x1b[A", "\x1b[1;5C", "\x03", "\r", "\x1b[97;5u", "\x1bOP"]);
	});

	it("keeps grapheme clusters together", () => {
		const { units, buffer } = collect();
		buffer.push("👍🏽é日x");
		expect(units).toEqual(["👍🏽", "é", "日", "x"]);
	});

	it("joins a sequence split across chunks without waiting", () => {
		const { units, buffer } = collect();
		buffer.push("\x1b");
		buffer.push("[");
		buffer.push("1;5");
		expect(units).toEqual([]);
		buffer.push("Dz");
		expect(units).toEqual(["\x1b[1;5D", "z"]);
	});

	it("emits a lone ESC as the escape key after the timeout", () => {
		const { units, buffer } = collect({ escapeTimeoutMs: 30 });
		buffer.push("\x1b");
		expect(units).toEqual([]);
		vi.advanceTimersByTime(29);
		expect(units).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(units).toEqual(["\x1b"]);
		expect(buffer.hasPending).toBe(false);
	});

	it("treats ESC followed by a character as alt+key", () => {
		const { units, buffer } = collect();
		buffer.push("\x1bb\x1b\x7f\x1b\r");
		expect(units).toEqual(["\x1bb", "\x1b\x7f", "\x1b\r"]);
	});

	it("keeps alt-prefixed sequences and double ESC whole", () => {
		const { units, buffer } = collect();
		buffer.push("\x1b\x1b[A");
		expect(units).toEqual(["\x1b\x1b[A"]);
		buffer.push("\x1b\x1b");
		vi.advanceTimersByTime(50);
		expect(units).toEqual(["\x1b\x1b[A", "\x1b\x1b"]);
	});

	it("hands a bracketed paste on whole, even across chunks and with escapes inside", () => {
		const { units, buffer } = collect();
		buffer.push("x\x1b[200~line one\nline");
		expect(units).toEqual(["x"]);
		vi.advanceTimersByTime(1000);
		expect(units).toEqual(["x"]);
		buffer.push(" two\x1b[31mred\x1b[2");
		buffer.push("01~y");
		expect(units).toEqual(["x", "\x1b[200~line one\nline two\x1b[31mred\x1b[201~", "y"]);
	});

	it("recognizes a paste start split across chunks", () => {
		const { units, buffer } = collect();
		buffer.push("\x1b[20");
		buffer.push("0~abc\x1b[201~");
		expect(units).toEqual(["\x1b[200~abc\x1b[201~"]);
	});

	it("passes terminal replies (OSC, DCS, Kitty flags) through as single units", () => {
		const { units, buffer } = collect();
		buffer.push("\x1b]11;rgb:0000/0000/0000\x07\x1b[?1u\x1bP>|kitty(0.3)\x1b\\\x1b[?62;22c");
		expect(units).toEqual(["\x1b]11;rgb:0000/0000/0000\x07", "\x1b[?1u", "\x1bP>|kitty(0.3)\x1b\\", "\x1b[?62;22c"]);
	});

	it("flushes an incomplete sequence after the timeout", () => {
		const { units, buffer } = collect({ escapeTimeoutMs: 10 });
		buffer.push("\x1b[1;");
		vi.advanceTimersByTime(10);
		expect(units).toEqual(["\x1b[1;"]);
	});
});
