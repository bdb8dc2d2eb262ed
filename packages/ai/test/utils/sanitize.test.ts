import { describe, expect, it } from "vitest";
import { sanitizePayload, sanitizeSurrogates } from "../../src/utils/sanitize.js";

describe("sanitizeSurrogates", () => {
	it("removes unpaired surrogates and keeps valid pairs", () => {
		expect(sanitizeSurrogates("a\uD800b😀c\uDC00")).toBe("ab😀c");
		expect(sanitizeSurrogates("plain")).toBe("plain");
	});
});

describe("sanitizePayload", () => {
	it("cleans every nested string and key without modifying the input", () => {
		const schema = { type: "object", properties: { ["k\uD800"]: { description: "d\uDC00" } } };
		const input = { tools: [{ schema }], n: 1, flag: true, nothing: null, list: ["ok", "x\uD83D"] };
		const output = sanitizePayload(input);
		expect(output).toEqual({
			tools: [{ schema: { type: "object", properties: { k: { description: "d" } } } }],
			n: 1,
			flag: true,
			nothing: null,
			list: ["ok", "x"],
		});
		expect(Object.keys(schema.properties)).toEqual(["k\uD800"]);
		expect(input.list[1]).toBe("x\uD83D");
	});

	it("returns the same objects when nothing needs cleaning", () => {
		const input = { a: [{ b: "😀" }], c: "text" };
		expect(sanitizePayload(input)).toBe(input);
	});
});
