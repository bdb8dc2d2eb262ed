/**
 * OpenAI's device authorization for Codex (auth.openai.com/api/accounts/deviceauth/...): a user code, polls
 * answered 403 until the code "was entered", then an authorization code plus the PKCE verifier the server made,
 * which the ordinary token endpoint exchanges when the device redirect URI is named.
 */
import { createHash, randomBytes } from "node:crypto";
import { MOCK_CLIENT_IDS } from "./authorization.js";
import { fields, json, type MockOAuthRequest, type MockReply } from "./reply.js";
import { type MockOAuthState, randomToken } from "./state.js";

/** The redirect path a device-code login's token exchange must name (on the server's own origin). */
export const CODEX_DEVICE_REDIRECT_PATH = "/deviceauth/callback";

/** POST /api/accounts/deviceauth/usercode with a JSON `client_id`. */
export function codexDeviceCode(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.codexDeviceCode++;
	const body = fields(request);
	if (body.client_id !== MOCK_CLIENT_IDS["openai-codex"])
		return openaiError(401, "invalid_client", "unknown client_id");
	const deviceAuthId = randomToken("deviceauth_mock", 12);
	const userCode = `${digits(4)}-${digits(5)}`;
	state.devices.set(deviceAuthId, { clientId: body.client_id, userCode, polls: 0 });
	// OpenAI sends the interval as a string.
	return json(200, {
		device_auth_id: deviceAuthId,
		user_code: userCode,
		interval: String(state.deviceIntervalSeconds),
	});
}

/** POST /api/accounts/deviceauth/token with JSON `device_auth_id` and `user_code`. */
export function codexDevicePoll(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.codexDevicePoll++;
	const body = fields(request);
	const flow = state.devices.get(body.device_auth_id ?? "");
	if (!flow || flow.userCode !== body.user_code) return openaiError(400, "invalid_request", "unknown device_auth_id");
	flow.polls++;
	if (state.deviceSlowDowns > 0) {
		state.deviceSlowDowns--;
		return openaiError(429, "slow_down", "Polling too fast.");
	}
	if (flow.polls <= state.devicePendingPolls) {
		return openaiError(403, "deviceauth_authorization_pending", "The user has not entered the code yet.");
	}
	if (state.deviceOutcome === "deny") {
		state.devices.delete(body.device_auth_id ?? "");
		return openaiError(400, "access_denied", "The user refused access.");
	}
	if (state.deviceOutcome === "expire") {
		state.devices.delete(body.device_auth_id ?? "");
		return openaiError(400, "expired_token", "The device code expired.");
	}
	state.devices.delete(body.device_auth_id ?? "");
	const verifier = randomBytes(32).toString("base64url");
	const challenge = createHash("sha256").update(verifier).digest("base64url");
	const code = randomToken("ac_mock_device", 18);
	state.codes.set(code, {
		provider: "openai-codex",
		clientId: MOCK_CLIENT_IDS["openai-codex"],
		challenge,
		redirectUri: `${state.url}${CODEX_DEVICE_REDIRECT_PATH}`,
	});
	return json(200, { authorization_code: code, code_challenge: challenge, code_verifier: verifier });
}

function openaiError(status: number, code: string, message: string): MockReply {
	return json(status, { error: { message, type: "invalid_request_error", param: null, code } });
}

function digits(count: number): string {
	let out = "";
	for (let i = 0; i < count; i++) out += "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[Math.floor(Math.random() * 32)];
	return out;
}
