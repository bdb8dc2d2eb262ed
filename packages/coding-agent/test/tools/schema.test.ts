import { Type as TypeBox } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { describe, expect, it } from "vitest";
import { Type } from "../../src/tools/schema.js";

/** Own keys including symbols, in order, recursively: what typebox and JSON.stringify both see. */
function shape(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(shape);
	if (value === null || typeof value !== "object") return value;
	return Reflect.ownKeys(value).map((key) => [String(key), shape((value as Record<PropertyKey, unknown>)[key])]);
}

describe("tool schema builders", () => {
	it("build the same objects as typebox's Type, key order and Kind/Optional symbols included", () => {
		const build = (T: typeof Type) =>
			T.Object(
				{
					path: T.String({ description: "a path" }),
					limit: T.Optional(T.Integer({ minimum: 1 })),
					ratio: T.Optional(T.Number({ description: "seconds" })),
					flag: T.Optional(T.Boolean({ description: "on" })),
					items: T.Array(T.Object({ a: T.String(), b: T.Optional(T.String()) }), { minItems: 1 }),
				},
				{ additionalProperties: false },
			);
		const ours = build(Type);
		const theirs = build(TypeBox as unknown as typeof Type);
		expect(shape(ours)).toEqual(shape(theirs));
		expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
		expect(shape(Type.Object({ only: Type.Optional(Type.String()) }))).toEqual(
			shape(TypeBox.Object({ only: TypeBox.Optional(TypeBox.String()) })),
		);
	});

	it("are accepted by typebox's compiler, optional properties included", () => {
		const check = TypeCompiler.Compile(
			Type.Object({ path: Type.String(), limit: Type.Optional(Type.Integer({ minimum: 1 })) }),
		);
		expect(check.Check({ path: "a" })).toBe(true);
		expect(check.Check({ path: "a", limit: 2 })).toBe(true);
		expect(check.Check({ path: "a", limit: 0 })).toBe(false);
		expect(check.Check({ limit: 2 })).toBe(false);
	});
});
