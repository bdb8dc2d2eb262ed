/**
 * The script language of the loopback mock server. A test enqueues turns; each incoming model request takes
 * the next turn and the wire protocol matching the request path encodes it as that API's SSE stream.
 */

/** One scripted model response (or failure). */
export interface MockTurn {
	/** Thinking text streamed before the answer. */
	thinking?: string;
	/** Opaque signature / encrypted content attached to the thinking. */
	thinkingSignature?: string;
	/** An encrypted (redacted) thinking block with this payload, where the wire has one. */
	redactedThinking?: string;
	text?: string;
	toolCalls?: { id?: string; name: string; arguments: Record<string, unknown> }[];
	/**
	 * Provider-neutral end: "stop" | "length" | "toolUse" (derived when tool calls are present and nothing is
	 * given), or "refusal" / "filter" for the API's refusal/safety signal.
	 */
	stopReason?: "stop" | "length" | "toolUse" | "refusal" | "filter";
	/** Raw finish/stop reason written to the wire as is (overrides `stopReason`). */
	rawStopReason?: string;
	/** Token counts reported by the wire. `input` = uncached prompt tokens. */
	usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number; reasoning?: number };
	/** Respond with an HTTP error instead of a stream. */
	httpError?: { status: number; type?: string; message: string; retryAfter?: string };
	/**
	 * After this many SSE events of the turn, send the API's in-stream error event and end the response: a failure
	 * that arrives after the HTTP 200 (Anthropic `event: error`, a Chat Completions `{"error"}` chunk, a Responses
	 * `error` event, a Gemini `{"error"}` chunk).
	 */
	streamError?: MockStreamError;
	/** Destroy the connection after writing this many SSE events (a cut mid-stream). */
	cutAfterEvents?: number;
	/** End the response cleanly after this many SSE events (a stream that stops without its final event). */
	closeAfterEvents?: number;
	/** Wait before sending the response headers. */
	delayMs?: number;
	/** Wait between SSE events. */
	eventDelayMs?: number;
	/** Characters per text/thinking/argument delta. Default 16. */
	chunkSize?: number;
	/** Response / message id to report. */
	responseId?: string;
}

/** An error sent inside a started stream (`MockTurn.streamError`). */
export interface MockStreamError {
	/** SSE events of the turn written before the error event. */
	afterEvents: number;
	message: string;
	/** The provider's error type or code (`overloaded_error`, `server_error`, `UNAVAILABLE`); omitted when absent. */
	type?: string;
	/** The numeric code of wires whose in-stream errors carry one (Gemini); default 500. */
	status?: number;
}

/** A request as the server saw it. */
export interface RecordedRequest {
	method: string;
	path: string;
	headers: Record<string, string | string[] | undefined>;
	body: any;
	/** Which wire protocol handled it. */
	protocol: string;
}

/** An HTTP error response as a wire protocol formats it. */
export interface WireErrorResponse {
	status: number;
	headers: Record<string, string>;
	body: string;
}

/** One API's wire format: request matching, stream encoding, error bodies. */
export interface WireProtocol {
	name: string;
	/** Whether this protocol serves the request (by method and path). */
	matches(method: string, path: string): boolean;
	/**
	 * The response's content type; default `text/event-stream`. A protocol with a binary framing (Bedrock's
	 * `application/vnd.amazon.eventstream`) names its own.
	 */
	contentType?: string;
	/** The complete frames for a turn: SSE text (each ending in a blank line) or binary messages. */
	encode(turn: MockTurn, request: RecordedRequest): (string | Uint8Array)[];
	/** The error response for `turn.httpError`. */
	encodeError(error: NonNullable<MockTurn["httpError"]>): WireErrorResponse;
	/** The SSE frame of an in-stream error (`turn.streamError`); a protocol without it cannot script one. */
	encodeStreamError?(error: MockStreamError): string | Uint8Array;
}
