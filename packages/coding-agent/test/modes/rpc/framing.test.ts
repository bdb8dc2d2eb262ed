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

describe("serializeLine", () => {
	it("writes compact JSON with exactly one LF and escapes line separators", () => {
		expect(serializeLine({ a: 1, b: [1, 2] })).toBe('{"a":1,"b":[1,2]}\n');
		const text = serializeLine({ s: "x\u2028y" });
		expect(text).toBe('{"s":"x\\u2028y"}\n');
		expect(JSON.parse(text).s).toBe("x\u2028y");
	});
});
