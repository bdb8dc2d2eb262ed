/**
 * Cross-provider handoff (events.md §1.9): a transcript made on one API, with thinking and tool calls, is
 * replayed to each other API. The assertions look at the request bodies the mock server recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, completeSimple } from "../src/index.js";
import { type MockServer, startMockServer } from "../src/testing/index.js";
import type { AssistantMessage, Context, KnownApi, Model, ToolCall } from "../src/types.js";
import { IMAGE_OMITTED_TEXT } from "../src/utils/transform-messages.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "./helpers/scenarios.js";

const IMAGE_DATA = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const THINKING = "The user wants a listing; I will run ls and take a screenshot.";

/** What a request body says about tool calls, thinking and signatures, whatever the API. */
interface BodyFacts {
	callIds: string[];
	resultIds: string[];
	/** Text the assistant turns carry (where foreign thinking must reappear). */
	assistantText: string;
	/** Provider replay data found in the body that belongs to another model. */
	signatures: string[];
}

/** Tool-call id rules per target API; every api in ALL_APIS needs one. */
const ID_RULES: Partial<Record<KnownApi, RegExp>> = {
	"anthropic-messages": /^[A-Za-z0-9_-]{1,64}$/,
	"openai-completions": /^[A-Za-z0-9_-]{1,40}$/,
	"openai-responses": /^[A-Za-z0-9_-]{1,64}$/,
	"google-generative-ai": /^[A-Za-z0-9_-]{1,64}$/,
	"google-vertex": /^[A-Za-z0-9_-]{1,64}$/,
	"azure-openai-responses": /^[A-Za-z0-9_-]{1,64}$/,
	"openai-codex-responses": /^[A-Za-z0-9_-]{1,64}$/,
	"mistral-conversations": /^[A-Za-z0-9]{9}$/,
	"bedrock-converse-stream": /^[A-Za-z0-9_-]{1,64}$/,
};

function readBody(api: KnownApi, body: any): BodyFacts {
	const facts: BodyFacts = { callIds: [], resultIds: [], assistantText: "", signatures: [] };
	switch (api) {
		case "anthropic-messages":
			for (const message of body.messages) {
				if (typeof message.content === "string") continue;
				for (const block of message.content) {
					if (block.type === "tool_use") facts.callIds.push(block.id);
					if (block.type === "tool_result") facts.resultIds.push(block.tool_use_id);
					if (block.type === "thinking" || block.type === "redacted_thinking")
						facts.signatures.push(block.signature ?? block.data);
					if (message.role === "assistant" && block.type === "text") facts.assistantText += block.text;
				}
			}
			break;
		case "openai-completions":
			for (const message of body.messages) {
				if (message.role === "assistant") {
					for (const call of message.tool_calls ?? []) facts.callIds.push(call.id);
					facts.assistantText += message.content ?? "";
					for (const field of ["reasoning_content", "reasoning", "reasoning_text"]) {
						if (message[field] !== undefined) facts.signatures.push(field);
					}
				}
				if (message.role === "tool") facts.resultIds.push(message.tool_call_id);
			}
			break;
		case "azure-openai-responses":
		case "openai-responses":
		case "openai-codex-responses":
			for (const item of body.input) {
				if (item.type === "function_call") {
					facts.callIds.push(item.call_id);
					if (item.id !== undefined) facts.signatures.push(item.id);
				}
				if (item.type === "function_call_output") facts.resultIds.push(item.call_id);
				if (item.type === "reasoning") facts.signatures.push(item.encrypted_content);
				if (item.role === "assistant") {
					facts.assistantText +=
						typeof item.content === "string" ? item.content : item.content.map((part: any) => part.text).join("");
				}
			}
			break;
		case "google-generative-ai":
		case "google-vertex":
			for (const content of body.contents) {
				for (const part of content.parts) {
					if (part.functionCall) facts.callIds.push(part.functionCall.id);
					if (part.functionResponse) facts.resultIds.push(part.functionResponse.id);
					if (part.thoughtSignature) facts.signatures.push(part.thoughtSignature);
					if (part.thought) facts.signatures.push("thought part");
					if (content.role === "model" && typeof part.text === "string") facts.assistantText += part.text;
				}
			}
			break;
		case "mistral-conversations":
			for (const message of body.messages) {
				if (message.role === "assistant") {
					for (const call of message.tool_calls ?? []) facts.callIds.push(call.id);
					const chunks =
						typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content;
					for (const chunk of chunks ?? []) {
						if (chunk.type === "text") facts.assistantText += chunk.text;
						if (chunk.type === "thinking") facts.signatures.push(chunk.signature ?? "thinking chunk");
					}
				}
				if (message.role === "tool") facts.resultIds.push(message.tool_call_id);
			}
			break;
		case "bedrock-converse-stream":
			for (const message of body.messages) {
				for (const block of message.content) {
					if (block.toolUse) facts.callIds.push(block.toolUse.toolUseId);
					if (block.toolResult) facts.resultIds.push(block.toolResult.toolUseId);
					const reasoning = block.reasoningContent;
					if (reasoning)
						facts.signatures.push(reasoning.reasoningText?.signature ?? reasoning.redactedContent ?? "reasoning");
					if (message.role === "assistant" && typeof block.text === "string") facts.assistantText += block.text;
				}
			}
			break;
	}
	return facts;
}

let server: MockServer;
/** The source transcript per API: user, assistant (thinking, text, two tool calls), two tool results, user. */
const transcripts = new Map<KnownApi, Context>();

beforeAll(async () => {
	server = await startMockServer();
	for (const api of ALL_APIS) {
		server.enqueue({
			thinking: THINKING,
			thinkingSignature: `signature-of-${api}`,
			text: "Let me look.",
			toolCalls: [
				{ name: "bash", arguments: { command: "ls" } },
				{ name: "screenshot", arguments: {} },
			],
		});
		const assistant = await completeSimple(mockModel(api, server), USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		if (assistant.stopReason !== "toolUse") throw new Error(`${api} source turn failed: ${assistant.errorMessage}`);
		transcripts.set(api, buildTranscript(assistant));
	}
});
afterAll(() => server.close());

function buildTranscript(assistant: AssistantMessage): Context {
	const [ls, shot] = assistant.content.filter((block): block is ToolCall => block.type === "toolCall");
	return {
		systemPrompt: USER_CONTEXT.systemPrompt,
		tools: USER_CONTEXT.tools,
		messages: [
			...USER_CONTEXT.messages,
			assistant,
			{
				role: "toolResult",
				toolCallId: ls!.id,
				toolName: "bash",
				content: [{ type: "text", text: "a.txt\nb.txt" }],
				isError: false,
				timestamp: 3,
			},
			{
				role: "toolResult",
				toolCallId: shot!.id,
				toolName: "screenshot",
				content: [
					{ type: "text", text: "screen captured" },
					{ type: "image", data: IMAGE_DATA, mimeType: "image/png" },
				],
				isError: false,
				timestamp: 4,
			},
			{ role: "user", content: "What do you see?", timestamp: 5 },
		],
	};
}

async function replay(target: Model, context: Context): Promise<any> {
	server.reset();
	server.enqueue({ text: "I see two files." });
	const message = await complete(target, context, { apiKey: "k" });
	expect(message.errorMessage).toBeUndefined();
	expect(server.requests).toHaveLength(1);
	return server.requests[0]!.body;
}

describe("cross-provider handoff", () => {
	for (const source of ALL_APIS) {
		for (const target of ALL_APIS) {
			if (source === target) continue;
			it(`${source} -> ${target}`, async () => {
				const textOnly = mockModel(target, server, { input: ["text"] });
				const body = await replay(textOnly, transcripts.get(source)!);
				const facts = readBody(target, body);

				// Every tool call answered, with the same ids on both sides, in the target's id format.
				expect(facts.callIds).toHaveLength(2);
				expect([...facts.resultIds].sort()).toEqual([...facts.callIds].sort());
				for (const id of facts.callIds) expect(id).toMatch(ID_RULES[target] ?? /(?!)/);

				// No replay data of another model; its thinking survives as plain text.
				expect(facts.signatures).toEqual([]);
				expect(JSON.stringify(body)).not.toContain(`signature-of-${source}`);
				expect(facts.assistantText).toContain(THINKING);
				expect(facts.assistantText).toContain("Let me look.");

				// A text-only model gets the placeholder instead of the image.
				const raw = JSON.stringify(body);
				expect(raw).not.toContain(IMAGE_DATA);
				expect(raw).toContain(IMAGE_OMITTED_TEXT);
			});
		}
	}

	it.each(ALL_APIS)("an image-capable %s target receives tool-result images", async (target) => {
		const source = target === "anthropic-messages" ? "openai-responses" : "anthropic-messages";
		const body = await replay(mockModel(target, server), transcripts.get(source)!);
		const raw = JSON.stringify(body);
		expect(raw).toContain(IMAGE_DATA);
		expect(raw).not.toContain(IMAGE_OMITTED_TEXT);
	});
});
