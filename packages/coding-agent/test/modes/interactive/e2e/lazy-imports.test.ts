/**
 * The built `pi` in a pseudo-terminal, recording every module it loads (the CLI tests' import recorder): the
 * slash commands' implementations (with the model catalogue, session listing and selectors behind them) are
 * imported when a command first runs, not before the first frame.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, delay, KEYS, PiPty, type PtyWorld } from "./harness.js";

const RECORDER = fileURLToPath(new URL("../../../cli/fixtures/record-imports.mjs", import.meta.url));
const COMMAND_MODULE = /\/modes\/interactive\/commands\/(models|session|tree|settings|auth|compact)\.js$/;

let server: MockServer;
let world: PtyWorld;

beforeAll(async () => {
	server = await startMockServer();
	world = createPtyWorld(server);
});

afterAll(async () => {
	await server?.close();
	world?.cleanup();
});

async function loadedCommandModules(run: (pi: PiPty) => Promise<void>, name: string): Promise<string[]> {
	const file = join(world.root, `imports-${name}.txt`);
	const pi = new PiPty(world, { env: { NODE_OPTIONS: `--import=${RECORDER}`, PI_TEST_IMPORTS_FILE: file } });
	try {
		await pi.waitForScreen("mock/mock-model");
		await run(pi);
		pi.press(KEYS.ctrlC);
		await delay(50);
		pi.press(KEYS.ctrlC);
		expect(await pi.waitForExit()).toBe(0);
	} finally {
		pi.kill();
	}
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((url) => COMMAND_MODULE.test(url))
		.map((url) => url.replace(/^.*\/commands\//, ""));
}

describe("command implementations load on first use", () => {
	it("none is loaded by a session in which no command ran", async () => {
		expect(await loadedCommandModules(async () => {}, "idle")).toEqual([]);
	});

	it("running /session loads the session commands' module only", async () => {
		const loaded = await loadedCommandModules(async (pi) => {
			await pi.submit("/session");
			await pi.waitForText("Messages: 0 user");
		}, "session");
		expect(loaded).toEqual(["session.js"]);
	});
});
