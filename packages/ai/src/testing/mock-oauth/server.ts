/**
 * A loopback OAuth server for tests: Anthropic's, OpenAI's (Codex, browser and device code) and GitHub's (Copilot)
 * sign-in endpoints on one port. Point a provider at it with its base URL override (`PI_OAUTH_*_BASE_URL` or the factory's `baseUrl`).
 * The authorize endpoint redirects straight back with a code, so a test "uses the browser" by fetching the URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getModels } from "../../models/index.js";
import { authorize, token } from "./authorization.js";
import { codexDeviceCode, codexDevicePoll } from "./codex-device.js";
import { copilotModels, copilotToken, deviceCode, devicePoll, modelPolicy } from "./github.js";
import type { MockOAuthRequest, MockReply } from "./reply.js";
import {
	type MockAuthorizeOutcome,
	type MockCopilotModel,
	type MockDeviceOutcome,
	type MockIssuedTokens,
	type MockOAuthCounts,
	type MockOAuthState,
	zeroCounts,
} from "./state.js";

export interface MockOAuthServerOptions {
	/** Interface to bind; default 127.0.0.1. */
	host?: string;
	/** Port; default 0 (any free port). */
	port?: number;
	/** Lifetime of issued access tokens (and Copilot tokens), seconds; default 3600. */
	tokenLifetimeSeconds?: number;
	/** The `interval` the device code answer names, seconds; default 0 (poll at once; tests stay fast). */
	deviceIntervalSeconds?: number;
	/** The ChatGPT account id in Codex access tokens; default "mock-account". */
	codexAccountId?: string;
	/** Host[:port] the Copilot token's `proxy-ep` names (where Copilot model requests go); default this server. */
	copilotProxyEndpoint?: string;
	/** Whether a refresh retires the refresh token it used (as Anthropic and OpenAI do); default true. */
	rotateRefreshTokens?: boolean;
	/**
	 * The Copilot account's models (`GET /models`); default every github-copilot model of the catalogue, shown in
	 * the picker with an `unconfigured` policy (so a sign-in accepts each one's policy and can use them all).
	 */
	copilotModels?: MockCopilotModel[];
}

/** The running mock. Counts and records are live views; the setters apply to requests from then on. */
export interface MockOAuthServer {
	/** `http://127.0.0.1:PORT`, no trailing slash: the base URL to give every provider. */
	readonly url: string;
	/** Every request received, in order, with its body parsed (JSON or form). */
	readonly requests: MockOAuthRequest[];
	readonly counts: MockOAuthCounts;
	/** Every token pair issued, oldest first. */
	readonly issued: MockIssuedTokens[];
	/** Copilot model ids enabled through the policy endpoint. */
	readonly enabledModels: string[];
	/** The account id Codex access tokens carry. */
	readonly codexAccountId: string;
	/** Revokes a refresh token (or, for Copilot, a GitHub token): using it then fails with the service's error. */
	revoke(refreshToken: string): void;
	/** Lifetime of access tokens issued from now on, seconds (Copilot's `expires_at` too). */
	setTokenLifetime(seconds: number): void;
	/** Delays every token answer (code exchange, refresh, Copilot token), so concurrent refreshes overlap. */
	setTokenDelay(ms: number): void;
	/** Device polls answered `authorization_pending` before the outcome (counted per device code). */
	setDevicePendingPolls(count: number): void;
	/** The next `count` device polls (any flow) are answered `slow_down`. */
	setDeviceSlowDowns(count: number): void;
	/** What device flows end with once their pending polls are used up; default "approve". */
	setDeviceOutcome(outcome: MockDeviceOutcome): void;
	/** Replaces the Copilot account's model list (`GET /models`) until `reset`. */
	setCopilotModels(models: MockCopilotModel[]): void;
	/** Makes `GET /models` fail with this HTTP status (undefined: answer again) until `reset`. */
	setCopilotModelsFailure(status: number | undefined): void;
	/** Whether the authorize endpoint grants a code or redirects with `error=access_denied`; default "approve". */
	setAuthorizeOutcome(outcome: MockAuthorizeOutcome): void;
	/**
	 * Forgets requests, counts and enabled models, and puts every knob (the Copilot model list too) back to its start
	 * value; issued tokens stay valid.
	 */
	reset(): void;
	/** Stops listening and cuts open connections. */
	close(): Promise<void>;
}

/** Starts the mock OAuth server on loopback. */
export async function startMockOAuthServer(options: MockOAuthServerOptions = {}): Promise<MockOAuthServer> {
	const defaults = {
		tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3600,
		tokenDelayMs: 0,
		deviceIntervalSeconds: options.deviceIntervalSeconds ?? 0,
		devicePendingPolls: 0,
		deviceSlowDowns: 0,
		deviceOutcome: "approve" as MockDeviceOutcome,
		authorizeOutcome: "approve" as MockAuthorizeOutcome,
	};
	const startModels = () =>
		(
			options.copilotModels ??
			getModels("github-copilot").map((model) => ({ id: model.id, policy: "unconfigured" as const }))
		).map((model) => ({ ...model }));
	const state: MockOAuthState = {
		url: "",
		codexAccountId: options.codexAccountId ?? "mock-account",
		copilotProxyEndpoint: options.copilotProxyEndpoint,
		rotateRefreshTokens: options.rotateRefreshTokens ?? true,
		...defaults,
		codes: new Map(),
		liveRefreshTokens: new Map(),
		deadRefreshTokens: new Map(),
		devices: new Map(),
		copilotTokens: new Set(),
		issued: [],
		enabledModels: [],
		copilotModels: startModels(),
		counts: zeroCounts(),
	};
	const requests: MockOAuthRequest[] = [];

	async function route(request: MockOAuthRequest): Promise<MockReply> {
		const path = new URL(request.path, "http://mock").pathname;
		const { method } = request;
		const delayed = async (reply: () => MockReply) => {
			if (state.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
			return reply();
		};
		if (method === "GET" && path === "/oauth/authorize") return authorize(state, request);
		if (method === "POST" && path === "/v1/oauth/token") return delayed(() => token(state, request, "anthropic"));
		if (method === "POST" && path === "/oauth/token") return delayed(() => token(state, request, "openai-codex"));
		if (method === "POST" && path === "/api/accounts/deviceauth/usercode") return codexDeviceCode(state, request);
		if (method === "POST" && path === "/api/accounts/deviceauth/token") return codexDevicePoll(state, request);
		if (method === "POST" && path === "/login/device/code") return deviceCode(state, request);
		if (method === "POST" && path === "/login/oauth/access_token") return devicePoll(state, request);
		if (method === "GET" && path === "/copilot_internal/v2/token") return delayed(() => copilotToken(state, request));
		const policy = /^\/models\/([^/]+)\/policy$/.exec(path);
		if (method === "POST" && policy) return modelPolicy(state, request, decodeURIComponent(policy[1] ?? ""));
		if (method === "GET" && path === "/models") return copilotModels(state, request);
		return {
			status: 404,
			body: { error: "not_found", error_description: `Mock OAuth: nothing serves ${method} ${path}` },
		};
	}

	const server = createServer((req, res) => {
		handle(req, res).catch((error) => {
			if (res.headersSent) return void res.destroy();
			res.writeHead(500, { "content-type": "application/json" });
			res.end(JSON.stringify({ error: "server_error", error_description: `Mock OAuth failure: ${String(error)}` }));
		});
	});

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const raw = await readBody(req);
		const request: MockOAuthRequest = {
			method: req.method ?? "GET",
			path: req.url ?? "/",
			headers: { ...req.headers },
			body: parseBody(raw, String(req.headers["content-type"] ?? "")),
		};
		requests.push(request);
		const reply = await route(request);
		if (res.destroyed) return;
		const isJson = reply.body !== undefined && typeof reply.body === "object";
		res.writeHead(reply.status, {
			...(isJson ? { "content-type": "application/json" } : {}),
			...reply.headers,
		});
		res.end(isJson ? JSON.stringify(reply.body) : (reply.body ?? ""));
	}

	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
	});
	const address = server.address() as AddressInfo;
	const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
	state.url = `http://${host}:${address.port}`;

	return {
		url: state.url,
		requests,
		get counts() {
			return state.counts;
		},
		issued: state.issued,
		enabledModels: state.enabledModels,
		codexAccountId: state.codexAccountId,
		revoke: (refreshToken) => {
			state.liveRefreshTokens.delete(refreshToken);
			state.deadRefreshTokens.set(refreshToken, "revoked");
		},
		setTokenLifetime: (seconds) => {
			state.tokenLifetimeSeconds = seconds;
		},
		setTokenDelay: (ms) => {
			state.tokenDelayMs = ms;
		},
		setDevicePendingPolls: (count) => {
			state.devicePendingPolls = count;
		},
		setDeviceSlowDowns: (count) => {
			state.deviceSlowDowns = count;
		},
		setDeviceOutcome: (outcome) => {
			state.deviceOutcome = outcome;
		},
		setCopilotModels: (models) => {
			state.copilotModels = models.map((model) => ({ ...model }));
		},
		setCopilotModelsFailure: (status) => {
			state.copilotModelsFailure = status;
		},
		setAuthorizeOutcome: (outcome) => {
			state.authorizeOutcome = outcome;
		},
		reset: () => {
			requests.length = 0;
			state.enabledModels.length = 0;
			state.counts = zeroCounts();
			state.copilotModels = startModels();
			state.copilotModelsFailure = undefined;
			Object.assign(state, defaults);
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

function parseBody(raw: string, contentType: string): MockOAuthRequest["body"] {
	if (raw === "") return undefined;
	if (contentType.startsWith("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
	try {
		const value: unknown = JSON.parse(raw);
		return value && typeof value === "object" ? (value as Record<string, unknown>) : raw;
	} catch {
		return raw;
	}
}
