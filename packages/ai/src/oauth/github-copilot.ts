/**
 * GitHub Copilot sign-in: the device flow on github.com (or a GitHub Enterprise domain) gives a GitHub token, which
 * is exchanged for a short-lived Copilot token. Stored credentials keep the GitHub token as `refresh` and the
 * Copilot token as `access`; a refresh is a new exchange.
 */
import { getModels } from "../models/index.js";
import type { Model } from "../types.js";
import { overridesFromEnv, rebase } from "./config.js";
import { type DevicePollResult, pollDeviceAuthorization } from "./device-code.js";
import { GITHUB_COPILOT_HEADERS, getGitHubCopilotBaseUrl } from "./github-copilot-headers.js";
import { availableModelIdsOf, fetchCopilotModelCatalog } from "./github-copilot-models.js";
import {
	EXPIRY_MARGIN_MS,
	type RequestContext,
	requestContextFor,
	requestJson,
	requireNumber,
	requireString,
	send,
} from "./http.js";
import { OAUTH_TEXTS } from "./texts.js";
import {
	type OAuthCredentials,
	type OAuthEndpointOverrides,
	OAuthError,
	type OAuthLoginCallbacks,
	type OAuthProvider,
} from "./types.js";

/** Facts of GitHub's OAuth app for Copilot editors. */
export const GITHUB_COPILOT_OAUTH = {
	id: "github-copilot",
	name: "GitHub Copilot",
	clientId: "Iv1.b507a08c87ecfe98",
	scope: "read:user",
	defaultDomain: "github.com",
} as const;

/**
 * Copilot credentials, with the original pi's field names: `enterpriseUrl` holds the GitHub Enterprise domain (absent
 * for github.com); `availableModelIds` the models the account can use (absent when the list could not be read: then
 * every Copilot model is listed).
 */
export interface GitHubCopilotCredentials extends OAuthCredentials {
	enterpriseUrl?: string;
	availableModelIds?: string[];
}

/** The host of a GitHub Enterprise URL or bare domain; undefined when it is neither. */
export function normalizeGitHubDomain(input: string): string | undefined {
	const value = input.trim();
	if (value === "") return undefined;
	try {
		const url = new URL(value.includes("://") ? value : `https://${value}`);
		return url.hostname || undefined;
	} catch {
		return undefined;
	}
}

function endpoints(domain: string, baseUrl: string | undefined) {
	return {
		deviceCode: rebase(`https://${domain}/login/device/code`, baseUrl),
		accessToken: rebase(`https://${domain}/login/oauth/access_token`, baseUrl),
		copilotToken: rebase(`https://api.${domain}/copilot_internal/v2/token`, baseUrl),
	};
}

/** Asks for the enterprise domain until the answer is one (or empty, for github.com). */
async function askDomain(callbacks: OAuthLoginCallbacks): Promise<string | undefined> {
	let message: string = OAUTH_TEXTS.domainQuestion;
	for (;;) {
		const answer = await callbacks.onPrompt({ message, placeholder: "company.ghe.com", allowEmpty: true });
		if (callbacks.signal?.aborted) throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
		const domain = normalizeGitHubDomain(answer);
		if (domain || answer.trim() === "") return domain;
		message = `${OAUTH_TEXTS.invalidDomain(answer.trim())} ${OAUTH_TEXTS.domainQuestion}`;
	}
}

function enterpriseOf(credentials: OAuthCredentials): string | undefined {
	const value = credentials.enterpriseUrl;
	return typeof value === "string" ? normalizeGitHubDomain(value) : undefined;
}

/**
 * The Copilot OAuth provider. With `overrides`, `baseUrl` replaces the origin of both GitHub hosts (github.com and
 * api.github.com, or the enterprise's); without, `PI_OAUTH_GITHUB_COPILOT_BASE_URL` is read each time a flow runs.
 */
export function createGitHubCopilotOAuth(overrides?: OAuthEndpointOverrides): OAuthProvider {
	const config = () => overrides ?? overridesFromEnv("github-copilot");
	const context = requestContextFor(GITHUB_COPILOT_OAUTH);
	const githubHeaders = { "User-Agent": GITHUB_COPILOT_HEADERS["User-Agent"] ?? "" };

	/** Exchanges the GitHub token for a Copilot token. */
	async function exchange(
		githubToken: string,
		enterprise: string | undefined,
		ctx: RequestContext,
	): Promise<GitHubCopilotCredentials> {
		const urls = endpoints(enterprise ?? GITHUB_COPILOT_OAUTH.defaultDomain, config().baseUrl);
		const { body } = await requestJson(
			{ url: urls.copilotToken, headers: { authorization: `Bearer ${githubToken}`, ...GITHUB_COPILOT_HEADERS } },
			ctx,
		);
		const credentials: GitHubCopilotCredentials = {
			refresh: githubToken,
			access: requireString(body, "token", ctx),
			expires: requireNumber(body, "expires_at", ctx) * 1000 - EXPIRY_MARGIN_MS,
		};
		if (enterprise) credentials.enterpriseUrl = enterprise;
		return credentials;
	}

	async function login(callbacks: OAuthLoginCallbacks): Promise<OAuthCredentials> {
		const { baseUrl, pollIntervalMs } = config();
		const enterprise = await askDomain(callbacks);
		const urls = endpoints(enterprise ?? GITHUB_COPILOT_OAUTH.defaultDomain, baseUrl);

		const startCtx = context("device code request", false, callbacks.signal);
		const { body: device } = await requestJson(
			{
				url: urls.deviceCode,
				headers: githubHeaders,
				form: { client_id: GITHUB_COPILOT_OAUTH.clientId, scope: GITHUB_COPILOT_OAUTH.scope },
			},
			startCtx,
		);
		const deviceCode = requireString(device, "device_code", startCtx);
		const userCode = requireString(device, "user_code", startCtx);
		const verificationUri = requireString(device, "verification_uri", startCtx);
		// The URL is handed to a browser opener: only http(s) may pass, never a file or a program.
		if (!/^https?:\/\//i.test(verificationUri)) {
			throw new OAuthError(
				OAUTH_TEXTS.badResponse(GITHUB_COPILOT_OAUTH.name, startCtx.step, "verification_uri is not a web address"),
				"http",
				200,
			);
		}
		callbacks.onAuth({ url: verificationUri, userCode, instructions: OAUTH_TEXTS.deviceInstructions(userCode) });
		callbacks.onProgress?.(OAUTH_TEXTS.waitingForDevice);

		const pollCtx = context("device authorization", false, callbacks.signal);
		const githubToken = await pollDeviceAuthorization({
			providerName: GITHUB_COPILOT_OAUTH.name,
			intervalSeconds: typeof device.interval === "number" ? device.interval : undefined,
			expiresInSeconds: typeof device.expires_in === "number" ? device.expires_in : 900,
			pollIntervalMs,
			onProgress: callbacks.onProgress,
			signal: callbacks.signal,
			poll: async (): Promise<DevicePollResult<string>> => {
				const { body } = await requestJson(
					{
						url: urls.accessToken,
						headers: githubHeaders,
						form: {
							client_id: GITHUB_COPILOT_OAUTH.clientId,
							device_code: deviceCode,
							grant_type: "urn:ietf:params:oauth:grant-type:device_code",
						},
					},
					pollCtx,
				);
				if (typeof body.access_token === "string" && body.access_token)
					return { status: "complete", value: body.access_token };
				const description = typeof body.error_description === "string" ? body.error_description : "";
				switch (body.error) {
					case "authorization_pending":
						return { status: "pending" };
					case "slow_down":
						return {
							status: "slow_down",
							intervalSeconds: typeof body.interval === "number" ? body.interval : undefined,
						};
					case "expired_token":
						return { status: "expired" };
					case "access_denied":
						return { status: "denied", detail: description };
				}
				const detail = [body.error, description].filter((part) => typeof part === "string" && part).join(": ");
				throw new OAuthError(OAUTH_TEXTS.http(GITHUB_COPILOT_OAUTH.name, pollCtx.step, 200, detail), "http", 200);
			},
		});

		callbacks.onProgress?.(OAUTH_TEXTS.gettingCopilotToken);
		const credentials = await exchange(
			githubToken,
			enterprise,
			context("Copilot token exchange", false, callbacks.signal),
		);
		callbacks.onProgress?.(OAUTH_TEXTS.readingCopilotModels);
		const catalog = await readCatalog(credentials, 2, callbacks.signal);
		if (!catalog) {
			// Without the account's list, accept every catalogue model's policy as before and list them all.
			callbacks.onProgress?.(OAUTH_TEXTS.copilotModelsUnknown);
			await enableModels(
				credentials,
				getModels("github-copilot").map((model) => model.id),
				callbacks.signal,
			);
			return credentials;
		}
		let enabled: string[] = [];
		if (catalog.policyModelIds.length > 0) {
			callbacks.onProgress?.(OAUTH_TEXTS.enablingModels);
			enabled = await enableModels(credentials, catalog.policyModelIds, callbacks.signal);
		}
		return { ...credentials, availableModelIds: [...new Set([...catalog.availableModelIds, ...enabled])] };
	}

	/** The account's model list, or undefined when it could not be read (an abort still rejects). */
	async function readCatalog(credentials: GitHubCopilotCredentials, retries: number, signal: AbortSignal | undefined) {
		try {
			const ctx = context("model list", false, signal);
			return await fetchCopilotModelCatalog(credentials.access, credentials.enterpriseUrl, ctx, retries);
		} catch (error) {
			if (signal?.aborted) throw error;
			return undefined;
		}
	}

	/**
	 * Some Copilot models (Claude, Gemini, ...) answer only after their policy was accepted once for the account;
	 * the editors accept it on sign-in, and so do we. Best effort: a failure leaves that model as it was. Resolves
	 * with the ids accepted.
	 */
	async function enableModels(
		credentials: GitHubCopilotCredentials,
		ids: string[],
		signal: AbortSignal | undefined,
	): Promise<string[]> {
		const baseUrl = getGitHubCopilotBaseUrl(credentials.access, credentials.enterpriseUrl);
		const ctx = context("model policy", false, signal);
		const accepted = await Promise.all(
			ids.map(async (id) => {
				try {
					const response = await send(
						{
							url: `${baseUrl}/models/${encodeURIComponent(id)}/policy`,
							headers: {
								authorization: `Bearer ${credentials.access}`,
								...GITHUB_COPILOT_HEADERS,
								"openai-intent": "chat-policy",
								"x-interaction-type": "chat-policy",
							},
							json: { state: "enabled" },
						},
						ctx,
					);
					await response.body?.cancel();
					return response.ok ? [id] : [];
				} catch {
					// Ignored: the model may not need it, or the account may not be allowed to change it.
					return [];
				}
			}),
		);
		return accepted.flat();
	}

	/** A new Copilot token, and the account's model list again (kept as it was when it cannot be read). */
	async function refresh(credentials: OAuthCredentials, signal?: AbortSignal): Promise<OAuthCredentials> {
		const renewed = await exchange(
			credentials.refresh,
			enterpriseOf(credentials),
			context("Copilot token refresh", true, signal),
		);
		const catalog = await readCatalog(renewed, 0, signal);
		return {
			...credentials,
			...renewed,
			...(catalog ? { availableModelIds: catalog.availableModelIds } : {}),
		};
	}

	return {
		id: GITHUB_COPILOT_OAUTH.id,
		name: GITHUB_COPILOT_OAUTH.name,
		usesCallbackServer: false,
		login,
		refresh,
		getApiKey: (credentials) => credentials.access,
		// The Copilot models take the API host the token names; only those the account can use stay listed.
		modifyModels: (models: Model[], credentials) => {
			const baseUrl = getGitHubCopilotBaseUrl(credentials.access, enterpriseOf(credentials));
			const available = availableModelIdsOf(credentials);
			const allowed = available ? new Set(available) : undefined;
			return models.flatMap((model) => {
				if (model.provider !== GITHUB_COPILOT_OAUTH.id) return [model];
				return !allowed || allowed.has(model.id) ? [{ ...model, baseUrl }] : [];
			});
		},
	};
}

/** The Copilot provider with endpoints from the environment (or the real service). */
export const githubCopilotOAuth: OAuthProvider = createGitHubCopilotOAuth();
