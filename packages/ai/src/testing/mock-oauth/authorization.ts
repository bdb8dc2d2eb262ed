/**
 * The authorization-code providers of the mock: Anthropic and OpenAI (Codex). One authorize endpoint (both use
 * `/oauth/authorize`; the client id tells them apart) that redirects straight back with a code, and each one's
 * token endpoint with its own body encoding and its own error shapes.
 */
import { createHash, randomBytes } from "node:crypto";
import { fields, json, type MockOAuthRequest, type MockReply } from "./reply.js";
import { type MockOAuthProvider, type MockOAuthState, randomToken } from "./state.js";

/** Client ids of the real services, which the mock insists on. */
export const MOCK_CLIENT_IDS = {
	anthropic: "9d1c250a-e61b-44d9-88ed-5944d1962f5e",
	"openai-codex": "app_EMoamEEZ73f0CkXaXp7hrann",
	"github-copilot": "Iv1.b507a08c87ecfe98",
} as const;

/** The claim of an OpenAI access token that carries the ChatGPT account id. */
export const CODEX_AUTH_CLAIM = "https://api.openai.com/auth";

/** Redirect paths each provider registered (any localhost port is accepted, as for native apps). */
const REDIRECT_PATHS: Record<string, string> = { anthropic: "/callback", "openai-codex": "/auth/callback" };

function providerOfClient(clientId: string | null | undefined): MockOAuthProvider | undefined {
	if (clientId === MOCK_CLIENT_IDS.anthropic) return "anthropic";
	if (clientId === MOCK_CLIENT_IDS["openai-codex"]) return "openai-codex";
	return undefined;
}

/** GET /oauth/authorize: checks the request like the real page would, then redirects with code and state. */
export function authorize(state: MockOAuthState, request: MockOAuthRequest): MockReply {
	state.counts.authorize++;
	const query = new URL(request.path, "http://mock").searchParams;
	const provider = providerOfClient(query.get("client_id"));
	if (!provider) return text(400, "unknown client_id");
	const redirectUri = query.get("redirect_uri") ?? "";
	let redirect: URL;
	try {
		redirect = new URL(redirectUri);
	} catch {
		return text(400, "redirect_uri is not a URL");
	}
	if (
		redirect.protocol !== "http:" ||
		redirect.hostname !== "localhost" ||
		redirect.pathname !== REDIRECT_PATHS[provider]
	) {
		return text(400, `redirect_uri must be http://localhost:<port>${REDIRECT_PATHS[provider]}`);
	}
	if (query.get("response_type") !== "code") return text(400, "response_type must be code");
	if (query.get("code_challenge_method") !== "S256" || !query.get("code_challenge")) {
		return text(400, "a S256 code_challenge is required");
	}
	if (!query.get("state")) return text(400, "state is required");
	if (!query.get("scope")) return text(400, "scope is required");
	redirect.searchParams.set("state", query.get("state") ?? "");
	if (state.authorizeOutcome === "deny") {
		redirect.searchParams.set("error", "access_denied");
		redirect.searchParams.set("error_description", "The user refused access");
	} else {
		const code = randomToken("mock-code-", 18);
		state.codes.set(code, {
			provider,
			clientId: query.get("client_id") ?? "",
			challenge: query.get("code_challenge") ?? "",
			redirectUri,
		});
		redirect.searchParams.set("code", code);
	}
	return { status: 302, headers: { location: redirect.toString() }, body: "" };
}

/** POST /v1/oauth/token (Anthropic, JSON) and POST /oauth/token (OpenAI, form). */
export function token(state: MockOAuthState, request: MockOAuthRequest, provider: MockOAuthProvider): MockReply {
	const body = fields(request);
	const wantedType = provider === "anthropic" ? "application/json" : "application/x-www-form-urlencoded";
	if (!String(request.headers["content-type"] ?? "").startsWith(wantedType)) {
		return oauthError(provider, 400, "invalid_request", `the body must be ${wantedType}`);
	}
	if (body.client_id !== MOCK_CLIENT_IDS[provider])
		return oauthError(provider, 401, "invalid_client", "unknown client_id");
	if (body.grant_type === "authorization_code") {
		state.counts.authorizationCode++;
		const pending = state.codes.get(body.code ?? "");
		state.codes.delete(body.code ?? "");
		if (!pending || pending.provider !== provider) {
			return oauthError(provider, 400, "invalid_grant", "the authorization code is unknown or was used already");
		}
		if (pending.redirectUri !== body.redirect_uri)
			return oauthError(provider, 400, "invalid_grant", "redirect_uri differs");
		if (challengeOf(body.code_verifier ?? "") !== pending.challenge) {
			return oauthError(provider, 400, "invalid_grant", "code_verifier does not match the code_challenge");
		}
		return json(200, issue(state, provider));
	}
	if (body.grant_type === "refresh_token") {
		state.counts.refresh++;
		const presented = body.refresh_token ?? "";
		const dead = state.deadRefreshTokens.get(presented);
		if (dead || state.liveRefreshTokens.get(presented) !== provider) return refreshRefused(provider, dead ?? "revoked");
		if (state.rotateRefreshTokens) {
			state.liveRefreshTokens.delete(presented);
			state.deadRefreshTokens.set(presented, "used");
		}
		return json(200, issue(state, provider, state.rotateRefreshTokens ? undefined : presented));
	}
	return oauthError(provider, 400, "unsupported_grant_type", `grant_type ${body.grant_type ?? "(none)"}`);
}

function issue(state: MockOAuthState, provider: MockOAuthProvider, keepRefresh?: string): Record<string, unknown> {
	const expiresIn = state.tokenLifetimeSeconds;
	const refresh = keepRefresh ?? (provider === "anthropic" ? randomToken("sk-ant-ort01-mock") : randomToken("rt_mock"));
	const access = provider === "anthropic" ? randomToken("sk-ant-oat01-mock") : codexJwt(state, expiresIn);
	state.liveRefreshTokens.set(refresh, provider);
	state.issued.push({ provider, access, refresh, expiresIn });
	const answer: Record<string, unknown> = {
		access_token: access,
		refresh_token: refresh,
		expires_in: expiresIn,
		token_type: "Bearer",
	};
	if (provider === "openai-codex") answer.id_token = codexJwt(state, expiresIn);
	if (provider === "anthropic") answer.scope = "user:inference user:profile";
	return answer;
}

/** A JWT-shaped OpenAI access token (unsigned: the client only reads its claims). */
function codexJwt(state: MockOAuthState, expiresIn: number): string {
	const now = Math.floor(Date.now() / 1000);
	const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
	const claims = {
		iss: state.url,
		sub: "mock-user",
		iat: now,
		exp: now + expiresIn,
		jti: randomBytes(8).toString("hex"),
		[CODEX_AUTH_CLAIM]: { chatgpt_account_id: state.codexAccountId, chatgpt_plan_type: "plus" },
	};
	return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.${randomBytes(32).toString("base64url")}`;
}

/** A refused refresh in each service's own shape: OAuth's invalid_grant (Anthropic), OpenAI's nested error. */
function refreshRefused(provider: MockOAuthProvider, why: "revoked" | "used"): MockReply {
	if (provider === "anthropic") {
		return json(400, { error: "invalid_grant", error_description: "Refresh token not found or invalid" });
	}
	return json(401, {
		error: {
			message:
				why === "used"
					? "This refresh token was already exchanged for a new one. Sign in again."
					: "This refresh token is no longer valid. Sign in again.",
			type: "invalid_request_error",
			param: null,
			code: why === "used" ? "refresh_token_reused" : "refresh_token_invalidated",
		},
	});
}

function oauthError(provider: MockOAuthProvider, status: number, code: string, description: string): MockReply {
	if (provider === "openai-codex") {
		return json(status, { error: { message: description, type: "invalid_request_error", param: null, code } });
	}
	return json(status, { error: code, error_description: description });
}

function challengeOf(verifier: string): string {
	return createHash("sha256").update(verifier).digest("base64url");
}

function text(status: number, message: string): MockReply {
	return { status, headers: { "content-type": "text/plain; charset=utf-8" }, body: `Mock OAuth: ${message}` };
}
