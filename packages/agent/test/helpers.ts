/** Shared test kit: faux provider setup, sample tools and a compact event log. */
import type { FauxProvider } from "@pi/ai/testing";
import { createFauxProvider } from "@pi/ai/testing";
import { Type } from "@sinclair/typebox";
import { afterEach } from "vitest";
import type { AgentEvent, AgentMessage, AgentTool } from "../src/index.js";

const providers: FauxProvider[] = [];
afterEach(() => {
	for (const provider of providers.splice(0)) provider.dispose();
});

/** A faux provider disposed after the current test. */
export function useFaux(options: Parameters<typeof createFauxProvider>[0] = {}): FauxProvider {
	const faux = createFauxProvider(options);
	providers.push(faux);
	return faux;
}

/** A short label per event; runs of message_update / tool_execution_update collapse into one "…" entry. */
export function labelEvents(events: AgentEvent[]): string[] {
	const labels: string[] = [];
	for (const event of events) {
		const label = labelEvent(event);
		if (label.endsWith("…") && labels.at(-1) === label) continue;
		labels.push(label);
	}
	return labels;
}

export function labelEvent(event: AgentEvent): string {
	switch (event.type) {
		case "message_start":
			// The partial's stopReason is not final yet.
			if (event.message.role === "assistant") return "message_start assistant";
			return `message_start ${describeMessage(event.message)}`;
		case "message_end":
			return `message_end ${describeMessage(event.message)}`;
		case "message_update":
			return "message_update…";
		case "tool_execution_start":
		case "tool_execution_end":
			return `${event.type} ${event.toolCallId}`;
		case "tool_execution_update":
			return `tool_execution_update ${event.toolCallId}…`;
		case "turn_end":
			return `turn_end ${event.message.stopReason} [${event.toolResults.map((r) => r.toolCallId).join(",")}]`;
		default:
			return event.type;
	}
}

export function describeMessage(message: AgentMessage): string {
	switch (message.role) {
		case "assistant":
			return `assistant(${message.stopReason})`;
		case "toolResult":
			return `toolResult ${message.toolCallId}${message.isError ? " error" : ""}`;
		case "user":
			return `user ${textOf(message)}`;
		default:
			return (message as { role: string }).role;
	}
}

/** The text of a user / toolResult / assistant message. */
export function textOf(message: AgentMessage): string {
	if (!("content" in message)) return "";
	const content = message.content;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content.map((block) => ("text" in block ? block.text : "")).join("");
}

/** A promise with its resolve function exposed. */
export function deferred<T = void>() {
	let resolve!: (value: T) => void;
	const promise = new Promise<T>((r) => {
		resolve = r;
	});
	return { promise, resolve };
}

export const echoParameters = Type.Object({ text: Type.String() });

/** A tool returning its text argument, optionally waiting for `gate` first. */
export function echoTool(
	name = "echo",
	options: { gate?: Promise<unknown>; onRun?: () => void; executionMode?: "parallel" | "sequential" } = {},
): AgentTool<typeof echoParameters> {
	return {
		name,
		label: name,
		description: "Echoes its text",
		parameters: echoParameters,
		executionMode: options.executionMode,
		async execute(_id, params) {
			options.onRun?.();
			await options.gate;
			return { content: [{ type: "text", text: `echo: ${params.text}` }], details: { length: params.text.length } };
		},
	};
}

/** Collects events from an Agent or a sink. */
export function eventLog() {
	const events: AgentEvent[] = [];
	return { events, sink: (event: AgentEvent) => void events.push(event), labels: () => labelEvents(events) };
}
