import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { OAuthCredentials, OAuthProvider } from "@pi/ai";
import { OAuthError } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { refreshTexts } from "../../../src/core/auth/texts.js";
import { OAuthTokenRefresher } from "../../../src/core/auth/token-refresh.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { tempDir, writeFile } from "../config/helpers.js";

const NOW = 1_000_000;

/** An in-test sign-in integration: counts refreshes, can be slow, can report the refresh token revoked. */
function fakeProvider(options: { delayMs?: number; revoked?: boolean } = {}) {
	const calls: string[] = [];
	const provider: OAuthProvider = {
		id: "anthropic",
		name: "Claude Pro/Max",
		usesCallbackServer: true,
		login: async () => {
			throw new Error("not used");
		},
		refresh: async (credentials: OAuthCredentials) => {
			calls.push(credentials.refresh);
			if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
			if (options.revoked) throw new OAuthError("refresh token revoked", "revoked", 400);
			const n = calls.length;
			return { access: `access-${n}`, refresh: `refresh-${n}`, expires: NOW + 3_600_000, accountId: "acct" };
		},
		getApiKey: (credentials) => credentials.access,
	};
	return { provider, calls };
}

function authFile(entries: Record<string, unknown>) {
	const dir = tempDir();
	const file = writeFile(join(dir, "auth.json"), JSON.stringify(entries, null, 2));
	return { dir, file };
}

const expired = { type: "oauth", access: "old-access", refresh: "old-refresh", expires: NOW - 1 };

function refresher(dir: string, provider: OAuthProvider) {
	const auth = AuthStorage.create({ agentDir: dir });
	return {
		auth,
		refresher: new OAuthTokenRefresher({ auth, loadProvider: async () => provider, now: () => NOW }),
	};
}

describe("OAuth token refresh", () => {
	it("refreshes an expired entry, writes only that provider's entry (0600) and keeps the others", async () => {
		const { dir, file } = authFile({ openai: { type: "api_key", key: "sk-openai-keep" }, anthropic: expired });
		const { provider, calls } = fakeProvider();
		const { refresher: r } = refresher(dir, provider);
		const next = await r.refresh("anthropic", { reason: "expired" });
		expect(next.access).toBe("access-1");
		expect(calls).toEqual(["old-refresh"]);
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			openai: { type: "api_key", key: "sk-openai-keep" },
			anthropic: {
				type: "oauth",
				access: "access-1",
				refresh: "refresh-1",
				expires: NOW + 3_600_000,
				accountId: "acct",
			},
		});
		expect(statSync(file).mode & 0o777).toBe(0o600);
	});

	it("uses the entry another process stored meanwhile instead of refreshing again", async () => {
		const { dir, file } = authFile({ anthropic: expired });
		const { provider, calls } = fakeProvider();
		const { refresher: r } = refresher(dir, provider);
		// Another process refreshed after this one read auth.json.
		const fresh = { type: "oauth", access: "other-access", refresh: "other-refresh", expires: NOW + 600_000 };
		writeFile(file, JSON.stringify({ anthropic: fresh }));
		expect((await r.refresh("anthropic", { reason: "expired" })).access).toBe("other-access");
		expect(calls).toEqual([]);
	});

	it("two stores of one auth.json refreshing at the same time make one refresh; both get its token", async () => {
		const { dir } = authFile({ anthropic: expired });
		const { provider, calls } = fakeProvider({ delayMs: 200 });
		const a = refresher(dir, provider);
		const b = refresher(dir, provider);
		const results = await Promise.all([
			a.refresher.refresh("anthropic", { reason: "expired" }),
			b.refresher.refresh("anthropic", { reason: "expired" }),
			a.refresher.refresh("anthropic", { reason: "expired" }),
		]);
		expect(calls).toHaveLength(1);
		expect(results.map((entry) => entry.access)).toEqual(["access-1", "access-1", "access-1"]);
	});

	it("after a 401 refreshes a token that is not yet expired, unless the stored one was replaced already", async () => {
		const live = { type: "oauth", access: "rejected", refresh: "old-refresh", expires: NOW + 600_000 };
		const { dir } = authFile({ anthropic: live });
		const { provider, calls } = fakeProvider();
		const { refresher: r } = refresher(dir, provider);
		expect((await r.refresh("anthropic", { reason: "unauthorized", rejectedAccess: "rejected" })).access).toBe(
			"access-1",
		);
		// A 401 to the old token arriving late: the stored token is already another one.
		expect((await r.refresh("anthropic", { reason: "unauthorized", rejectedAccess: "rejected" })).access).toBe(
			"access-1",
		);
		expect(calls).toEqual(["old-refresh"]);
	});

	it("a revoked refresh token gives the sign-in-again error and changes nothing in auth.json", async () => {
		const { dir, file } = authFile({ openai: { type: "api_key", key: "sk-openai-keep" }, anthropic: expired });
		const before = readFileSync(file);
		const { provider } = fakeProvider({ revoked: true });
		const { refresher: r } = refresher(dir, provider);
		await expect(r.refresh("anthropic", { reason: "expired" })).rejects.toThrow(
			refreshTexts.signInAgain("Claude Pro/Max", "anthropic"),
		);
		expect(readFileSync(file).equals(before)).toBe(true);
		expect(refreshTexts.signInAgain("Claude Pro/Max", "anthropic")).toBe(
			"Claude Pro/Max sign-in expired or was revoked. Sign in again with /login or `pi auth login anthropic`.",
		);
	});

	it("other refresh failures name the provider and the cause", async () => {
		const { dir } = authFile({ anthropic: expired });
		const { provider } = fakeProvider();
		provider.refresh = async () => {
			throw new OAuthError("Could not reach Claude Pro/Max at localhost (ECONNREFUSED).", "network");
		};
		const { refresher: r } = refresher(dir, provider);
		await expect(r.refresh("anthropic", { reason: "expired" })).rejects.toThrow(
			"Could not refresh the Claude Pro/Max sign-in: Could not reach Claude Pro/Max at localhost (ECONNREFUSED).",
		);
	});
});
