/**
 * Executes the tool calls of one assistant message (events.md §2.4): preparation in source order, then
 * parallel or sequential execution, `tool_execution_*` events and `toolResult` messages.
 */
import { type AssistantMessage, type ToolCall, type ToolResultMessage, validateToolArguments } from "@pi/ai";
import type {
	AgentContext,
	AgentEvent,
	AgentLoopConfig,
	AgentTool,
	AgentToolResult,
	BeforeToolCallContext,
} from "./types.js";

/** Model-visible texts of tool failures. */
export const TOOL_ERROR_TEXTS = {
	unknownTool: (name: string, available: string[]) =>
		`Tool "${name}" is not available. Available tools: ${available.join(", ")}.`,
	blocked: (reason?: string) => (reason ? `Tool call blocked: ${reason}` : "Tool call blocked."),
} as const;

/** What the loop needs from its surroundings to run a batch. */
export interface ToolBatchEnvironment {
	assistantMessage: AssistantMessage;
	/** The live agent context (its messages include the assistant message). */
	context: AgentContext;
	config: Pick<AgentLoopConfig, "toolExecution" | "beforeToolCall" | "afterToolCall">;
	signal?: AbortSignal;
	/** Emits one event; awaited. */
	emit: (event: AgentEvent) => Promise<void>;
	/** Appends a tool result to the transcript and emits its message_start / message_end. */
	addMessage: (message: ToolResultMessage) => Promise<void>;
}

export interface ToolBatchResult {
	/** Tool results in source order. */
	toolResults: ToolResultMessage[];
	/** True when every call's result asked to terminate the run. */
	terminate: boolean;
}

interface Outcome {
	result: AgentToolResult;
	isError: boolean;
}

type Prepared =
	| { kind: "immediate"; toolCall: ToolCall; outcome: Outcome }
	| { kind: "ready"; toolCall: ToolCall; tool: AgentTool<any, any>; args: Record<string, unknown> };

/** Runs every tool call of the assistant message and returns the results in source order. */
export async function executeToolCalls(toolCalls: ToolCall[], env: ToolBatchEnvironment): Promise<ToolBatchResult> {
	const tools = env.context.tools ?? [];
	const sequential =
		env.config.toolExecution === "sequential" ||
		toolCalls.some((call) => tools.find((tool) => tool.name === call.name)?.executionMode === "sequential");
	const outcomes = sequential ? await runSequential(toolCalls, env) : await runParallel(toolCalls, env);
	return {
		toolResults: outcomes.map(([call, outcome]) => toToolResultMessage(call, outcome)),
		terminate: outcomes.length > 0 && outcomes.every(([, outcome]) => outcome.result.terminate === true),
	};
}

async function runSequential(toolCalls: ToolCall[], env: ToolBatchEnvironment): Promise<[ToolCall, Outcome][]> {
	const outcomes: [ToolCall, Outcome][] = [];
	for (const toolCall of toolCalls) {
		const prepared = await prepare(toolCall, env);
		let outcome: Outcome;
		if (prepared.kind === "immediate") {
			outcome = prepared.outcome;
		} else {
			const serial = createSerialEmitter(env.emit);
			outcome = await execute(prepared, env, serial.emit);
			await serial.flush();
			await emitEnd(toolCall, outcome, env.emit);
		}
		outcomes.push([toolCall, outcome]);
		await env.addMessage(toToolResultMessage(toolCall, outcome));
	}
	return outcomes;
}

async function runParallel(toolCalls: ToolCall[], env: ToolBatchEnvironment): Promise<[ToolCall, Outcome][]> {
	const prepared: Prepared[] = [];
	for (const toolCall of toolCalls) prepared.push(await prepare(toolCall, env));

	// Concurrent calls produce events concurrently; one chain keeps them in the order they happened and
	// keeps the "listeners awaited in order" guarantee. The first listener failure is rethrown after the batch.
	const serial = createSerialEmitter(env.emit);
	const outcomes = await Promise.all(
		prepared.map(async (item): Promise<[ToolCall, Outcome]> => {
			if (item.kind === "immediate") return [item.toolCall, item.outcome];
			const outcome = await execute(item, env, serial.emit);
			await serial.emit(toolEndEvent(item.toolCall, outcome));
			return [item.toolCall, outcome];
		}),
	);
	await serial.flush();
	for (const [toolCall, outcome] of outcomes) await env.addMessage(toToolResultMessage(toolCall, outcome));
	return outcomes;
}

/** Steps 1–4 of preparation. An immediate error result emits its tool_execution_end here. */
async function prepare(toolCall: ToolCall, env: ToolBatchEnvironment): Promise<Prepared> {
	await env.emit({
		type: "tool_execution_start",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		args: toolCall.arguments,
	});
	const immediate = async (text: string): Promise<Prepared> => {
		const outcome = errorOutcome(text);
		await emitEnd(toolCall, outcome, env.emit);
		return { kind: "immediate", toolCall, outcome };
	};

	const tools = env.context.tools ?? [];
	const tool = tools.find((candidate) => candidate.name === toolCall.name);
	if (!tool) {
		return immediate(
			TOOL_ERROR_TEXTS.unknownTool(
				toolCall.name,
				tools.map((candidate) => candidate.name),
			),
		);
	}

	let args: Record<string, unknown>;
	try {
		const raw = tool.prepareArguments ? tool.prepareArguments(toolCall.arguments) : toolCall.arguments;
		const validation = validateToolArguments(tool, raw);
		if (!validation.ok) return immediate(validation.message);
		args = validation.value;
	} catch (error) {
		return immediate(errorText(error));
	}

	if (env.config.beforeToolCall) {
		try {
			const decision = await env.config.beforeToolCall(hookContext(toolCall, args, env));
			if (decision?.block) return immediate(TOOL_ERROR_TEXTS.blocked(decision.reason));
		} catch (error) {
			return immediate(errorText(error));
		}
	}
	return { kind: "ready", toolCall, tool, args };
}

/** What both hooks are told about a call: its id, name and raw arguments, the validated args and the turn. */
function hookContext(
	toolCall: ToolCall,
	args: Record<string, unknown>,
	env: ToolBatchEnvironment,
): BeforeToolCallContext {
	return {
		toolCall: { id: toolCall.id, name: toolCall.name, arguments: toolCall.arguments },
		args,
		assistantMessage: env.assistantMessage,
		context: env.context,
		signal: env.signal,
	};
}

/** Runs the tool and the afterToolCall hook. Never throws. */
async function execute(
	item: Extract<Prepared, { kind: "ready" }>,
	env: ToolBatchEnvironment,
	emit: (event: AgentEvent) => Promise<void>,
): Promise<Outcome> {
	const { toolCall, tool, args } = item;
	let finished = false;
	const pendingUpdates: Promise<void>[] = [];
	const onUpdate = (partialResult: AgentToolResult) => {
		// Updates after the call settled would land after its tool_execution_end: drop them.
		if (finished) return;
		pendingUpdates.push(
			emit({
				type: "tool_execution_update",
				toolCallId: toolCall.id,
				toolName: toolCall.name,
				args: toolCall.arguments,
				partialResult,
			}),
		);
	};

	let outcome: Outcome;
	try {
		const result = await tool.execute(toolCall.id, args, env.signal, onUpdate);
		outcome = { result: normaliseResult(result), isError: false };
	} catch (error) {
		outcome = thrownOutcome(error);
	}
	finished = true;
	// A listener failure on an update is rethrown by the caller's emitter; here we only wait for delivery.
	await Promise.allSettled(pendingUpdates);

	if (!env.config.afterToolCall) return outcome;
	try {
		const override = await env.config.afterToolCall({
			...hookContext(toolCall, args, env),
			result: outcome.result,
			isError: outcome.isError,
		});
		if (!override) return outcome;
		const result: AgentToolResult = { ...outcome.result };
		if (override.content !== undefined) result.content = override.content;
		if (override.details !== undefined) result.details = override.details;
		if (override.terminate !== undefined) result.terminate = override.terminate;
		return { result, isError: override.isError ?? outcome.isError };
	} catch (error) {
		return errorOutcome(errorText(error));
	}
}

function emitEnd(toolCall: ToolCall, outcome: Outcome, emit: (event: AgentEvent) => Promise<void>): Promise<void> {
	return emit(toolEndEvent(toolCall, outcome));
}

function toolEndEvent(toolCall: ToolCall, outcome: Outcome): AgentEvent {
	return {
		type: "tool_execution_end",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		result: outcome.result,
		isError: outcome.isError,
	};
}

function toToolResultMessage(toolCall: ToolCall, outcome: Outcome): ToolResultMessage {
	const message: ToolResultMessage = {
		role: "toolResult",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		content: outcome.result.content,
		isError: outcome.isError,
		timestamp: Date.now(),
	};
	if (outcome.result.details !== undefined) message.details = outcome.result.details;
	return message;
}

/** Guards against tools that return nothing or a result without content. */
function normaliseResult(result: AgentToolResult | undefined): AgentToolResult {
	if (!result || !Array.isArray(result.content)) return { ...(result ?? {}), content: [] };
	return result;
}

function errorOutcome(text: string): Outcome {
	return { result: { content: [{ type: "text", text }], details: {} }, isError: true };
}

/** A thrown value becomes an error result: its message is the text, an own `details` property the details. */
function thrownOutcome(error: unknown): Outcome {
	const outcome = errorOutcome(errorText(error));
	if (error !== null && typeof error === "object" && Object.hasOwn(error, "details")) {
		outcome.result.details = (error as { details: unknown }).details;
	}
	return outcome;
}

/** The message of a thrown value, whatever was thrown. */
export function errorText(error: unknown): string {
	if (error instanceof Error) return error.message;
	if (typeof error === "string") return error;
	const message = (error as { message?: unknown } | null)?.message;
	if (typeof message === "string") return message;
	try {
		return JSON.stringify(error) ?? String(error);
	} catch {
		return String(error);
	}
}

/**
 * Serialises emits from concurrent producers. After the first failure later events are skipped (the run is
 * ending anyway) and `flush()` rethrows that failure.
 */
function createSerialEmitter(emit: (event: AgentEvent) => Promise<void>) {
	let chain: Promise<void> = Promise.resolve();
	let failure: { error: unknown } | undefined;
	return {
		emit(event: AgentEvent): Promise<void> {
			chain = chain.then(async () => {
				if (failure) return;
				try {
					await emit(event);
				} catch (error) {
					failure = { error };
				}
			});
			return chain;
		},
		async flush(): Promise<void> {
			await chain;
			if (failure) throw failure.error;
		},
	};
}
