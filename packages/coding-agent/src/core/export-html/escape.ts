/**
 * Escaping for everything the export writes into HTML: text, attributes, inline JSON and image data URIs. Session
 * content is untrusted (model output, tool output, file contents), so nothing reaches the page unescaped.
 */

const HTML_ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#39;",
};

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/**
 * JSON for a `<script type="application/json">` block. `<`, `>` and `&` become `\u` escapes so no string can close
 * the script element (`</script>`) or open a comment (`<!--`) inside it; U+2028/U+2029 are escaped so the text also
 * stays valid if a reader pastes it into JavaScript.
 */
export function jsonForScript(value: unknown, replacer?: (key: string, value: unknown) => unknown): string {
	return JSON.stringify(value, replacer).replace(/[<>&\u2028\u2029]/g, (char) => {
		return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
	});
}

const IMAGE_MIME_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A `data:` URI for an image block, or `undefined` when the MIME type is not a raster image type or the data is not
 * base64 (an SVG or a crafted string could otherwise carry script or break out of the attribute).
 */
export function imageDataUri(mimeType: unknown, data: unknown): string | undefined {
	if (typeof mimeType !== "string" || typeof data !== "string") return undefined;
	const mime = mimeType.toLowerCase();
	if (!IMAGE_MIME_TYPES.has(mime)) return undefined;
	const compact = data.replace(/\s+/g, "");
	if (!BASE64.test(compact)) return undefined;
	return `data:${mime};base64,${compact}`;
}

/** Keeps link targets that cannot run script: http(s), mailto, in-page anchors and relative paths. */
export function safeHref(href: string): string | undefined {
	const trimmed = href.trim();
	if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
	if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return undefined;
	return trimmed;
}
