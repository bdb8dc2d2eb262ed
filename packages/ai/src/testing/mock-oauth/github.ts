/**
 * GitHub's side of the mock: the device flow (github.com/login/...), the Copilot token exchange
 * (api.github.com/copilot_internal/v2/token), and the Copilot API's model list and model policy endpoints. Both GitHub hosts live on the
 * one mock, as the client's base URL override puts them there.
 */
import { MOCK_CLIENT_IDS } from "./authorization.js";
import { fields, json, type MockOAuthRequest, type MockReply } from "./reply.js";
import { type MockOAuthState, randomToken } from "./state.js";

/** How long a device code stays valid, as GitHub has it (15 minutes). */
const DEVICE_CODE_LIFETIME_SECONDS = 900;

/** POST /login/device/code */
export function deviceCode(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.deviceCode++;
	const body = fields(request);
	if (body.client_id !== MOCK_CLIENT_IDS["github-copilot"]) {
		return json(401, { error: "unauthorized_client", error_description: "unknown client_id" });
	}
	const code = randomToken("mock-device-", 15);
	const userCode = `${letters(4)}-${letters(4)}`;
	state.devices.set(code, { clientId: body.client_id, userCode, polls: 0 });
	return json(200, {
		device_code: code,
		user_code: userCode,
		verification_uri: `${state.url}/login/device`,
		expires_in: DEVICE_CODE_LIFETIME_SECONDS,
		interval: state.deviceIntervalSeconds,
	});
}

/** POST /login/oauth/access_token. GitHub answers pending/denied/expired with HTTP 200 and an `error` field. */
export function devicePoll(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.devicePoll++;
	const body = fields(request);
	if (body.grant_type !== "urn:ietf:params:oauth:grant-type:device_code") {
		return json(200, { error: "unsupported_grant_type", error_description: "only the device code grant is served" });
	}
	if (body.client_id !== MOCK_CLIENT_IDS["github-copilot"]) {
		return json(200, { error: "incorrect_client_credentials", error_description: "unknown client_id" });
	}
	const flow = state.devices.get(body.device_code ?? "");
	if (!flow) return json(200, { error: "bad_verification_code", error_description: "unknown device_code" });
	flow.polls++;
	if (flow.token) return json(200, { access_token: flow.token, token_type: "bearer", scope: "read:user" });
	if (state.deviceSlowDowns > 0) {
		state.deviceSlowDowns--;
		return json(200, {
			error: "slow_down",
			error_description: "Too many requests have been made in the same timeframe.",
		});
	}
	if (flow.polls <= state.devicePendingPolls) {
		return json(200, {
			error: "authorization_pending",
			error_description: "The authorization request is still pending.",
		});
	}
	if (state.deviceOutcome === "deny") {
		state.devices.delete(body.device_code ?? "");
		return json(200, { error: "access_denied", error_description: "The authorization request was denied." });
	}
	if (state.deviceOutcome === "expire") {
		state.devices.delete(body.device_code ?? "");
		return json(200, { error: "expired_token", error_description: "The device_code has expired." });
	}
	flow.token = randomToken("gho_mock", 18);
	state.liveRefreshTokens.set(flow.token, "github-copilot");
	return json(200, { access_token: flow.token, token_type: "bearer", scope: "read:user" });
}

/** GET /copilot_internal/v2/token with the GitHub token; answers GitHub's 401 for a revoked or unknown one. */
export function copilotToken(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.copilotToken++;
	const github = bearer(request);
	if (!github || state.liveRefreshTokens.get(github) !== "github-copilot") {
		return json(401, { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" });
	}
	const now = Math.floor(Date.now() / 1000);
	const expiresAt = now + state.tokenLifetimeSeconds;
	const proxy = state.copilotProxyEndpoint ?? new URL(state.url).host;
	// The real token is a `;`-separated list of fields; clients only read `proxy-ep` from it.
	const token = `tid=${randomToken("", 8)};exp=${expiresAt};sku=mock_individual;proxy-ep=${proxy};8kp=1:${randomToken("", 16)}`;
	state.copilotTokens.add(token);
	state.issued.push({
		provider: "github-copilot",
		access: token,
		refresh: github,
		expiresIn: state.tokenLifetimeSeconds,
	});
	return json(200, { token, expires_at: expiresAt, refresh_in: Math.max(0, state.tokenLifetimeSeconds - 300) });
}

/** POST /models/{id}/policy with a Copilot token: records the enabled model (an unconfigured one turns enabled). */
export function modelPolicy(state: MockOAuthState, request: MockOAuthRequest, modelId: string): MockReply {
	state.counts.modelPolicy++;
	const token = bearer(request);
	if (!token || !state.copilotTokens.has(token)) return json(401, { message: "unauthorized" });
	state.enabledModels.push(modelId);
	const model = state.copilotModels.find((entry) => entry.id === modelId);
	if (model?.policy === "unconfigured") model.policy = "enabled";
	return json(200, { state: "enabled" });
}

/** GET /models with a Copilot token: the account's models, in the shape Copilot answers (fields pi reads). */
export function copilotModels(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.copilotModels++;
	const token = bearer(request);
	if (!token || !state.copilotTokens.has(token)) return json(401, { message: "unauthorized" });
	if (state.copilotModelsFailure)
		return json(state.copilotModelsFailure, { message: "Mock OAuth: model list failure" });
	return json(200, {
		object: "list",
		data: state.copilotModels.map((model) => ({
			id: model.id,
			object: "model",
			model_picker_enabled: model.picker ?? true,
			policy: { state: model.policy ?? "enabled", terms: "" },
			capabilities: { type: "chat", supports: { tool_calls: model.toolCalls ?? true, streaming: true } },
		})),
	});
}

function bearer(request: MockOAuthRequest): string | undefined {
	const header = request.headers.authorization;
	const match = typeof header === "string" ? /^(?:bearer|token)\s+(.+)$/i.exec(header.trim()) : null;
	return match?.[1];
}

function letters(count: number): string {
	const alphabet = "BCDFGHJKLMNPQRSTVWXZ23456789";
	let out = "";
	for (let i = 0; i < count; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
	return out;
}
