/**
 * From an extension's `ToolDefinition` to the agent's `AgentTool`: the definition's `execute` gets the extension
 * context as its fifth argument, and what the system prompt needs (snippet, guidelines) travels with the tool.
 */
import type { AgentTool } from "@pi/agent-core";
import type { ExtensionContext, ToolDefinition } from "./api-types.js";
import { extensionTexts } from "./texts.js";

/** An agent tool that remembers what the system prompt shows of it. */
export type PromptedTool = AgentTool<any, any> & {
	/** The tool's line in the system prompt's tool list; absent: the tool is not listed there. */
	promptSnippet?: string;
	/** Lines added to the system prompt's guidelines while the tool is active. */
	promptGuidelines?: readonly string[];
};

/** Throws the registration error for anything that is not a usable tool definition. */
export function assertToolDefinition(tool: unknown): asserts tool is ToolDefinition<any, any> {
	const candidate = tool as Partial<ToolDefinition> | undefined;
	const valid =
		typeof candidate?.name === "string" &&
		candidate.name.length > 0 &&
		typeof candidate.description === "string" &&
		typeof candidate.parameters === "object" &&
		candidate.parameters !== null &&
		typeof candidate.execute === "function";
	if (!valid) throw new TypeError(extensionTexts.invalidTool);
}

/** A snippet is one line: the first non-empty line of what the extension gave, trimmed. */
function oneLine(text: string | undefined): string | undefined {
	const line = text
		?.split("\n")
		.map((part) => part.trim())
		.find(Boolean);
	return line || undefined;
}

/** Wraps `definition` for the agent; `context` is read at each call so the tool sees the current session. */
export function toAgentTool(definition: ToolDefinition<any, any>, context: () => ExtensionContext): PromptedTool {
	const guidelines = definition.promptGuidelines ?? definition.guidelines;
	const prepare = definition.prepareArguments;
	return {
		name: definition.name,
		label: definition.label ?? definition.name,
		description: definition.description,
		parameters: definition.parameters,
		...(prepare ? { prepareArguments: (raw: Record<string, unknown>) => prepare(raw) as Record<string, unknown> } : {}),
		...(definition.executionMode ? { executionMode: definition.executionMode } : {}),
		...(oneLine(definition.promptSnippet) ? { promptSnippet: oneLine(definition.promptSnippet) } : {}),
		...(guidelines && guidelines.length > 0 ? { promptGuidelines: [...guidelines] } : {}),
		execute: (toolCallId, params, signal, onUpdate) =>
			definition.execute(toolCallId, params, signal, onUpdate, context()),
	};
}
