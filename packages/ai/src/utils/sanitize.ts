/**
 * Removes unpaired UTF-16 surrogates, which most provider APIs reject as invalid JSON/UTF-8, while keeping valid
 * surrogate pairs (emoji) intact.
 */
export function sanitizeSurrogates(text: string): string {
	// Fast path: no surrogate code units at all.
	if (!/[\uD800-\uDFFF]/.test(text)) return text;
	return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}

const LONE_SURROGATE_TEST = /[\uD800-\uDFFF]/;

/**
 * A request body with {@link sanitizeSurrogates} applied to every string in it (keys included), so no adapter
 * can miss a field (tool-call arguments, schema descriptions, ...). Copy-on-write: objects and arrays without a
 * change are returned as they are, and the caller's objects (tool schemas, arguments) are never modified.
 */
export function sanitizePayload<T>(value: T): T {
	if (typeof value === "string") return (LONE_SURROGATE_TEST.test(value) ? sanitizeSurrogates(value) : value) as T;
	if (Array.isArray(value)) {
		let copy: unknown[] | undefined;
		for (let i = 0; i < value.length; i++) {
			const item = sanitizePayload(value[i]);
			if (item !== value[i]) {
				copy ??= value.slice();
				copy[i] = item;
			}
		}
		return (copy ?? value) as T;
	}
	if (value === null || typeof value !== "object" || !isPlainObject(value)) return value;
	let copy: Record<string, unknown> | undefined;
	for (const [key, item] of Object.entries(value)) {
		const cleanKey = sanitizePayload(key);
		const cleanItem = sanitizePayload(item);
		if (cleanKey !== key || cleanItem !== item) {
			copy ??= { ...value };
			if (cleanKey !== key) delete copy[key];
			copy[cleanKey] = cleanItem;
		}
	}
	return (copy ?? value) as T;
}

/** Only JSON-like objects are walked: class instances (signals, buffers) are passed through untouched. */
function isPlainObject(value: object): value is Record<string, unknown> {
	const proto = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}
