/**
 * JSON text for values pi does not control the shape of: tool results and custom messages of extensions may carry
 * a BigInt or a circular reference in their `details`, which `JSON.stringify` refuses with a TypeError. A line that
 * cannot be written would leave a session file with a dangling `parentId` or an RPC command without its response,
 * so such values are written in a readable stand-in instead: a BigInt as its decimal string, a reference back to an
 * enclosing object as "[Circular]".
 */

/** Stand-in for a reference back to an enclosing object or array. */
export const CIRCULAR_PLACEHOLDER = "[Circular]";

type Replacer = (key: string, value: unknown) => unknown;

/**
 * `JSON.stringify(value, replacer)`, except that BigInts and circular references are written as stand-ins
 * instead of throwing. The common case costs one plain `JSON.stringify`. Still throws when a `toJSON` or getter
 * throws.
 */
export function stringifyTotal(value: unknown, replacer?: Replacer): string {
	try {
		return JSON.stringify(value, replacer);
	} catch (error) {
		if (!(error instanceof TypeError)) throw error;
		return JSON.stringify(value, tolerantReplacer(replacer));
	}
}

/** A replacer that tracks the objects enclosing the current key (JSON.stringify walks depth first). */
function tolerantReplacer(inner: Replacer | undefined): (this: unknown, key: string, value: unknown) => unknown {
	const ancestors: unknown[] = [];
	return function (this: unknown, key: string, raw: unknown): unknown {
		const value = inner ? inner.call(this, key, raw) : raw;
		if (typeof value === "bigint") return value.toString();
		if (typeof value !== "object" || value === null) return value;
		// `this` is the object holding `key`: everything deeper than it on the stack is finished.
		while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
		if (ancestors.includes(value)) return CIRCULAR_PLACEHOLDER;
		ancestors.push(value);
		return value;
	};
}
