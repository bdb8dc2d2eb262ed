/**
 * The few typebox `Type` builders the tool schemas use, producing the very objects typebox's builders produce
 * (same keys, same key order, typebox's global `Kind`/`Optional` symbols, typebox's static types), without
 * importing typebox: its main entry is about 250 modules, which every `pi` start-up would pay for just to
 * describe seven tools. Validation still compiles these schemas with typebox, on the first tool call.
 */
import type {
	ArrayOptions,
	IntegerOptions,
	NumberOptions,
	ObjectOptions,
	SchemaOptions,
	StringOptions,
	TArray,
	TBoolean,
	TInteger,
	TNumber,
	TObject,
	TOptional,
	TProperties,
	TSchema,
	TString,
} from "@sinclair/typebox";

// typebox registers its symbols globally (Symbol.for), so these are the very keys its compiler reads.
const Kind = Symbol.for("TypeBox.Kind");
const OptionalKind = Symbol.for("TypeBox.Optional");

/** typebox's `CreateType` in its default instance mode: options first, then the schema's own keys. */
function create<T>(schema: object, options: object | undefined): T {
	return (options !== undefined ? { ...options, ...schema } : schema) as T;
}

/** Subset of typebox's `Type` (String, Number, Integer, Boolean, Array, Object, Optional) with identical output. */
export const Type = {
	String: (options?: StringOptions): TString => create({ [Kind]: "String", type: "string" }, options),
	Number: (options?: NumberOptions): TNumber => create({ [Kind]: "Number", type: "number" }, options),
	Integer: (options?: IntegerOptions): TInteger => create({ [Kind]: "Integer", type: "integer" }, options),
	Boolean: (options?: SchemaOptions): TBoolean => create({ [Kind]: "Boolean", type: "boolean" }, options),
	Array: <T extends TSchema>(items: T, options?: ArrayOptions): TArray<T> =>
		create({ [Kind]: "Array", type: "array", items }, options),
	Object: <T extends TProperties>(properties: T, options?: ObjectOptions): TObject<T> => {
		const required = Object.keys(properties).filter((key) => Reflect.get(properties[key], OptionalKind) !== "Optional");
		const schema =
			required.length > 0
				? { [Kind]: "Object", type: "object", required, properties }
				: { [Kind]: "Object", type: "object", properties };
		return create(schema, options);
	},
	Optional: <T extends TSchema>(schema: T): TOptional<T> => ({ ...schema, [OptionalKind]: "Optional" }) as TOptional<T>,
};
