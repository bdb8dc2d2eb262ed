/**
 * What the mock OAuth server remembers between requests: issued codes and tokens, revocations, the device flows
 * in progress, and the knobs a test turns. The handlers read and change it; the server's API exposes it.
 */
import { randomBytes } from "node:crypto";

/** The providers the mock signs in to. */
export type MockOAuthProvider = "anthropic" | "openai-codex" | "github-copilot";

/** How many requests of each kind the mock answered. */
export interface MockOAuthCounts {
	/** GET /oauth/authorize (Anthropic, Codex). */
	authorize: number;
	/** Token requests with grant_type=authorization_code (Anthropic, Codex). */
	authorizationCode: number;
	/** Token requests with grant_type=refresh_token (Anthropic, Codex). */
	refresh: number;
	/** POST /login/device/code (GitHub). */
	deviceCode: number;
	/** POST /login/oauth/access_token polls (GitHub). */
	devicePoll: number;
	/** POST /api/accounts/deviceauth/usercode (Codex device code login). */
	codexDeviceCode: number;
	/** POST /api/accounts/deviceauth/token polls (Codex device code login). */
	codexDevicePoll: number;
	/** GET /copilot_internal/v2/token (the Copilot token exchange, at login and on every Copilot refresh). */
	copilotToken: number;
	/** POST /models/{id}/policy (Copilot model enabling). */
	modelPolicy: number;
	/** GET /models (the Copilot account's model list). */
	copilotModels: number;
}

/** A token pair the mock issued. */
export interface MockIssuedTokens {
	provider: MockOAuthProvider;
	access: string;
	/** For Copilot: the GitHub token the Copilot token was exchanged from. */
	refresh: string;
	/** Seconds the access token is valid. */
	expiresIn: number;
}

/** One model of the Copilot account's `GET /models` list. */
export interface MockCopilotModel {
	id: string;
	/** `model_picker_enabled`; default true. */
	picker?: boolean;
	/** `policy.state`; default "enabled". Accepting the policy (POST .../policy) turns "unconfigured" into "enabled". */
	policy?: "enabled" | "disabled" | "unconfigured";
	/** `capabilities.supports.tool_calls`; default true. */
	toolCalls?: boolean;
}

/** What happens to the next device flows once their pending polls are used up. */
export type MockDeviceOutcome = "approve" | "deny" | "expire";

/** What the authorize endpoint does with the next requests. */
export type MockAuthorizeOutcome = "approve" | "deny";

export interface PendingCode {
	provider: MockOAuthProvider;
	clientId: string;
	challenge: string;
	redirectUri: string;
}

export interface DeviceFlow {
	clientId: string;
	userCode: string;
	polls: number;
	/** Set once approved (GitHub): the GitHub token it issued (later polls get the same one). */
	token?: string;
}

export interface MockOAuthState {
	/** `http://host:port`, set once listening. */
	url: string;
	codexAccountId: string;
	/** Host (and port) the Copilot token's `proxy-ep` names; default the mock itself. */
	copilotProxyEndpoint?: string;
	rotateRefreshTokens: boolean;
	tokenLifetimeSeconds: number;
	tokenDelayMs: number;
	deviceIntervalSeconds: number;
	devicePendingPolls: number;
	deviceSlowDowns: number;
	deviceOutcome: MockDeviceOutcome;
	authorizeOutcome: MockAuthorizeOutcome;
	codes: Map<string, PendingCode>;
	/** Refresh tokens (and GitHub tokens) that still work, with the provider they belong to. */
	liveRefreshTokens: Map<string, MockOAuthProvider>;
	/** Refresh tokens revoked by the test or used up by rotation: answered with the provider's error. */
	deadRefreshTokens: Map<string, "revoked" | "used">;
	devices: Map<string, DeviceFlow>;
	copilotTokens: Set<string>;
	issued: MockIssuedTokens[];
	enabledModels: string[];
	/** The Copilot account's models (`GET /models`). */
	copilotModels: MockCopilotModel[];
	/** When set, `GET /models` fails with this HTTP status. */
	copilotModelsFailure?: number;
	counts: MockOAuthCounts;
}

/** A random token with a recognisable prefix (`sk-ant-oat01-mock...`), so a leaked one is obviously a test value. */
export function randomToken(prefix: string, bytes = 24): string {
	return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

export function zeroCounts(): MockOAuthCounts {
	return {
		authorize: 0,
		authorizationCode: 0,
		refresh: 0,
		deviceCode: 0,
		devicePoll: 0,
		codexDeviceCode: 0,
		codexDevicePoll: 0,
		copilotToken: 0,
		modelPolicy: 0,
		copilotModels: 0,
	};
}
