/**
 * ChatGPT (Codex) sign-in by device code, for machines where neither a browser nor the loopback callback works (an
 * SSH session): pi asks OpenAI for a user code, the user types it at the verification page on any device, and pi
 * polls until OpenAI hands over an authorization code together with the PKCE verifier it generated on its side.
 * That code is then exchanged like the browser's, naming OpenAI's device redirect URI.
 */
import { rebase } from "./config.js";
import { type DevicePollResult, pollDeviceAuthorization } from "./device-code.js";
import { errorFields, httpError, parseObject, type RequestContext, requestJson, requireString, send } from "./http.js";
import { OAUTH_TEXTS } from "./texts.js";
import { type OAuthCredentials, OAuthError, type OAuthLoginCallbacks } from "./types.js";

/** Facts of OpenAI's device authorization for the Codex client. */
export const OPENAI_CODEX_DEVICE = {
	userCodeUrl: "https://auth.openai.com/api/accounts/deviceauth/usercode",
	tokenUrl: "https://auth.openai.com/api/accounts/deviceauth/token",
	verificationUrl: "https://auth.openai.com/codex/device",
	/** The redirect URI the code exchange names for a device-code login. */
	redirectUri: "https://auth.openai.com/deviceauth/callback",
	/** OpenAI names no lifetime for the user code; the Codex clients give up after 15 minutes. */
	expiresInSeconds: 15 * 60,
	/** The error code of a poll before the user entered the code. */
	pendingCode: "deviceauth_authorization_pending",
} as const;

/** What a device-code login needs from the Codex provider. */
export interface CodexDeviceLogin {
	providerId: string;
	providerName: string;
	clientId: string;
	baseUrl?: string;
	pollIntervalMs?: number;
	callbacks: OAuthLoginCallbacks;
	/** The provider's authorization-code exchange (same token endpoint and credentials as the browser login). */
	exchange(code: string, verifier: string, redirectUri: string): Promise<OAuthCredentials>;
}

interface DeviceAuthorization {
	deviceAuthId: string;
	userCode: string;
	intervalSeconds?: number;
}

/** Runs the device-code login and returns the exchanged credentials. */
export async function loginCodexWithDeviceCode(login: CodexDeviceLogin): Promise<OAuthCredentials> {
	const { callbacks } = login;
	const context = (step: string): RequestContext => ({
		providerId: login.providerId,
		providerName: login.providerName,
		step,
		credentialCheck: false,
		signal: callbacks.signal,
	});
	const device = await requestUserCode(login, context("device code request"));
	const url = rebase(OPENAI_CODEX_DEVICE.verificationUrl, login.baseUrl);
	callbacks.onAuth({ url, userCode: device.userCode, instructions: OAUTH_TEXTS.deviceInstructions(device.userCode) });
	callbacks.onProgress?.(OAUTH_TEXTS.waitingForDevice);

	const pollCtx = context("device authorization");
	const granted = await pollDeviceAuthorization({
		providerName: login.providerName,
		intervalSeconds: device.intervalSeconds,
		expiresInSeconds: OPENAI_CODEX_DEVICE.expiresInSeconds,
		pollIntervalMs: login.pollIntervalMs,
		onProgress: callbacks.onProgress,
		signal: callbacks.signal,
		poll: () => pollOnce(login, device, pollCtx),
	});
	callbacks.onProgress?.(OAUTH_TEXTS.exchangingCode);
	return login.exchange(granted.code, granted.verifier, rebase(OPENAI_CODEX_DEVICE.redirectUri, login.baseUrl));
}

async function requestUserCode(login: CodexDeviceLogin, ctx: RequestContext): Promise<DeviceAuthorization> {
	let body: Record<string, unknown>;
	try {
		({ body } = await requestJson(
			{ url: rebase(OPENAI_CODEX_DEVICE.userCodeUrl, login.baseUrl), json: { client_id: login.clientId } },
			ctx,
		));
	} catch (error) {
		// A server without device authorization answers 404: say so rather than "HTTP 404".
		if (error instanceof OAuthError && error.status === 404) {
			throw new OAuthError(OAUTH_TEXTS.codexDeviceUnavailable, "http", 404);
		}
		throw error;
	}
	// OpenAI sends the interval as a string ("5"); accept a number too.
	const interval = typeof body.interval === "string" ? Number(body.interval.trim()) : body.interval;
	return {
		deviceAuthId: requireString(body, "device_auth_id", ctx),
		userCode: requireString(body, "user_code", ctx),
		intervalSeconds: typeof interval === "number" && Number.isFinite(interval) && interval >= 0 ? interval : undefined,
	};
}

/**
 * One poll. OpenAI answers 403 or 404 (or the `deviceauth_authorization_pending` error) until the code was entered,
 * then 200 with the authorization code and the verifier of the PKCE pair it made.
 */
async function pollOnce(
	login: CodexDeviceLogin,
	device: DeviceAuthorization,
	ctx: RequestContext,
): Promise<DevicePollResult<{ code: string; verifier: string }>> {
	const response = await send(
		{
			url: rebase(OPENAI_CODEX_DEVICE.tokenUrl, login.baseUrl),
			json: { device_auth_id: device.deviceAuthId, user_code: device.userCode },
		},
		ctx,
	);
	const text = await response.text().catch(() => "");
	const body = parseObject(text);
	if (response.ok) {
		if (!body) throw new OAuthError(OAUTH_TEXTS.badResponse(ctx.providerName, ctx.step, "not JSON"), "http", 200);
		return {
			status: "complete",
			value: {
				code: requireString(body, "authorization_code", ctx),
				verifier: requireString(body, "code_verifier", ctx),
			},
		};
	}
	if (response.status === 403 || response.status === 404) return { status: "pending" };
	const { code } = errorFields(body);
	if (code === OPENAI_CODEX_DEVICE.pendingCode) return { status: "pending" };
	if (code === "slow_down") return { status: "slow_down" };
	if (code === "expired_token") return { status: "expired" };
	if (code === "access_denied") return { status: "denied", detail: errorFields(body).description ?? code };
	throw httpError(response.status, body, ctx);
}
