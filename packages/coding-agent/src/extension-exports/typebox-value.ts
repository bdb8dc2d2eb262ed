/**
 * What extensions get for `typebox/value`: TypeBox 0.34's value module (the TypeBox pi runs), plus the top-level
 * `Errors(schema, value)` of TypeBox 1.x, which extensions written for newer pi versions import (pi-mcp-adapter
 * does). 1.x returns an array of AJV-shaped errors; 0.34 has `Value.Errors`, an iterator of its own error shape, so
 * this adapts one to the other.
 */
import type { TSchema } from "@sinclair/typebox";
import { Value, type ValueError, ValueErrorType } from "@sinclair/typebox/value";

export * from "@sinclair/typebox/value";

/** An error as TypeBox 1.x's `Errors` reports it. */
export interface TypeBoxValidationError {
	keyword: string;
	schemaPath: string;
	instancePath: string;
	params: Record<string, unknown>;
	message: string;
}

/** TypeBox 0.34 error kinds whose JSON Schema keyword is not just the type name. */
const KEYWORDS: Partial<Record<ValueErrorType, string>> = {
	[ValueErrorType.ObjectRequiredProperty]: "required",
	[ValueErrorType.ObjectAdditionalProperties]: "additionalProperties",
	[ValueErrorType.StringMinLength]: "minLength",
	[ValueErrorType.StringMaxLength]: "maxLength",
	[ValueErrorType.StringPattern]: "pattern",
	[ValueErrorType.StringFormat]: "format",
	[ValueErrorType.NumberMinimum]: "minimum",
	[ValueErrorType.NumberMaximum]: "maximum",
	[ValueErrorType.ArrayMinItems]: "minItems",
	[ValueErrorType.ArrayMaxItems]: "maxItems",
	[ValueErrorType.Literal]: "const",
	[ValueErrorType.Union]: "anyOf",
};

function toValidationError(error: ValueError): TypeBoxValidationError {
	return {
		keyword: KEYWORDS[error.type] ?? "type",
		schemaPath: "#",
		instancePath: error.path,
		params: {},
		message: error.message,
	};
}

/** TypeBox 1.x's `Errors`: every way `value` fails `schema` (`Errors(context, schema, value)` is accepted too). */
export function Errors(...args: [TSchema, unknown] | [unknown, TSchema, unknown]): TypeBoxValidationError[] {
	const [schema, value] = args.length === 3 ? [args[1], args[2]] : args;
	return [...Value.Errors(schema, value)].map(toValidationError);
}
