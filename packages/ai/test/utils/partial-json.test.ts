import { describe, expect, it } from "vitest";
import { parsePartialJson, parseToolArguments, StreamingToolArguments } from "../../src/utils/partial-json.js";

describe("parsePartialJson", () => {
	const cases: [string, unknown][] = [
		['{"a": 1}', { a: 1 }],
		['{"a": "hel', { a: "hel" }],
		['{"a": 1, "b', { a: 1 }],
		['{"a": 1, "b"', { a: 1 }],
		['{"a": 1, "b":', { a: 1 }],
		['{"a": 1, "b": ', { a: 1 }],
		['{"a": tr', {}],
		['{"a": true, "b": nu', { a: true }],
		['{"a": -', {}],
		['{"a": 12', { a: 12 }],
		['{"a": 1.', { a: 1 }],
		['{"a": 1.5e', { a: 1.5 }],
		['{"a": [1, 2', { a: [1, 2] }],
		['{"a": [1, 2,', { a: [1, 2] }],
		['{"a": [', { a: [] }],
		['{"a": {', { a: {} }],
		['{"a": {"b": "c', { a: { b: "c" } }],
		['{"a": [{"b": 1}, {"c', { a: [{ b: 1 }, {}] }],
		['{"a": [{"b": 1}, {"c": "d', { a: [{ b: 1 }, { c: "d" }] }],
		['{"a": "b", ', { a: "b" }],
		['{"a": "say \\"hi', { a: 'say "hi' }],
		['{"a": "line\\', { a: "line" }],
		['{"a": "x\\u00', { a: "x" }],
		['{"a": "x\\u00e9', { a: "xé" }],
		['{"a": "C:\\\\u00', { a: "C:\\u00" }],
		['{"a": "tab\\tnew\\n', { a: "tab\tnew\n" }],
		['{"a{": "}]"', { "a{": "}]" }],
		['{"a": "b"} trailing', { a: "b" }],
		['{"emoji": "😀 ok', { emoji: "😀 ok" }],
		['{"n": null, "f": false', { n: null, f: false }],
		['  {"a"  :  "b"  ,  "c"  :  [ 1 ,', { a: "b", c: [1] }],
		["[", []],
		['["ab', ["ab"]],
		['"abc', "abc"],
		["{", {}],
	];
	for (const [input, expected] of cases) {
		it(`parses ${JSON.stringify(input)}`, () => {
			expect(parsePartialJson(input)).toEqual(expected);
		});
	}

	it("returns undefined for empty text and for garbage", () => {
		expect(parsePartialJson("")).toBeUndefined();
		expect(parsePartialJson("   ")).toBeUndefined();
		expect(parsePartialJson("nope")).toBeUndefined();
	});

	it("agrees with JSON.parse on every prefix of a realistic argument object", () => {
		const full = {
			path: "src/app.ts",
			edits: [
				{ old_string: 'const x = "a\\"b";\n', new_string: "const x = 1;\t// é 😀" },
				{ old_string: "{[}]", new_string: "" },
			],
			count: -12.5e3,
			flags: [true, false, null],
			nested: { deep: { deeper: [] } },
		};
		const text = JSON.stringify(full, null, 1);
		let previousKeys = 0;
		for (let i = 1; i <= text.length; i++) {
			const value = parsePartialJson(text.slice(0, i));
			// Every prefix yields something usable (after the opening brace) and never throws.
			expect(value).toBeTypeOf("object");
			const keys = Object.keys(value as object).length;
			expect(keys).toBeGreaterThanOrEqual(previousKeys);
			previousKeys = keys;
		}
		expect(parsePartialJson(text)).toEqual(full);
	});

	it("handles long inputs with many scalars in linear-ish time", () => {
		const text = `{"values": [${Array.from({ length: 20000 }, (_, i) => i).join(",")}`;
		const value = parsePartialJson(text) as { values: number[] };
		expect(value.values).toHaveLength(20000);
	});
});

describe("parseToolArguments", () => {
	it("always returns an object", () => {
		expect(parseToolArguments("")).toEqual({});
		expect(parseToolArguments("[1,2]")).toEqual({});
		expect(parseToolArguments('"str"')).toEqual({});
		expect(parseToolArguments("null")).toEqual({});
		expect(parseToolArguments("{malformed")).toEqual({});
		expect(parseToolArguments('{"command": "ls')).toEqual({ command: "ls" });
	});
});

describe("StreamingToolArguments", () => {
	const fragments = (text: string, size: number) =>
		Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

	it("re-parses short arguments on every fragment", () => {
		const args = new StreamingToolArguments();
		expect(args.append('{"path": "a.ts", "com')).toEqual({ path: "a.ts" });
		expect(args.append('mand": "ls')).toEqual({ path: "a.ts", command: "ls" });
		expect(args.final()).toEqual({ path: "a.ts", command: "ls" });
	});

	it("parses a large argument a logarithmic number of times, and completely at the end", () => {
		const content = "line of a file being written\n".repeat(8000); // ~230 KB
		const json = JSON.stringify({ path: "big.txt", content });
		const args = new StreamingToolArguments();
		const seen = new Set<Record<string, unknown>>();
		for (const fragment of fragments(json, 40)) seen.add(args.append(fragment));
		// Every fragment below 8 KB (~205 of them) plus one parse per 25 % growth after that; not one per fragment.
		expect(fragments(json, 40).length).toBeGreaterThan(5000);
		expect(seen.size).toBeLessThan(260);
		expect(args.final()).toEqual({ path: "big.txt", content });
		expect(new StreamingToolArguments().final()).toEqual({});
	});
});
