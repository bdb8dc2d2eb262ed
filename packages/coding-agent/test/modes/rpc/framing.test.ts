import { describe, expect, it } from "vitest";
import { LineSplitter, serializeLine } from "../../../src/modes/rpc/framing.js";

describe("LineSplitter", () => {
	it("splits on LF only, removing one trailing CR", () => {
		const splitter = new LineSplitter();
		expect(splitter.push('{"a":1}\r\n{"b":2}\n{"c"')).toEqual(['{"a":1}', '{"b":2}']);
		expect(splitter.push(":3}\r\r\n")).toEqual(['{"c":3}\r']);
	});

	it("keeps U+2028 and U+2029 inside a line", () => {
		const splitter = new LineSplitter();
		const line = JSON.stringify({ type: "prompt", message: "a\u2028b\u2029c" });
		expect(splitter.push(`${line}\n`)).toEqual([line]);
	});

	it("decodes UTF-8 split across chunks and returns an unterminated last line at end", () => {
		const splitter = new LineSplitter();
		const bytes = Buffer.from('{"m":"héllo €"}\n{"x":1}');
		const lines = [...splitter.push(bytes.subarray(0, 9)), ...splitter.push(bytes.subarray(9))];
		expect(lines).toEqual(['{"m":"héllo €"}']);
		expect(splitter.end()).toEqual(['{"x":1}']);
	});
});

describe("LineSplitter edge cases", () => {
	it("removes a CR that arrived in the chunk before its LF", () => {
		const splitter = new LineSplitter();
		expect(splitter.push('{"a":1}\r')).toEqual([]);
		expect(splitter.push("\n")).toEqual(['{"a":1}']);
	});

	it("reassembles a multi-megabyte line fed in small chunks, exactly", () => {
		const splitter = new LineSplitter();
		const line = JSON.stringify({ type: "prompt", message: "é€".repeat(1_500_000) });
		const bytes = Buffer.from(`${line}\n{"next":true}\n`);
		const lines: string[] = [];
		// 4093 is odd, so chunks end inside multi-byte characters.
		for (let i = 0; i < bytes.length; i += 4093) lines.push(...splitter.push(bytes.subarray(i, i + 4093)));
		expect(lines).toHaveLength(2);
		expect(lines[0] === line).toBe(true);
		expect(lines[1]).toBe('{"next":true}');
	});

	it("decodes invalid UTF-8 as U+FFFD without losing the line", () => {
		const splitter = new LineSplitter();
		const bytes = Buffer.concat([Buffer.from('{"m":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('"}\n')]);
		expect(splitter.push(bytes)).toEqual(['{"m":"a\uFFFD\uFFFD"}']);
	});
});

describe("serializeLine", () => {
	it("writes compact JSON with exactly one LF and escapes line separators", () => {
		expect(serializeLine({ a: 1, b: [1, 2] })).toBe('{"a":1,"b":[1,2]}\n');
		const text = serializeLine({ s: "x\u2028y" });
		expect(text).toBe('{"s":"x\\u2028y"}\n');
		expect(JSON.parse(text).s).toBe("x\u2028y");
	});
});
