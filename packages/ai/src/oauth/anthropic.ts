/**
 * Claude Pro/Max sign-in: authorization code with PKCE. The browser is redirected to a loopback server; when it
 * runs on another machine, the user pastes the code Anthropic's page shows (`code#state`) or the redirect URL.
 */
import { obtainAuthorizationCode } from "./authorization-code.js";
import { DEFAULT_CALLBACK_HOST, overridesFromEnv, rebase } from "./config.js";
import { expiresIn, requestContextFor, requestJson, requireNumber, requireString } from "./http.js";
import { generatePkce, generateState } from "./pkce.js";
import { OAUTH_TEXTS } from "./texts.js";
import type { OAuthCredentials, OAuthEndpointOverrides, OAuthLoginCallbacks, OAuthProvider } from "./types.js";

/** Facts of Anthropic's OAuth client (the one Claude Code uses). */
export const ANTHROPIC_OAUTH = {
	id: "anthropic",
	name: "Claude Pro/Max",
	clientId: "9d1c250a-e61b-44d9-88ed-5944d1962f5e",
	authorizeUrl: "https://claude.ai/oauth/authorize",
	tokenUrl: "https://platform.claude.com/v1/oauth/token",
	callbackPort: 53692,
	callbackPath: "/callback",
	scopes: "org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload",
} as const;

/**
 * The Anthropic OAuth provider. With `overrides`, its endpoints and callback server are those; without, they are
 * read from the environment (`PI_OAUTH_ANTHROPIC_BASE_URL`, `PI_OAUTH_CALLBACK_HOST`, `PI_OAUTH_CALLBACK_PORT`)
 * each time a flow runs.
 */
export function createAnthropicOAuth(overrides?: OAuthEndpointOverrides): OAuthProvider {
	const config = () => overrides ?? overridesFromEnv("anthropic");
	const context = requestContextFor(ANTHROPIC_OAUTH);

	async function login(callbacks: OAuthLoginCallbacks): Promise<OAuthCredentials> {
		const { baseUrl, callbackHost, callbackPort } = config();
		const pkce = generatePkce();
		const state = generateState();
		const { code, redirectUri } = await obtainAuthorizationCode(
			{
				providerName: ANTHROPIC_OAUTH.name,
				host: callbackHost ?? DEFAULT_CALLBACK_HOST,
				port: callbackPort ?? ANTHROPIC_OAUTH.callbackPort,
				path: ANTHROPIC_OAUTH.callbackPath,
				state,
				authorizationUrl: (redirect) => {
					const url = new URL(rebase(ANTHROPIC_OAUTH.authorizeUrl, baseUrl));
					url.search = new URLSearchParams({
						// Asks Anthropic's page to show the code for copying when the redirect cannot reach us.
						code: "true",
						client_id: ANTHROPIC_OAUTH.clientId,
						response_type: "code",
						redirect_uri: redirect,
						scope: ANTHROPIC_OAUTH.scopes,
						code_challenge: pkce.challenge,
						code_challenge_method: "S256",
						state,
					}).toString();
					return url.toString();
				},
			},
			callbacks,
		);
		callbacks.onProgress?.(OAUTH_TEXTS.exchangingCode);
		const ctx = context("token exchange", false, callbacks.signal);
		const { body } = await requestJson(
			{
				url: rebase(ANTHROPIC_OAUTH.tokenUrl, baseUrl),
				json: {
					grant_type: "authorization_code",
					client_id: ANTHROPIC_OAUTH.clientId,
					code,
					state,
					redirect_uri: redirectUri,
					code_verifier: pkce.verifier,
				},
			},
			ctx,
		);
		return {
			refresh: requireString(body, "refresh_token", ctx),
			access: requireString(body, "access_token", ctx),
			expires: expiresIn(requireNumber(body, "expires_in", ctx)),
		};
	}

	async function refresh(credentials: OAuthCredentials, signal?: AbortSignal): Promise<OAuthCredentials> {
		const ctx = context("token refresh", true, signal);
		const { body } = await requestJson(
			{
				url: rebase(ANTHROPIC_OAUTH.tokenUrl, config().baseUrl),
				json: { grant_type: "refresh_token", client_id: ANTHROPIC_OAUTH.clientId, refresh_token: credentials.refresh },
			},
			ctx,
		);
		return {
			...credentials,
			// Anthropic rotates refresh tokens; should an answer lack one, the old one is all there is.
			refresh: typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : credentials.refresh,
			access: requireString(body, "access_token", ctx),
			expires: expiresIn(requireNumber(body, "expires_in", ctx)),
		};
	}

	return {
		id: ANTHROPIC_OAUTH.id,
		name: ANTHROPIC_OAUTH.name,
		usesCallbackServer: true,
		login,
		refresh,
		getApiKey: (credentials) => credentials.access,
	};
}

/** The Anthropic provider with endpoints from the environment (or the real service). */
export const anthropicOAuth: OAuthProvider = createAnthropicOAuth();
