/**
 * A loopback stand-in for Google's token endpoints, for Vertex ADC tests: the OAuth token endpoint
 * (`POST /token`, a service account's signed JWT assertion or an authorized user's refresh token) and the
 * metadata server (`/computeMetadata/v1/...`). It verifies what google-auth-library sends and answers with a
 * known access token.
 */
import { generateKeyPairSync, verify } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** The scope the Vertex SDK asks for. */
export const CLOUD_PLATFORM_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

/** A token request as the endpoint saw it. */
export interface TokenRequest {
	path: string;
	form: Record<string, string>;
	/** The verified claims of a JWT assertion (service accounts). */
	claims?: Record<string, unknown>;
	headers: IncomingMessage["headers"];
}

export interface GoogleTokenServer {
	url: string;
	/** `host:port`, the form GCE_METADATA_HOST takes. */
	host: string;
	requests: TokenRequest[];
	/** A service-account key file's JSON, signed with the key pair the endpoint verifies against. */
	serviceAccount(projectId: string): Record<string, string>;
	/** The next token responses fail with this OAuth error (e.g. `invalid_grant`). */
	failWith(error: string | undefined, description?: string): void;
	close(): Promise<void>;
}

const base64url = (text: string) => Buffer.from(text, "base64url");

/** Starts the endpoint; every token it issues is `access_token`. */
export async function startGoogleTokenServer(accessToken: string): Promise<GoogleTokenServer> {
	const { privateKey, publicKey } = generateKeyPairSync("rsa", {
		modulusLength: 2048,
		privateKeyEncoding: { type: "pkcs8", format: "pem" },
		publicKeyEncoding: { type: "spki", format: "pem" },
	});
	const requests: TokenRequest[] = [];
	let failure: { error: string; description: string } | undefined;
	const token = { access_token: accessToken, expires_in: 3599, token_type: "Bearer" };

	const server = createServer(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const path = req.url ?? "/";
		const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
			res.writeHead(status, { "content-type": "application/json", ...headers });
			res.end(JSON.stringify(body));
		};
		if (path.startsWith("/computeMetadata/v1/")) {
			requests.push({ path, form: {}, headers: req.headers });
			if (req.headers["metadata-flavor"] !== "Google") return json(403, { error: "missing Metadata-Flavor" });
			const flavor = { "metadata-flavor": "Google" };
			if (path.startsWith("/computeMetadata/v1/instance/service-accounts/default/token"))
				return json(200, token, flavor);
			if (path.split("?")[0] === "/computeMetadata/v1/instance") return json(200, {}, flavor);
			return json(404, {}, flavor);
		}
		const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
		const request: TokenRequest = { path, form, headers: req.headers };
		requests.push(request);
		if (req.method !== "POST" || path !== "/token") return json(404, { error: "not_found" });
		if (failure) return json(400, { error: failure.error, error_description: failure.description });
		if (form.grant_type === "urn:ietf:params:oauth:grant-type:jwt-bearer") {
			const [header, payload, signature] = (form.assertion ?? "").split(".");
			const signed = verify("RSA-SHA256", Buffer.from(`${header}.${payload}`), publicKey, base64url(signature ?? ""));
			if (!signed) return json(400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
			request.claims = JSON.parse(base64url(payload!).toString("utf8"));
			return json(200, token);
		}
		if (form.grant_type === "refresh_token" && form.refresh_token) return json(200, token);
		return json(400, { error: "unsupported_grant_type" });
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	const url = `http://127.0.0.1:${port}`;

	return {
		url,
		host: `127.0.0.1:${port}`,
		requests,
		serviceAccount: (projectId) => ({
			type: "service_account",
			project_id: projectId,
			private_key_id: "key-1",
			private_key: privateKey,
			client_email: `pi-test@${projectId}.iam.gserviceaccount.com`,
			client_id: "1234567890",
			token_uri: `${url}/token`,
		}),
		failWith: (error, description = "") => {
			failure = error ? { error, description } : undefined;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}
