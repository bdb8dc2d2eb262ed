import { type AssistantMessageEvent, streamSimple } from "@pi/ai";
import { createFauxProvider, type FauxProvider } from "@pi/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { retryUnauthorizedOnce, type UnauthorizedRefresher } from "../../../src/core/auth/unauthorized-retry.js";

let faux: FauxProvider | undefined;
afterEach(() => faux?.dispose());

const unauthorized = { error: "401 invalid bearer token", errorInfo: { status: 401, retryable: false } };

/** Keys the fake resolver handed out as OAuth tokens, and the refreshes asked for. */
function fakeKeys(options: { fail?: string } = {}) {
	const refreshed: string[] = [];
	const keys: UnauthorizedRefresher = {
		isOAuthKey: (_provider, key) => key.startsWith("oauth-"),
		refreshRejectedKey: async (_provider, rejected) => {
			refreshed.push(rejected);
			if (options.fail) throw new Error(options.fail);
			return "oauth-new";
		},
	};
	return { keys, refreshed };
}

async function collect(stream: AsyncIterable<AssistantMessageEvent>) {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return events;
}

describe("one refresh and retry after a 401 to an OAuth token", () => {
	it("refreshes, re-sends with the new token and shows only the retry's events", async () => {
		faux = createFauxProvider();
		faux.enqueue(unauthorized, { text: "hello again" });
		const { keys, refreshed } = fakeKeys();
		const stream = retryUnauthorizedOnce(streamSimple, keys);
		const result = await stream(faux.model, { messages: [] }, { apiKey: "oauth-old" });
		const events = await collect(result);
		expect(refreshed).toEqual(["oauth-old"]);
		expect(faux.requests.map((request) => request.options.apiKey)).toEqual(["oauth-old", "oauth-new"]);
		expect(events.filter((event) => event.type === "start")).toHaveLength(1);
		expect(events.at(-1)?.type).toBe("done");
		expect((await result.result()).content).toEqual([{ type: "text", text: "hello again" }]);
	});

	it("reports a second 401 as it came, without a second refresh", async () => {
		faux = createFauxProvider();
		faux.enqueue(unauthorized, unauthorized);
		const { keys, refreshed } = fakeKeys();
		const result = await retryUnauthorizedOnce(streamSimple, keys)(faux.model, { messages: [] }, { apiKey: "oauth-a" });
		await collect(result);
		const reply = await result.result();
		expect(reply.stopReason).toBe("error");
		expect(reply.errorInfo?.status).toBe(401);
		expect(refreshed).toEqual(["oauth-a"]);
		expect(faux.requests).toHaveLength(2);
	});

	it("a failed refresh ends the request with the refresh's message (sign in again)", async () => {
		faux = createFauxProvider();
		faux.enqueue(unauthorized);
		const { keys } = fakeKeys({ fail: "Claude Pro/Max sign-in expired or was revoked. Sign in again." });
		const result = await retryUnauthorizedOnce(streamSimple, keys)(faux.model, { messages: [] }, { apiKey: "oauth-a" });
		await collect(result);
		const reply = await result.result();
		expect(reply.errorMessage).toBe("Claude Pro/Max sign-in expired or was revoked. Sign in again.");
		expect(faux.requests).toHaveLength(1);
	});

	it("leaves API keys and other failures alone", async () => {
		faux = createFauxProvider();
		faux.enqueue(unauthorized, { error: "overloaded", errorInfo: { status: 529, retryable: true } });
		const { keys, refreshed } = fakeKeys();
		const stream = retryUnauthorizedOnce(streamSimple, keys);
		const apiKey = await stream(faux.model, { messages: [] }, { apiKey: "sk-plain-key" });
		await collect(apiKey);
		expect((await apiKey.result()).errorInfo?.status).toBe(401);
		const other = await stream(faux.model, { messages: [] }, { apiKey: "oauth-x" });
		await collect(other);
		expect((await other.result()).errorInfo?.status).toBe(529);
		expect(refreshed).toEqual([]);
	});
});
