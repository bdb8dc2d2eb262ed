/**
 * ChatGPT Plus/Pro (Codex) sign-in: authorization code with PKCE and a loopback callback on port 1455 (or, picked
 * at login, a device code: openai-codex-device.ts), form-encoded token requests, and the ChatGPT account id read
 * from the access token's claims (Codex requests must name it).
 */
import { obtainAuthorizationCode } from "./authorization-code.js";
import { DEFAULT_CALLBACK_HOST, overridesFromEnv, rebase } from "./config.js";
import {
	expiresIn,
	type RequestContext,
	requestContextFor,
	requestJson,
	requireNumber,
	requireString,
} from "./http.js";
import { loginCodexWithDeviceCode } from "./openai-codex-device.js";
import { generatePkce, generateState } from "./pkce.js";
import { OAUTH_TEXTS } from "./texts.js";
import {
	type OAuthCredentials,
	type OAuthEndpointOverrides,
	OAuthError,
	type OAuthLoginCallbacks,
	type OAuthProvider,
} from "./types.js";

/** Facts of OpenAI's OAuth client (the one the Codex CLI uses). */
export const OPENAI_CODEX_OAUTH = {
	id: "openai-codex",
	name: "ChatGPT Plus/Pro (Codex)",
	clientId: "app_EMoamEEZ73f0CkXaXp7hrann",
	authorizeUrl: "https://auth.openai.com/oauth/authorize",
	tokenUrl: "https://auth.openai.com/oauth/token",
	callbackPort: 1455,
	callbackPath: "/auth/callback",
	scope: "openid profile email offline_access",
	/** The access-token claim holding `chatgpt_account_id`. */
	authClaim: "https://api.openai.com/auth",
	/** Who is signing in, as OpenAI's consent page names it. */
	originator: "pi",
} as const;

/** The ways to sign in to Codex, as `onSelect` offers them (the original pi's ids). */
export const OPENAI_CODEX_LOGIN_METHODS = {
	browser: "browser",
	deviceCode: "device_code",
} as const;

/**
 * The Codex credentials: the common fields plus `accountId`, the ChatGPT account id, under the name the original
 * pi stores it so auth.json entries work in both.
 */
export interface OpenAICodexCredentials extends OAuthCredentials {
	accountId: string;
}

/** The ChatGPT account id in an OpenAI access token (a JWT), or undefined when it carries none. */
export function codexAccountId(accessToken: string): string | undefined {
	const payload = accessToken.split(".")[1];
	if (!payload) return undefined;
	try {
		const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
		const auth = claims[OPENAI_CODEX_OAUTH.authClaim] as { chatgpt_account_id?: unknown } | undefined;
		const id = auth?.chatgpt_account_id;
		return typeof id === "string" && id !== "" ? id : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The Codex OAuth provider. With `overrides`, its endpoints and callback server are those; without, they are read
 * from the environment (`PI_OAUTH_OPENAI_CODEX_BASE_URL`, `PI_OAUTH_CALLBACK_HOST`, `PI_OAUTH_CALLBACK_PORT`) each
 * time a flow runs.
 */
export function createOpenAICodexOAuth(overrides?: OAuthEndpointOverrides): OAuthProvider {
	const config = () => overrides ?? overridesFromEnv("openai-codex");
	const context = requestContextFor(OPENAI_CODEX_OAUTH);

	/** Credentials from a token answer; an access token without an account id is useless for Codex requests. */
	function credentialsFrom(
		body: Record<string, unknown>,
		ctx: RequestContext,
		previousRefresh?: string,
	): OpenAICodexCredentials {
		const access = requireString(body, "access_token", ctx);
		const accountId = codexAccountId(access);
		if (!accountId) {
			throw new OAuthError(
				OAUTH_TEXTS.badResponse(ctx.providerName, ctx.step, "no ChatGPT account id in the access token"),
				"http",
				200,
			);
		}
		const refresh = typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : previousRefresh;
		return {
			refresh: refresh ?? requireString(body, "refresh_token", ctx),
			access,
			expires: expiresIn(requireNumber(body, "expires_in", ctx)),
			accountId,
		};
	}

	/** Exchanges an authorization code (from the browser or from the device flow) for credentials. */
	async function exchange(
		code: string,
		verifier: string,
		redirectUri: string,
		signal: AbortSignal | undefined,
	): Promise<OAuthCredentials> {
		const ctx = context("token exchange", false, signal);
		const { body } = await requestJson(
			{
				url: rebase(OPENAI_CODEX_OAUTH.tokenUrl, config().baseUrl),
				form: {
					grant_type: "authorization_code",
					client_id: OPENAI_CODEX_OAUTH.clientId,
					code,
					code_verifier: verifier,
					redirect_uri: redirectUri,
				},
			},
			ctx,
		);
		return credentialsFrom(body, ctx);
	}

	/** Browser login (default), or device code login for a machine without a browser, as the user picks. */
	async function login(callbacks: OAuthLoginCallbacks): Promise<OAuthCredentials> {
		const method = callbacks.onSelect
			? await callbacks.onSelect({
					message: OAUTH_TEXTS.codexMethodQuestion,
					options: [
						{ id: OPENAI_CODEX_LOGIN_METHODS.browser, label: OAUTH_TEXTS.codexBrowserMethod },
						{ id: OPENAI_CODEX_LOGIN_METHODS.deviceCode, label: OAUTH_TEXTS.codexDeviceMethod },
					],
				})
			: OPENAI_CODEX_LOGIN_METHODS.browser;
		if (callbacks.signal?.aborted) throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
		if (method === OPENAI_CODEX_LOGIN_METHODS.deviceCode) {
			const { baseUrl, pollIntervalMs } = config();
			return loginCodexWithDeviceCode({
				providerId: OPENAI_CODEX_OAUTH.id,
				providerName: OPENAI_CODEX_OAUTH.name,
				clientId: OPENAI_CODEX_OAUTH.clientId,
				baseUrl,
				pollIntervalMs,
				callbacks,
				exchange: (code, verifier, redirectUri) => exchange(code, verifier, redirectUri, callbacks.signal),
			});
		}
		if (method !== OPENAI_CODEX_LOGIN_METHODS.browser) {
			throw new OAuthError(OAUTH_TEXTS.unknownChoice(method), "denied");
		}
		return loginWithBrowser(callbacks);
	}

	async function loginWithBrowser(callbacks: OAuthLoginCallbacks): Promise<OAuthCredentials> {
		const { baseUrl, callbackHost, callbackPort } = config();
		const pkce = generatePkce();
		const state = generateState();
		const { code, redirectUri } = await obtainAuthorizationCode(
			{
				providerName: OPENAI_CODEX_OAUTH.name,
				host: callbackHost ?? DEFAULT_CALLBACK_HOST,
				port: callbackPort ?? OPENAI_CODEX_OAUTH.callbackPort,
				path: OPENAI_CODEX_OAUTH.callbackPath,
				state,
				authorizationUrl: (redirect) => {
					const url = new URL(rebase(OPENAI_CODEX_OAUTH.authorizeUrl, baseUrl));
					url.search = new URLSearchParams({
						response_type: "code",
						client_id: OPENAI_CODEX_OAUTH.clientId,
						redirect_uri: redirect,
						scope: OPENAI_CODEX_OAUTH.scope,
						code_challenge: pkce.challenge,
						code_challenge_method: "S256",
						state,
						// Ask for the organisation claims and the Codex CLI's short consent flow, as the Codex CLI does.
						id_token_add_organizations: "true",
						codex_cli_simplified_flow: "true",
						originator: OPENAI_CODEX_OAUTH.originator,
					}).toString();
					return url.toString();
				},
			},
			callbacks,
		);
		callbacks.onProgress?.(OAUTH_TEXTS.exchangingCode);
		return exchange(code, pkce.verifier, redirectUri, callbacks.signal);
	}

	async function refresh(credentials: OAuthCredentials, signal?: AbortSignal): Promise<OAuthCredentials> {
		const ctx = context("token refresh", true, signal);
		const { body } = await requestJson(
			{
				url: rebase(OPENAI_CODEX_OAUTH.tokenUrl, config().baseUrl),
				form: {
					grant_type: "refresh_token",
					refresh_token: credentials.refresh,
					client_id: OPENAI_CODEX_OAUTH.clientId,
				},
			},
			ctx,
		);
		return { ...credentials, ...credentialsFrom(body, ctx, credentials.refresh) };
	}

	return {
		id: OPENAI_CODEX_OAUTH.id,
		name: OPENAI_CODEX_OAUTH.name,
		usesCallbackServer: true,
		login,
		refresh,
		getApiKey: (credentials) => credentials.access,
	};
}

/** The Codex provider with endpoints from the environment (or the real service). */
export const openaiCodexOAuth: OAuthProvider = createOpenAICodexOAuth();
