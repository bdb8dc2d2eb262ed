/**
 * Fuzzy matching for pickers: the query's characters must appear in order (case-insensitive); matches at word
 * starts and in consecutive runs score higher, so "gpt4" ranks "gpt-4o" above "grep-tool-4".
 */

/** Score of `query` against `text` (higher is better), or undefined when `text` does not contain it in order. */
export function fuzzyScore(query: string, text: string): number | undefined {
	const needle = query.toLowerCase().replace(/\s+/g, "");
	if (needle === "") return 0;
	const haystack = text.toLowerCase();
	let score = 0;
	let from = 0;
	let previous = -2;
	for (const ch of needle) {
		const at = haystack.indexOf(ch, from);
		if (at === -1) return undefined;
		score += 1;
		if (at === previous + 1) score += 3;
		if (at === 0 || /[\s\-_/.:@]/.test(haystack[at - 1]!)) score += 2;
		score -= Math.min(3, (at - from) * 0.1);
		previous = at;
		from = at + 1;
	}
	if (haystack.startsWith(needle)) score += 5;
	// Shorter candidates win ties: "read" should beat "readme-generator" for the query "read".
	return score - haystack.length * 0.01;
}

/** The items matching `query`, best first (stable for equal scores). An empty query keeps every item in order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
	if (query.trim() === "") return [...items];
	const scored: { item: T; score: number; index: number }[] = [];
	items.forEach((item, index) => {
		const score = fuzzyScore(query, textOf(item));
		if (score !== undefined) scored.push({ item, score, index });
	});
	scored.sort((a, b) => b.score - a.score || a.index - b.index);
	return scored.map((entry) => entry.item);
}
