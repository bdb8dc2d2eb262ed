import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { validateToolArguments } from "../../src/utils/validate.js";

const edit = {
	name: "edit",
	parameters: Type.Object({
		file_path: Type.String(),
		edits: Type.Array(Type.Object({ old_string: Type.String(), new_string: Type.String() })),
		limit: Type.Optional(Type.Number()),
		dry: Type.Optional(Type.Boolean()),
	}),
};

describe("validateToolArguments", () => {
	it("accepts valid arguments as they are", () => {
		const args = { file_path: "a.ts", edits: [{ old_string: "a", new_string: "b" }] };
		expect(validateToolArguments(edit, args)).toEqual({ ok: true, value: args });
	});

	it("coerces obvious scalar mismatches", () => {
		const result = validateToolArguments(edit, { file_path: "a.ts", edits: [], limit: "5", dry: "true" });
		expect(result).toEqual({ ok: true, value: { file_path: "a.ts", edits: [], limit: 5, dry: true } });
	});

	it("names each bad path and shows the received arguments", () => {
		const args = { edits: [{ old_string: { text: "a" }, new_string: "x" }], limit: "many" };
		const result = validateToolArguments(edit, args);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		const lines = result.message.split("\n");
		expect(lines[0]).toBe('Invalid arguments for tool "edit":');
		expect(lines).toContain("  - file_path: Expected required property");
		expect(lines.some((line) => line.startsWith("  - edits.0.old_string: Expected string"))).toBe(true);
		expect(lines.some((line) => line.startsWith("  - limit: Expected number"))).toBe(true);
		expect(result.message).toContain(`Received arguments:\n${JSON.stringify(args, null, 2)}`);
	});

	it("reports a non-object as root", () => {
		const result = validateToolArguments(edit, "just text");
		expect(result.ok).toBe(false);
		if (!result.ok) expect(result.message).toContain("  - root: ");
	});

	it("compiles each schema once and reuses it", () => {
		// Same schema object, many calls: results stay correct (the cache is keyed by schema identity).
		for (let i = 0; i < 3; i++) {
			expect(validateToolArguments(edit, { file_path: "x", edits: [] }).ok).toBe(true);
			expect(validateToolArguments(edit, { edits: [] }).ok).toBe(false);
		}
	});

	it("falls back to an object check for plain JSON schemas the compiler rejects", () => {
		const tool = { name: "t", parameters: { type: "object", properties: { a: { type: "string" } } } as any };
		expect(validateToolArguments(tool, { a: "x" }).ok).toBe(true);
	});
});
