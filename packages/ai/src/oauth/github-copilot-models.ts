/**
 * Which Copilot models an account may use. Copilot's `GET /models` (on the API host the token names) lists the
 * account's models with two flags: `model_picker_enabled` (the editors show it) and `policy.state` (`enabled`,
 * `disabled`, or `unconfigured`: the organisation or the user has not accepted the model's terms yet). pi keeps the
 * ids as `availableModelIds` in the stored credentials, the field name the original pi uses, and lists only those.
 */
import { getModels } from "../models/index.js";
import { GITHUB_COPILOT_HEADERS, getGitHubCopilotBaseUrl } from "./github-copilot-headers.js";
import { httpError, type RequestContext, send, sleepUnlessAborted } from "./http.js";
import { OAUTH_TEXTS } from "./texts.js";
import { OAuthError } from "./types.js";

/** The API version the editors send to the models endpoint. */
const COPILOT_API_VERSION = "2026-06-01";
/** Individual accounts sometimes answer `model_picker_enabled: false` for every model (see below). */
const INDIVIDUAL_API = "https://api.individual.githubcopilot.com";

/** The account's model ids, read from one `GET /models` answer. */
export interface CopilotModelCatalog {
	/** Models the account can use now. */
	availableModelIds: string[];
	/** Models of pi's catalogue whose policy is `unconfigured`: accepting it (POST .../policy) makes them usable. */
	policyModelIds: string[];
}

/**
 * Reads a `GET /models` answer. Models that cannot call tools are left out (pi needs tools). A model is available
 * when the picker shows it and its policy is not `disabled`; on the individual API, when no model has the picker
 * flag (some accounts answer so despite enabled policies), the ones with an `enabled` policy are.
 */
export function parseCopilotModelCatalog(body: unknown, allowPolicyFallback: boolean): CopilotModelCatalog | undefined {
	const data = record(body)?.data;
	if (!Array.isArray(data)) return undefined;
	const models = data.flatMap((raw) => {
		const item = record(raw);
		if (!item || typeof item.id !== "string") return [];
		if (record(record(item.capabilities)?.supports)?.tool_calls === false) return [];
		return [{ id: item.id, picker: item.model_picker_enabled === true, policy: record(item.policy)?.state }];
	});
	const picker = models.filter((model) => model.picker && model.policy !== "disabled").map((model) => model.id);
	const fallback = allowPolicyFallback && picker.length === 0;
	const available = fallback ? models.filter((model) => model.policy === "enabled").map((model) => model.id) : picker;
	const known = new Set(getModels("github-copilot").map((model) => model.id));
	const policy = models
		.filter((model) => model.policy === "unconfigured" && known.has(model.id) && (model.picker || fallback))
		.map((model) => model.id);
	return { availableModelIds: available, policyModelIds: policy };
}

/**
 * Fetches the account's models with a Copilot token. A 429 is retried `retries` times after its `retry-after` (at
 * most 5 s). Throws `OAuthError` for any other failure.
 */
export async function fetchCopilotModelCatalog(
	copilotToken: string,
	enterprise: string | undefined,
	ctx: RequestContext,
	retries: number,
): Promise<CopilotModelCatalog> {
	const baseUrl = getGitHubCopilotBaseUrl(copilotToken, enterprise);
	for (let attempt = 0; ; attempt++) {
		const response = await send(
			{
				url: `${baseUrl}/models`,
				headers: {
					authorization: `Bearer ${copilotToken}`,
					...GITHUB_COPILOT_HEADERS,
					"X-GitHub-Api-Version": COPILOT_API_VERSION,
				},
			},
			ctx,
		);
		const text = await response.text().catch(() => "");
		const body = parse(text);
		if (response.status === 429 && attempt < retries) {
			await sleepUnlessAborted(retryDelayMs(response.headers.get("retry-after"), attempt), ctx.signal);
			continue;
		}
		if (!response.ok) throw httpError(response.status, record(body), ctx);
		const catalog = parseCopilotModelCatalog(body, baseUrl === INDIVIDUAL_API);
		if (!catalog) {
			throw new OAuthError(OAUTH_TEXTS.badResponse(ctx.providerName, ctx.step, "no model list"), "http", 200);
		}
		return catalog;
	}
}

/** `availableModelIds` of stored credentials, when it is a list of strings; undefined (list everything) else. */
export function availableModelIdsOf(credentials: Record<string, unknown>): string[] | undefined {
	const ids = credentials.availableModelIds;
	return Array.isArray(ids) && ids.every((id) => typeof id === "string") ? ids : undefined;
}

function retryDelayMs(retryAfter: string | null, attempt: number): number {
	const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
	const ms = Number.isFinite(seconds) ? seconds * 1000 : 500 * 2 ** attempt;
	return Math.min(Math.max(0, ms), 5000);
}

function record(value: unknown): Record<string, unknown> | undefined {
	return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function parse(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}
