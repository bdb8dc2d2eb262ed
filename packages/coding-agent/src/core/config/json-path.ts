/** Small helpers for plain JSON objects addressed by dotted key paths (`compaction.enabled`). */

/** A JSON object that is not an array or null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at a dotted key path, or undefined when any step is missing or not an object. */
export function getAtPath(root: unknown, path: string): unknown {
	let current: unknown = root;
	for (const key of path.split(".")) {
		if (!isPlainObject(current) || !Object.hasOwn(current, key)) return undefined;
		current = current[key];
	}
	return current;
}

/** Whether the key path exists (with any value, including null). */
export function hasPath(root: unknown, path: string): boolean {
	const keys = path.split(".");
	const last = keys.pop()!;
	const parent = keys.length === 0 ? root : getAtPath(root, keys.join("."));
	return isPlainObject(parent) && Object.hasOwn(parent, last);
}

/**
 * Sets (or with `undefined` deletes) the value at a key path in place. Existing keys keep their position;
 * missing or non-object intermediate values become objects.
 */
export function setAtPath(root: Record<string, unknown>, path: string, value: unknown): void {
	const keys = path.split(".");
	const last = keys.pop()!;
	let current = root;
	for (const key of keys) {
		if (!isPlainObject(current[key])) {
			if (value === undefined) return;
			current[key] = {};
		}
		current = current[key] as Record<string, unknown>;
	}
	if (value === undefined) delete current[last];
	else current[last] = value;
}

/**
 * Deep merge of settings layers (config.md §2.1): two plain objects merge key by key; any other value
 * (primitive, array, null) from `override` replaces the base. Inputs are not changed.
 */
export function deepMerge(base: unknown, override: unknown): unknown {
	if (!isPlainObject(base) || !isPlainObject(override)) return structuredClone(override);
	const result: Record<string, unknown> = structuredClone(base);
	for (const [key, value] of Object.entries(override)) {
		result[key] = Object.hasOwn(result, key) ? deepMerge(result[key], value) : structuredClone(value);
	}
	return result;
}
