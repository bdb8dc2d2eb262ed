/**
 * MCP input schemas as tool parameters: the model gets the server's schema unchanged, pi validates (and coerces)
 * arguments with the built-in tools' validator, keywords it cannot check are left to the server, and schemas
 * providers would reject are refused.
 */
import { validateToolArguments } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { toToolParameters } from "../../../src/core/mcp/schema.js";
import { mcpTexts } from "../../../src/core/mcp/texts.js";

const SCHEMA = {
	type: "object",
	properties: {
		count: { type: "integer", minimum: 1, description: "How many" },
		url: { type: "string", format: "uri" },
		mode: { enum: ["fast", "slow"] },
		label: { type: ["string", "null"] },
		tags: { type: "array", items: { type: "string" } },
		nested: { type: "object", properties: { flag: { type: "boolean" } }, required: ["flag"] },
		linked: { $ref: "#/$defs/thing" },
	},
	required: ["count"],
	additionalProperties: false,
	$defs: { thing: { type: "string" } },
};

function tool() {
	const result = toToolParameters(structuredClone(SCHEMA));
	if (!result.ok) throw new Error(result.reason);
	return { name: "mcp__s__t", parameters: result.parameters };
}

describe("toToolParameters", () => {
	it("serialises to exactly the server's schema", () => {
		expect(JSON.parse(JSON.stringify(tool().parameters))).toEqual(SCHEMA);
		expect({ ...tool().parameters }).not.toHaveProperty("anyOf");
	});

	it("accepts valid arguments and coerces scalars like for built-in tools", () => {
		const args = { count: "3", url: "https://x.test", mode: "slow", label: null, tags: ["a"], nested: { flag: true } };
		expect(validateToolArguments(tool(), args)).toEqual({ ok: true, value: { ...args, count: 3 } });
		// Formats and $ref are the server's to check.
		expect(validateToolArguments(tool(), { count: 1, url: "not a uri", linked: 42 }).ok).toBe(true);
	});

	it("reports each bad path with the built-in tools' message", () => {
		const result = validateToolArguments(tool(), { count: 0, mode: "medium", nested: {}, extra: 1 });
		expect(result.ok).toBe(false);
		const message = (result as { message: string }).message;
		expect(message).toContain('Invalid arguments for tool "mcp__s__t":');
		expect(message).toContain("  - count: Expected integer to be greater or equal to 1");
		expect(message).toContain("  - mode: Expected union value");
		expect(message).toContain("  - nested.flag: Expected required property");
		expect(message).toContain("  - extra: Unexpected property");
	});

	it("refuses what providers would reject", () => {
		expect(toToolParameters({ type: "array" })).toEqual({ ok: false, reason: mcpTexts.schemaNotObject });
		expect(toToolParameters(undefined)).toEqual({ ok: false, reason: mcpTexts.schemaNotObject });
		expect(toToolParameters({ type: "object", properties: [] })).toEqual({
			ok: false,
			reason: mcpTexts.schemaNotObject,
		});
	});

	it("an object schema without properties accepts any object", () => {
		const result = toToolParameters({ type: "object" });
		expect(result.ok && JSON.stringify(result.parameters)).toBe('{"type":"object"}');
		if (result.ok)
			expect(validateToolArguments({ name: "t", parameters: result.parameters }, { any: 1 }).ok).toBe(true);
	});
});
