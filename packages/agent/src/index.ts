/**
 * @pi/agent-core: the agent loop and the stateful Agent over @pi/ai. The contract is
 * `shared/spec/events.md` Part 2.
 */
export { AGENT_ERROR_TEXTS, Agent, type AgentListener, type AgentOptions, defaultConvertToLlm } from "./agent.js";
export {
	type AgentEventStream,
	agentLoop,
	agentLoopContinue,
	buildStreamOptions,
	createAgentEventStream,
	runAgentLoop,
	runAgentLoopContinue,
} from "./loop.js";
export { PartialMessageBuilder } from "./partial-message.js";
export { createProxyStreamFn, PROXY_ERROR_TEXTS, type ProxyClientOptions, streamProxy } from "./proxy.js";
export { createProxyHandler, type ProxyHandlerOptions } from "./proxy-server.js";
export { type ProxyEvent, ProxyEventDecoder, type ProxyRequestBody, toProxyEvent } from "./proxy-wire.js";
export { MessageQueue } from "./queues.js";
export { TOOL_ERROR_TEXTS } from "./tool-execution.js";
export * from "./types.js";
