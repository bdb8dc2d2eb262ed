// Reading session files the way the fault cases judge them: complete lines (ending in "\n") versus a torn tail,
// and checks of the requests pi sent (every tool call answered by a tool result).
import { existsSync, readFileSync } from "node:fs";

/** `{complete: string[], torn: string|undefined}` of a JSONL file (a missing file has no lines). */
export function fileLines(path) {
	if (!existsSync(path)) return { complete: [], torn: undefined };
	const text = readFileSync(path, "utf8");
	const parts = text.split("\n");
	const torn = parts.pop();
	return { complete: parts, torn: torn === "" ? undefined : torn };
}

/** Complete lines that do not parse as a JSON object. */
export function unparsableLines(lines) {
	return lines.filter((line) => {
		try {
			const value = JSON.parse(line);
			return typeof value !== "object" || value === null;
		} catch {
			return true;
		}
	});
}

/** How many of `before` (complete lines) are missing from `after` (complete lines), compared as exact text. */
export function missingLines(before, after) {
	const present = new Set(after);
	return before.filter((line) => !present.has(line)).length;
}

/**
 * Tool calls in a request body that no tool result answers, for every wire (Chat Completions `tool_calls` /
 * `tool`, Responses `function_call` / `function_call_output`, Anthropic `tool_use` / `tool_result`, Gemini
 * `functionCall` / `functionResponse`). A real provider rejects such a request, so each one would make every later
 * request of the session fail.
 */
export function orphanedToolCalls(body) {
	const calls = [];
	const answered = new Set();
	const seen = (value) => {
		if (Array.isArray(value)) {
			for (const item of value) seen(item);
			return;
		}
		if (!value || typeof value !== "object") return;
		if (Array.isArray(value.tool_calls)) for (const call of value.tool_calls) calls.push(call.id);
		if (value.role === "tool" && value.tool_call_id) answered.add(value.tool_call_id);
		if (value.type === "function_call") calls.push(value.call_id);
		if (value.type === "function_call_output") answered.add(value.call_id);
		if (value.type === "tool_use") calls.push(value.id);
		if (value.type === "tool_result") answered.add(value.tool_use_id);
		if (value.functionCall) calls.push(`gemini:${value.functionCall.name}:${calls.length}`);
		if (value.functionResponse) answered.add(`gemini:${value.functionResponse.name}:${answered.size}`);
		for (const child of Object.values(value)) if (typeof child === "object") seen(child);
	};
	seen(body?.messages ?? body?.input ?? body?.contents ?? []);
	// Gemini pairs calls and responses by order and name, not id: compare counts per name there.
	const gemini = calls.filter((id) => String(id).startsWith("gemini:"));
	if (gemini.length > 0) {
		const count = (list, name) => list.filter((id) => String(id).split(":")[1] === name).length;
		const names = new Set(gemini.map((id) => String(id).split(":")[1]));
		const responses = [...answered];
		return [...names].flatMap((name) =>
			count(gemini, name) > count(responses, name) ? [`${name} (${count(gemini, name) - count(responses, name)})`] : [],
		);
	}
	return calls.filter((id) => !answered.has(id));
}
