/**
 * MCP tools as ordinary AgentTools named `mcp__<server>__<tool>`: the agent loop validates their arguments,
 * extensions see them in `tool_call`/`tool_result`, and the session records them like built-in tools. Results map to
 * text and image content; an `isError` result becomes a thrown error (the loop's error result), progress
 * notifications become tool updates, and an abort cancels the request on the server.
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { AgentTool, AgentToolResult } from "@pi/agent-core";
import type { ImageContent, TextContent } from "@pi/ai";
import type { McpServerConfig } from "./config.js";
import { type ListedTool, MCP_ERROR_CODES, type McpConnection } from "./connection.js";
import { mcpToolName } from "./names.js";
import { toToolParameters } from "./schema.js";
import { mcpTexts } from "./texts.js";

/** Providers accept tool names of at most this many characters from `[A-Za-z0-9_-]`. */
const MAX_TOOL_NAME = 64;

/** What an MCP tool's result and updates carry for UIs and extensions. */
export interface McpToolDetails {
	server: string;
	tool: string;
	/** The server's `structuredContent`, when it sent one. */
	structuredContent?: unknown;
	/** Set on progress updates. */
	progress?: { progress: number; total?: number; message?: string };
}

function matchesPattern(name: string, pattern: string): boolean {
	if (!pattern.includes("*")) return name === pattern;
	const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
	return new RegExp(`^${escaped}$`).test(name);
}

/** Whether `includeTools`/`excludeTools` let a tool (by its name on the server) through. */
export function isToolAllowed(config: McpServerConfig, name: string): boolean {
	if (config.includeTools && !config.includeTools.some((pattern) => matchesPattern(name, pattern))) return false;
	return !config.excludeTools?.some((pattern) => matchesPattern(name, pattern));
}

/** Maps an MCP result's content blocks to what a tool result can hold. */
export function mapContent(result: CallToolResult): (TextContent | ImageContent)[] {
	const content: (TextContent | ImageContent)[] = [];
	for (const block of result.content ?? []) {
		switch (block.type) {
			case "text":
				content.push({ type: "text", text: block.text });
				break;
			case "image":
				content.push({ type: "image", data: block.data, mimeType: block.mimeType });
				break;
			case "audio":
				content.push({ type: "text", text: mcpTexts.audioOmitted(block.mimeType) });
				break;
			case "resource_link":
				content.push({ type: "text", text: mcpTexts.resourceLink(block.uri, block.name) });
				break;
			case "resource": {
				const { resource } = block;
				if ("text" in resource && typeof resource.text === "string") {
					content.push({ type: "text", text: resource.text });
				} else if (
					typeof resource.mimeType === "string" &&
					resource.mimeType.startsWith("image/") &&
					"blob" in resource
				) {
					content.push({ type: "image", data: String(resource.blob), mimeType: resource.mimeType });
				} else {
					content.push({ type: "text", text: mcpTexts.binaryResource(resource.uri, resource.mimeType) });
				}
				break;
			}
		}
	}
	// Structured output without content blocks (allowed since 2025-06-18) still has to reach the model.
	if (content.length === 0 && result.structuredContent !== undefined) {
		content.push({ type: "text", text: JSON.stringify(result.structuredContent, null, 2) });
	}
	return content;
}

/**
 * The most result text one call may add to the context, as for bash output (50 KB); longer text is cut at the end
 * with a notice, so one oversized answer cannot fill the context window.
 */
export const MCP_MAX_TEXT_BYTES = 51_200;

/** Cuts the text blocks of a result to {@link MCP_MAX_TEXT_BYTES} in total (images are left alone). */
export function limitText(content: (TextContent | ImageContent)[]): (TextContent | ImageContent)[] {
	const total = content.reduce((sum, block) => sum + (block.type === "text" ? Buffer.byteLength(block.text) : 0), 0);
	if (total <= MCP_MAX_TEXT_BYTES) return content;
	let budget = MCP_MAX_TEXT_BYTES;
	const limited: (TextContent | ImageContent)[] = [];
	for (const block of content) {
		if (block.type !== "text") {
			limited.push(block);
			continue;
		}
		if (budget <= 0) continue;
		const bytes = Buffer.from(block.text);
		// Cut on a character boundary: decoding a cut multi-byte sequence would leave a replacement character.
		const text =
			bytes.length <= budget
				? block.text
				: bytes
						.subarray(0, budget)
						.toString("utf8")
						.replace(/\uFFFD$/, "");
		budget -= Buffer.byteLength(text);
		limited.push({ type: "text", text });
	}
	limited.push({ type: "text", text: mcpTexts.truncated(MCP_MAX_TEXT_BYTES - budget, total) });
	return limited;
}

/** An error written for the model, carrying the tool's details like any thrown tool error. */
function toolError(message: string, details: McpToolDetails): Error {
	return Object.assign(new Error(message), { details });
}

function progressText(progress: { progress: number; total?: number; message?: string }): string {
	const amount = progress.total !== undefined ? `${progress.progress}/${progress.total}` : `${progress.progress}`;
	return progress.message ? `${progress.message} (${amount})` : `Progress: ${amount}`;
}

/** What a tool needs from its server at call time (the connection may be replaced by a reconnect). */
export interface McpToolHost {
	config: McpServerConfig;
	/** The live connection, or undefined when the server is not connected. */
	connection(): McpConnection | undefined;
}

/** One MCP tool as an AgentTool; a refusal reason when its schema or name cannot be offered to a provider. */
export function createMcpTool(
	host: McpToolHost,
	tool: ListedTool,
): { ok: true; tool: AgentTool<any, McpToolDetails> } | { ok: false; reason: string } {
	const server = host.config.name;
	const name = mcpToolName(server, tool.name);
	if (name.length > MAX_TOOL_NAME) return { ok: false, reason: mcpTexts.nameTooLong(name, MAX_TOOL_NAME) };
	const parameters = toToolParameters(tool.inputSchema);
	if (!parameters.ok) return { ok: false, reason: parameters.reason };
	const details: McpToolDetails = { server, tool: tool.name };
	const agentTool: AgentTool<any, McpToolDetails> = {
		name,
		label: tool.title ?? tool.annotations?.title ?? `${server}: ${tool.name}`,
		description: tool.description?.trim() || `${tool.name} (MCP server ${server})`,
		parameters: parameters.parameters,
		async execute(_toolCallId, params, signal, onUpdate): Promise<AgentToolResult<McpToolDetails>> {
			const connection = host.connection();
			if (!connection) throw toolError(mcpTexts.notConnected(server), details);
			const timeoutMs = host.config.toolTimeoutMs;
			let result: CallToolResult;
			try {
				result = await connection.callTool(tool.name, params as Record<string, unknown>, {
					signal,
					timeoutMs,
					onProgress: onUpdate
						? (progress) =>
								onUpdate({
									content: [{ type: "text", text: progressText(progress) }],
									details: { ...details, progress },
								})
						: undefined,
				});
			} catch (error) {
				if (signal?.aborted) throw toolError(mcpTexts.callCancelled, details);
				const code = (error as { code?: unknown }).code;
				if (code === MCP_ERROR_CODES.requestTimeout) {
					throw toolError(mcpTexts.callTimeout(server, tool.name, timeoutMs), details);
				}
				if (code === MCP_ERROR_CODES.connectionClosed) {
					throw toolError(mcpTexts.callLost(server, connection.lostReason), details);
				}
				throw toolError(mcpTexts.callFailed(server, tool.name, (error as Error).message), details);
			}
			const content = limitText(mapContent(result));
			const resultDetails: McpToolDetails =
				result.structuredContent !== undefined ? { ...details, structuredContent: result.structuredContent } : details;
			if (result.isError) {
				const text = content
					.filter((block): block is TextContent => block.type === "text")
					.map((block) => block.text)
					.join("\n");
				throw toolError(text || mcpTexts.emptyError, resultDetails);
			}
			return { content, details: resultDetails };
		},
	};
	return { ok: true, tool: agentTool };
}
