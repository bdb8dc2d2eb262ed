/**
 * Maps what the AWS SDK throws (an HTTP error response, an exception message inside the event stream, a network or
 * credential failure) to the error event fields. Exceptions carry their AWS type as `name`, which becomes
 * `errorInfo.code`; an HTTP error also has `$metadata.httpStatusCode` and the raw response (for `retry-after`).
 */
import type { ErrorInfo } from "../../types.js";
import { findNetworkCode, formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import { FAILURE_TEXTS, type FailureOutcome, withRootCause } from "../shared/failure.js";

/** User-visible texts of Bedrock failures. */
export const BEDROCK_ERROR_TEXTS = {
	connectionFailed: "Could not reach Amazon Bedrock",
	noCredentials:
		"No AWS credentials for Amazon Bedrock: set AWS_PROFILE, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK (see docs/providers.md)",
} as const;

/** AWS exception types that mean "try again later", also when they arrive inside a started stream. */
const TRANSIENT_TYPES = new Set([
	"ThrottlingException",
	"ServiceUnavailableException",
	"InternalServerException",
	"ModelStreamErrorException",
	"ModelNotReadyException",
	"ModelTimeoutException",
]);

/** What the SDK's service exceptions look like (modelled or not). */
interface AwsServiceError {
	name: string;
	message: string;
	$metadata?: { httpStatusCode?: number };
	$response?: { headers?: Record<string, string> };
	$fault?: "client" | "server";
}

function isServiceError(error: unknown): error is AwsServiceError {
	if (!(error instanceof Error)) return false;
	const candidate = error as Partial<AwsServiceError>;
	return candidate.$fault !== undefined || candidate.$metadata !== undefined || error.name.endsWith("Exception");
}

/**
 * Classifies a failure. `started` says whether the response had begun: a connection failing after that is a cut
 * stream, always retryable.
 */
export function classifyBedrockError(
	error: unknown,
	signal: AbortSignal | undefined,
	started: boolean,
): FailureOutcome {
	if (signal?.aborted || (error instanceof Error && error.name === "AbortError")) {
		return { reason: "aborted", message: FAILURE_TEXTS.aborted };
	}
	if (error instanceof Error && error.name === "TimeoutError") {
		return { reason: "error", message: FAILURE_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	if (error instanceof Error && error.name === "CredentialsProviderError") {
		const message = `${BEDROCK_ERROR_TEXTS.noCredentials}. ${error.message}`;
		return { reason: "error", message, info: { retryable: false, code: "CredentialsProviderError" } };
	}
	// A connection that could not be made: keep the system error ("connect ECONNREFUSED 127.0.0.1:4000").
	const networkCode = findNetworkCode(error);
	if (networkCode && !started) {
		const detail = error instanceof Error ? error.message : String(error);
		const message = withRootCause(`${BEDROCK_ERROR_TEXTS.connectionFailed} (${detail})`, error);
		return { reason: "error", message, info: makeErrorInfo(undefined, networkCode) };
	}
	if (isServiceError(error) && !networkCode) return classifyServiceError(error);
	if (started)
		return {
			reason: "error",
			message: FAILURE_TEXTS.streamEnded,
			info: makeErrorInfo(undefined, networkCode ?? "stream_cut"),
		};
	const text = error instanceof Error ? error.message : String(error);
	return { reason: "error", message: text, info: { retryable: false } };
}

/** An AWS exception: from an HTTP error response (with a status) or from the event stream (without). */
function classifyServiceError(error: AwsServiceError): FailureOutcome {
	const status = error.$metadata?.httpStatusCode;
	const type = error.name && error.name !== "Error" && !error.name.startsWith("Unknown") ? error.name : undefined;
	const message = error.message && error.message !== error.name ? error.message : (type ?? FAILURE_TEXTS.streamEnded);
	// Overflow comes as a ValidationException (400); a throttling "Too many tokens" is no overflow.
	const validation = type === "ValidationException" || status === 400 || status === 413;
	const overflow = validation && isContextOverflow(status ?? 400, undefined, message);
	const code = overflow ? "context_overflow" : type;
	const info: ErrorInfo = makeErrorInfo(status, code, parseRetryAfter(error.$response?.headers));
	if (!overflow && type && TRANSIENT_TYPES.has(type) && (status === undefined || status >= 408)) info.retryable = true;
	return { reason: "error", message: formatHttpError(status, message), info };
}
