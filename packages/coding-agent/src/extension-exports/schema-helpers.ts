/** Schema helpers extensions use for tool parameters. */
import { type TUnsafe, Type } from "@sinclair/typebox";

/**
 * A string enum as `{type: "string", enum: [...]}`: the form every provider accepts (Google's API rejects the
 * `anyOf` of literals that `Type.Union` produces).
 */
export function StringEnum<const T extends readonly string[]>(
	values: T,
	options?: { description?: string; default?: T[number] },
): TUnsafe<T[number]> {
	return Type.Unsafe<T[number]>({ type: "string", enum: [...values], ...options });
}
