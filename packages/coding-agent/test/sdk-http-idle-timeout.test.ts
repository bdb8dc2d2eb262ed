/**
 * settings.json `httpIdleTimeoutMs` reaches the HTTP transport under the provider SDKs when a session is created
 * (a server that never answers used to keep pi waiting for ever on the node:http transport).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getHttpIdleTimeout, setHttpIdleTimeout } from "@pi/ai";
import { createFauxProvider } from "@pi/ai/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createAgentSession } from "../src/sdk.js";

const before = getHttpIdleTimeout();
let root: string | undefined;
afterEach(() => {
	setHttpIdleTimeout(before);
	if (root) rmSync(root, { recursive: true, force: true });
});

async function sessionWithSettings(settings: Record<string, unknown>): Promise<void> {
	root = mkdtempSync(join(tmpdir(), "pi-idle-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(cwd, { recursive: true });
	writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
	const faux = createFauxProvider();
	try {
		await createAgentSession({ cwd, agentDir, env: {}, model: faux.model, noTools: true, noContextFiles: true });
	} finally {
		faux.dispose();
	}
}

describe("httpIdleTimeoutMs", () => {
	it("applies the setting (0 = wait for ever)", async () => {
		await sessionWithSettings({ httpIdleTimeoutMs: 1234 });
		expect(getHttpIdleTimeout()).toBe(1234);
		await sessionWithSettings({ httpIdleTimeoutMs: 0 });
		expect(getHttpIdleTimeout()).toBe(0);
	});

	it("defaults to 300 s", async () => {
		setHttpIdleTimeout(5);
		await sessionWithSettings({});
		expect(getHttpIdleTimeout()).toBe(300_000);
	});
});
