/**
 * The built `pi` in a pseudo-terminal, recording every module it loads (the CLI tests' import recorder): the
 * slash commands' implementations (with the model catalogue, session listing and selectors behind them) are
 * imported when a command first runs, not before the first frame.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, delay, KEYS, PiPty, type PtyWorld } from "./harness.js";

const RECORDER = fileURLToPath(new URL("../../../cli/fixtures/record-imports.mjs", import.meta.url));
const COMMAND_MODULE = /\/modes\/interactive\/commands\/(models|session|tree|settings|auth|compact)\.[jt]s$/;
/** When `npm run build` bundled the CLI, bin/pi.js may run dist/bundle/; modules.json lists each chunk's inputs. */
const BUNDLE_DIR = new URL("../../../../dist/bundle/", import.meta.url);

/** The module URLs behind the loaded files (a bundle chunk stands for the modules bundled into it). */
function unbundle(urls: string[]): string[] {
	const listing = new URL("modules.json", BUNDLE_DIR);
	if (!existsSync(listing)) return urls;
	const chunks = JSON.parse(readFileSync(listing, "utf8")) as Record<string, string[]>;
	return urls.flatMap((url) => {
		const inputs = url.startsWith(BUNDLE_DIR.href) ? chunks[url.slice(BUNDLE_DIR.href.length)] : undefined;
		return inputs ? inputs.map((input) => new URL(input, BUNDLE_DIR).href) : [url];
	});
}

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
	const urls = unbundle(readFileSync(file, "utf8").split("\n").filter(Boolean));
	return urls.filter((url) => COMMAND_MODULE.test(url)).map((url) => url.replace(/^.*\/commands\/(\w+)\..*$/, "$1"));
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
		expect(loaded).toEqual(["session"]);
	});
});
