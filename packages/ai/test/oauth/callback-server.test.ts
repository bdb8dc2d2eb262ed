import { describe, expect, it } from "vitest";
import { startCallbackServer } from "../../src/oauth/callback-server.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";

const options = { host: "127.0.0.1", port: 0, path: "/callback", state: "the-state", providerName: "Test" };

async function visit(port: number, query: string): Promise<{ status: number; text: string }> {
	const response = await fetch(`http://127.0.0.1:${port}${query}`);
	return { status: response.status, text: await response.text() };
}

describe("loopback callback server", () => {
	it("ignores redirects of another attempt and other paths, then takes the right one", async () => {
		const server = await startCallbackServer(options);
		try {
			const stale = await visit(server.port, "/callback?code=old&state=other");
			expect(stale.status).toBe(400);
			expect(stale.text).toContain("different sign-in attempt");
			expect((await visit(server.port, "/favicon.ico")).status).toBe(404);
			expect((await visit(server.port, "/callback?state=the-state")).status).toBe(400);

			const page = await visit(server.port, "/callback?code=good&state=the-state");
			expect(page.status).toBe(200);
			expect(page.text).toContain(OAUTH_TEXTS.pageSuccess("Test"));
			await expect(server.waitForCode()).resolves.toBe("good");
		} finally {
			server.close();
		}
	});

	it("an error redirect (the user refused) ends with `denied`", async () => {
		const server = await startCallbackServer(options);
		try {
			await visit(server.port, "/callback?error=access_denied&error_description=nope&state=the-state");
			await expect(server.waitForCode()).rejects.toMatchObject({ code: "denied" });
		} finally {
			server.close();
		}
	});

	it("escapes what it echoes into the page", async () => {
		const server = await startCallbackServer(options);
		try {
			const page = await visit(server.port, "/callback?error=%3Cscript%3E&state=the-state");
			expect(page.text).not.toContain("<script>");
			await expect(server.waitForCode()).rejects.toMatchObject({ code: "denied" });
		} finally {
			server.close();
		}
	});
});
