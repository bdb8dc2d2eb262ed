/**
 * /mcp in the interactive mode (real InteractiveMode in a virtual terminal, faux model): the server list, disabling
 * and enabling through the pickers, the direct sub-commands, and the message when nothing is configured.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MCP_COMMAND_TEXT } from "../../../src/modes/interactive/commands/mcp.js";
import { createModeHarness, type ModeHarness } from "../../modes/interactive/commands/harness.js";
import { fakeServer, writeMcpFile } from "./helpers.js";

let h: ModeHarness | undefined;
let dir: string | undefined;
afterEach(async () => {
	await h?.cleanup();
	h = undefined;
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

/** A TUI session with the fake server configured through --mcp-config, its start-up awaited. */
async function harnessWithServer(): Promise<ModeHarness> {
	dir = mkdtempSync(join(tmpdir(), "pi-mcp-command-"));
	const file = join(dir, "mcp.json");
	writeMcpFile(file, { fake: fakeServer("ok") });
	const harness = await createModeHarness({ mcpConfig: [file], tools: undefined, noBuiltinTools: true });
	await harness.session.mcp!.waitForStartup();
	return harness;
}

const ENTER = "\r";
const DOWN = "\u001b[B";

describe("/mcp", () => {
	it("lists the servers, then disables and re-enables one through the pickers", async () => {
		h = await harnessWithServer();
		const disabling = h.submit("/mcp");
		await h.waitForDialog();
		expect(await h.allText()).toContain("fake: connected · stdio · 4 tools");
		h.press(ENTER);
		await new Promise((resolve) => setTimeout(resolve, 20));
		await h.waitForDialog();
		// Actions of a connected server: Reconnect, Disable.
		h.press(DOWN);
		h.press(ENTER);
		await disabling;
		expect(h.session.mcp!.getStatus()[0]).toMatchObject({ state: "disabled", tools: [] });
		expect(await h.allText()).toContain("MCP server fake: disabled");

		await h.submit("/mcp enable fake");
		expect(h.session.mcp!.getStatus()[0]?.state).toBe("connected");
		expect(await h.allText()).toContain("MCP server fake: connected, 4 tools");
	});

	it("/mcp tools lists a server's tool names; a wrong sub-command shows the usage", async () => {
		h = await harnessWithServer();
		await h.submit("/mcp tools fake");
		expect(await h.allText()).toContain("mcp__fake__progress");
		await h.submit("/mcp frobnicate");
		expect(await h.allText()).toContain(MCP_COMMAND_TEXT.usage);
	});

	it("says how to configure servers when there are none", async () => {
		h = await createModeHarness();
		await h.submit("/mcp");
		expect(await h.allText()).toContain(MCP_COMMAND_TEXT.none);
	});
});
