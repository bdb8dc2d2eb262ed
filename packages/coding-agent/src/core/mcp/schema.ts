/**
 * MCP tool input schemas as tool parameters. A server's schema is plain JSON Schema; pi's tool-call validation
 * (@pi/ai validateToolArguments, the same checks and messages as for built-in tools) runs TypeBox's checker, which
 * needs every node tagged with a TypeBox kind. So each node is copied with its kind added under TypeBox's symbol
 * key: providers serialise the schema with JSON.stringify, which skips symbols and non-enumerable keys, so the model
 * sees the server's schema unchanged while pi validates what TypeBox can express. Keywords TypeBox cannot check
 * (`$ref`, `allOf`, `not`, unknown formats, tuples, ...) make their node accept anything: the server still checks.
 */
import type { TSchema } from "@sinclair/typebox";
import { isPlainObject } from "../config/json-path.js";
import { mcpTexts } from "./texts.js";

type Node = Record<string | symbol, unknown>;

/**
 * TypeBox's kind key. It is a registered symbol (`Symbol.for`), so this is the very key TypeBox reads; importing it
 * from "@sinclair/typebox" would load the whole library when a session with MCP servers starts.
 */
const Kind = Symbol.for("TypeBox.Kind");

/** Deeper schemas are not checked below this depth (nothing real nests that far; it bounds the work). */
const MAX_DEPTH = 48;

/** Keywords whose meaning TypeBox cannot check here: their node accepts any value. */
const UNCHECKED = ["$ref", "allOf", "not", "if", "patternProperties", "dependentSchemas", "prefixItems"];

function withKind(node: Record<string, unknown>, kind: string): Node {
	const copy: Node = { ...node };
	copy[Kind] = kind;
	return copy;
}

/** Adds a key only the checker sees (JSON.stringify and spreads skip non-enumerable keys). */
function hide(node: Node, key: string, value: unknown): Node {
	Object.defineProperty(node, key, { value, enumerable: false, writable: true, configurable: true });
	return node;
}

const anything = (node: Record<string, unknown> = {}) => withKind(node, "Unknown");

function literal(value: unknown): Node {
	if (value === null) return { [Kind]: "Null", type: "null" };
	if (["string", "number", "boolean"].includes(typeof value)) return { [Kind]: "Literal", const: value };
	return anything();
}

/** A checker-only union over `variants`, keeping the node's own keys for the wire. */
function hiddenUnion(node: Record<string, unknown>, variants: Node[]): Node {
	if ("anyOf" in node) return anything(node);
	return hide(withKind(node, "Union"), "anyOf", variants);
}

function validPattern(pattern: unknown): boolean {
	if (pattern === undefined) return true;
	if (typeof pattern !== "string") return false;
	try {
		new RegExp(pattern);
		return true;
	} catch {
		return false;
	}
}

function annotateString(node: Record<string, unknown>): Node {
	if (node.format === undefined && validPattern(node.pattern)) return withKind(node, "String");
	// TypeBox rejects strings of a format it has no checker for: check the rest and leave the format to the server.
	const plain: Node = { [Kind]: "String", type: "string" };
	for (const key of ["minLength", "maxLength"]) if (typeof node[key] === "number") plain[key] = node[key];
	if (node.pattern !== undefined && validPattern(node.pattern)) plain.pattern = node.pattern;
	return hiddenUnion(node, [plain]);
}

function annotateObject(node: Record<string, unknown>, depth: number): Node {
	const { properties, required, additionalProperties } = node;
	if (properties !== undefined && !isPlainObject(properties)) return anything(node);
	if (required !== undefined && !(Array.isArray(required) && required.every((key) => typeof key === "string"))) {
		return anything(node);
	}
	const copy = withKind(node, "Object");
	if (properties === undefined) hide(copy, "properties", {});
	else
		copy.properties = Object.fromEntries(
			Object.entries(properties).map(([key, value]) => [key, annotate(value, depth + 1)]),
		);
	if (isPlainObject(additionalProperties)) copy.additionalProperties = annotate(additionalProperties, depth + 1);
	else if (additionalProperties !== undefined && typeof additionalProperties !== "boolean") return anything(node);
	return copy;
}

function annotateArray(node: Record<string, unknown>, depth: number): Node {
	const { items, contains } = node;
	if (items !== undefined && !isPlainObject(items)) return anything(node);
	if (contains !== undefined && !isPlainObject(contains)) return anything(node);
	const copy = withKind(node, "Array");
	if (items === undefined) hide(copy, "items", anything());
	else copy.items = annotate(items, depth + 1);
	if (contains !== undefined) copy.contains = annotate(contains, depth + 1);
	return copy;
}

function annotateType(node: Record<string, unknown>, type: unknown, depth: number): Node {
	switch (type) {
		case "object":
			return annotateObject(node, depth);
		case "array":
			return annotateArray(node, depth);
		case "string":
			return annotateString(node);
		case "number":
			return withKind(node, "Number");
		case "integer":
			return withKind(node, "Integer");
		case "boolean":
			return withKind(node, "Boolean");
		case "null":
			return withKind(node, "Null");
		case undefined:
			return "properties" in node ? annotateObject(node, depth) : anything(node);
		default:
			return anything(node);
	}
}

/** Copies one JSON Schema node with TypeBox kinds added (see the module comment). */
function annotate(schema: unknown, depth: number): Node {
	// `true` and odd values mean "anything"; `{}` says the same on the wire.
	if (!isPlainObject(schema)) return anything();
	if (depth > MAX_DEPTH || UNCHECKED.some((key) => key in schema)) return anything(schema);
	if (Array.isArray(schema.enum)) return hiddenUnion(schema, schema.enum.map(literal));
	if ("const" in schema) {
		return withKind(schema, literal(schema.const)[Kind] as string);
	}
	if (Array.isArray(schema.anyOf)) {
		const copy = withKind(schema, "Union");
		copy.anyOf = schema.anyOf.map((variant) => annotate(variant, depth + 1));
		return copy;
	}
	if (Array.isArray(schema.oneOf)) {
		// Checked as anyOf: "exactly one" only matters to the server, and a value matching two variants is rare.
		const variants = schema.oneOf.map((variant) => annotate(variant, depth + 1));
		const copy = hiddenUnion(schema, variants);
		if (copy[Kind] === "Union") copy.oneOf = variants;
		return copy;
	}
	if (Array.isArray(schema.type)) {
		const variants = schema.type.map((type) => annotateType({ ...schema, type }, type, depth));
		return hiddenUnion(schema, variants);
	}
	return annotateType(schema, schema.type, depth);
}

/** The outcome of {@link toToolParameters}. */
export type ToolParametersResult = { ok: true; parameters: TSchema } | { ok: false; reason: string };

/**
 * Turns an MCP tool's `inputSchema` into tool parameters. A schema providers would reject (not an object schema,
 * not serialisable) is refused with a reason, and the caller skips the tool.
 */
export function toToolParameters(inputSchema: unknown): ToolParametersResult {
	if (!isPlainObject(inputSchema) || inputSchema.type !== "object") {
		return { ok: false, reason: mcpTexts.schemaNotObject };
	}
	if (inputSchema.properties !== undefined && !isPlainObject(inputSchema.properties)) {
		return { ok: false, reason: mcpTexts.schemaNotObject };
	}
	try {
		JSON.stringify(inputSchema);
	} catch {
		return { ok: false, reason: mcpTexts.schemaNotJson };
	}
	return { ok: true, parameters: annotate(inputSchema, 0) as unknown as TSchema };
}
