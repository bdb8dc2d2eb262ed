import { makeErrorInfo } from "../../utils/errors.js";
import type { FailureOutcome } from "../shared/failure.js";
import { VERTEX_TEXTS, VertexConfigError } from "./config.js";

/** What google-auth-library throws when no ADC source (key file, gcloud file, metadata server) was found. */
const NO_CREDENTIALS = /Could not load the default credentials/i;

/** The fields of a gaxios error (google-auth-library's HTTP client) this classification reads. */
interface GaxiosLike {
	message: string;
	config: { url?: unknown };
	response?: { status?: number; data?: unknown };
}

function isGaxiosError(error: unknown): error is GaxiosLike {
	return error instanceof Error && typeof (error as Partial<GaxiosLike>).config === "object";
}

/**
 * Failures that belong to Vertex rather than to the Gemini wire: a configuration error, no credentials, or a token
 * endpoint (OAuth, metadata server) refusing the credentials. Undefined for
 * everything else, which the Gemini classification handles (HTTP errors of the model call, network failures).
 */
export function classifyVertexError(error: unknown): FailureOutcome | undefined {
	if (error instanceof VertexConfigError)
		return { reason: "error", message: error.message, info: { retryable: false } };
	if (!(error instanceof Error)) return undefined;
	if (NO_CREDENTIALS.test(error.message)) {
		return { reason: "error", message: VERTEX_TEXTS.noCredentials, info: { retryable: false } };
	}
	const status = isGaxiosError(error) ? error.response?.status : undefined;
	if (status !== undefined) {
		// The token endpoint answered with an error (a revoked refresh token, a deleted service-account key):
		// gaxios puts its `error: error_description` in the message.
		return {
			reason: "error",
			message: VERTEX_TEXTS.signInFailed(error.message),
			info: makeErrorInfo(status, "auth_error"),
		};
	}
	return undefined;
}
