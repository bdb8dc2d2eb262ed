/**
 * Removes unpaired UTF-16 surrogates, which most provider APIs reject as invalid JSON/UTF-8, while keeping valid
 * surrogate pairs (emoji) intact.
 */
export function sanitizeSurrogates(text: string): string {
	// Fast path: no surrogate code units at all.
	if (!/[\uD800-\uDFFF]/.test(text)) return text;
	return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}
