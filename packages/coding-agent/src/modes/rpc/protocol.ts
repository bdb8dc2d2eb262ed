/**
 * The RPC wire types (rpc.md §3–§7): every command, its success data, responses, events and the extension UI
 * sub-protocol. Shared by the server (`pi --mode rpc`) and `RpcClient`.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { AgentLevel, ImageContent, Model } from "@pi/ai";
import type { QueueMode } from "../../core/config/settings.js";
import type {
	AgentSessionEvent,
	BashResult,
	CommandInfo,
	CompactionResult,
	SessionStateSnapshot,
	SessionStats,
} from "../../core/session-events.js";

export type { BashResult, CommandInfo, CompactionResult, SessionStats };

/** A thinking level name (@pi/ai's levels plus "off"). */
export type RpcThinkingLevel = AgentLevel;

/** `get_state` data (rpc.md §5 RpcSessionState). */
export type RpcSessionState = SessionStateSnapshot;

/** Every command's fields, keyed by its `type`. */
export interface RpcCommandFields {
	prompt: { message: string; images?: ImageContent[]; streamingBehavior?: "steer" | "followUp" };
	steer: { message: string; images?: ImageContent[] };
	follow_up: { message: string; images?: ImageContent[] };
	abort: Record<never, never>;
	new_session: { parentSession?: string };
	get_state: Record<never, never>;
	set_model: { provider: string; modelId: string };
	cycle_model: { direction?: "forward" | "backward" };
	get_available_models: Record<never, never>;
	set_thinking_level: { level: RpcThinkingLevel };
	cycle_thinking_level: Record<never, never>;
	set_steering_mode: { mode: QueueMode };
	set_follow_up_mode: { mode: QueueMode };
	compact: { customInstructions?: string };
	set_auto_compaction: { enabled: boolean };
	set_auto_retry: { enabled: boolean };
	abort_retry: Record<never, never>;
	bash: { command: string; excludeFromContext?: boolean };
	abort_bash: Record<never, never>;
	get_session_stats: Record<never, never>;
	export_html: { outputPath?: string };
	switch_session: { sessionPath: string };
	fork: { entryId: string };
	clone: Record<never, never>;
	get_fork_messages: Record<never, never>;
	get_last_assistant_text: Record<never, never>;
	set_session_name: { name: string };
	get_messages: Record<never, never>;
	get_commands: Record<never, never>;
}

/** Every command's success `data` (`undefined` = the response has no `data`). */
export interface RpcCommandData {
	prompt: undefined;
	steer: undefined;
	follow_up: undefined;
	abort: undefined;
	new_session: { cancelled: boolean };
	get_state: RpcSessionState;
	set_model: Model;
	cycle_model: { model: Model; thinkingLevel: string; isScoped: boolean } | null;
	get_available_models: { models: Model[] };
	set_thinking_level: undefined;
	cycle_thinking_level: { level: string } | null;
	set_steering_mode: undefined;
	set_follow_up_mode: undefined;
	compact: CompactionResult;
	set_auto_compaction: undefined;
	set_auto_retry: undefined;
	abort_retry: undefined;
	bash: BashResult;
	abort_bash: undefined;
	get_session_stats: SessionStats;
	export_html: { path: string };
	switch_session: { cancelled: boolean };
	fork: { text: string; cancelled: boolean };
	clone: { cancelled: boolean };
	get_fork_messages: { messages: { entryId: string; text: string }[] };
	get_last_assistant_text: { text: string | null };
	set_session_name: undefined;
	get_messages: { messages: AgentMessage[] };
	get_commands: { commands: CommandInfo[] };
}

/** A command type name. */
export type RpcCommandType = keyof RpcCommandFields;

/** A command id: echoed verbatim on its response. */
export type RpcId = string | number;

/** One command line. */
export type RpcCommand<T extends RpcCommandType = RpcCommandType> = T extends RpcCommandType
	? { id?: RpcId; type: T } & RpcCommandFields[T]
	: never;

/** A success response. */
export interface RpcSuccessResponse<T extends string = string> {
	id?: RpcId;
	type: "response";
	command: T;
	success: true;
	data?: unknown;
}

/** A failure response (`command` is `"parse"` for lines that could not be read as a command). */
export interface RpcFailureResponse {
	id?: RpcId;
	type: "response";
	command: string;
	success: false;
	error: string;
}

export type RpcResponse = RpcSuccessResponse | RpcFailureResponse;

/** Extension UI request methods and their fields (rpc.md §7). */
export type ExtensionUiRequest =
	| { type: "extension_ui_request"; id: string; method: "select"; title: string; options: string[]; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "confirm"; title: string; message: string; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "input"; title: string; placeholder?: string; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "editor"; title: string; prefill?: string }
	| {
			type: "extension_ui_request";
			id: string;
			method: "notify";
			message: string;
			notifyType?: "info" | "warning" | "error";
	  }
	| { type: "extension_ui_request"; id: string; method: "setStatus"; statusKey: string; statusText?: string }
	| {
			type: "extension_ui_request";
			id: string;
			method: "setWidget";
			widgetKey: string;
			widgetLines?: string[];
			widgetPlacement?: "aboveEditor" | "belowEditor";
	  }
	| { type: "extension_ui_request"; id: string; method: "setTitle"; title: string }
	| { type: "extension_ui_request"; id: string; method: "set_editor_text"; text: string };

/** A client's reply to a dialog request. */
export type ExtensionUiResponse =
	| { type: "extension_ui_response"; id: string; value: string }
	| { type: "extension_ui_response"; id: string; confirmed: boolean }
	| { type: "extension_ui_response"; id: string; cancelled: true };

/** Every event line (no `id`, except the dialog id inside UI requests). */
export type RpcEvent = AgentSessionEvent | ExtensionUiRequest;

/** Every line pi writes. */
export type RpcOutputLine = RpcResponse | RpcEvent;

/** Protocol texts of the server (rpc.md §1, §3), kept together so tests and docs can match them. */
export const rpcMessages = {
	parseFailed: (parserMessage: string) => `Failed to parse command: ${parserMessage}`,
	notAnObject: "Invalid command: expected a JSON object",
	missingType: 'Invalid command: missing "type"',
	unknownCommand: (type: string) => `Unknown command: ${type}`,
	invalidField: (name: string, type: string, expected: string) =>
		`Invalid field "${name}" for ${type}: expected ${expected}`,
	unwritable: (reason: string) => `The result could not be written as JSON: ${reason}`,
} as const;
