import { describe, expect, it } from "vitest";
import { CIRCULAR_PLACEHOLDER, stringifyTotal } from "../../src/core/total-json.js";

describe("stringifyTotal", () => {
	it("is JSON.stringify for plain data, replacer included", () => {
		const value = { a: [1, "two", null, { b: true }], s: "x" };
		expect(stringifyTotal(value)).toBe(JSON.stringify(value));
		const upper = (_key: string, v: unknown) => (typeof v === "string" ? v.toUpperCase() : v);
		expect(stringifyTotal(value, upper)).toBe(JSON.stringify(value, upper));
	});

	it("writes BigInts as decimal strings and back references as a placeholder, keeping shared ones", () => {
		const shared = { n: 1 };
		const loop: Record<string, unknown> = { name: "loop", shared };
		loop.self = loop;
		loop.list = [shared, { back: loop }];
		const text = stringifyTotal({ big: 12345678901234567890n, loop, again: shared });
		expect(JSON.parse(text)).toEqual({
			big: "12345678901234567890",
			loop: {
				name: "loop",
				shared: { n: 1 },
				self: CIRCULAR_PLACEHOLDER,
				list: [{ n: 1 }, { back: CIRCULAR_PLACEHOLDER }],
			},
			again: { n: 1 },
		});
	});

	it("applies the caller's replacer on the tolerant path too", () => {
		const text = stringifyTotal({ secret: "key-123", n: 5n }, (_key, v) => (v === "key-123" ? "[REDACTED]" : v));
		expect(JSON.parse(text)).toEqual({ secret: "[REDACTED]", n: "5" });
	});

	it("still throws what a toJSON throws", () => {
		const bad = {
			toJSON() {
				throw new Error("no");
			},
		};
		expect(() => stringifyTotal({ bad })).toThrow("no");
	});
});
