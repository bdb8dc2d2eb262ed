/**
 * The built `pi` in a pseudo-terminal with a TypeScript extension (-e): its tool renderers draw the scripted call
 * (Ctrl+O expands them), its shortcut fires from a real key sequence, keybindings.json with the original's `app.*`
 * ids rebinds pi's keys, and Ctrl+Z under a job-control shell stops pi with the terminal restored, `fg` resumes and
 * redraws it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "@lydell/node-pty";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import xtermHeadless from "@xterm/headless";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { NOTICE_TEXT } from "../../../../src/modes/interactive/notices.js";
import { childEnv, createPtyWorld, delay, KEYS, PI_BIN, PiPty, type PtyWorld } from "./harness.js";

let server: MockServer;
let world: PtyWorld;
let pi: PiPty | undefined;
let extensionFile: string;

/** A TypeScript extension with a rendered tool, a message renderer and a shortcut (types only to prove .ts). */
const EXTENSION = `import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Text } from "@mariozechner/pi-tui";
import { Type } from "@sinclair/typebox";

export default function (pi: ExtensionAPI) {
	pi.registerTool({
		name: "dice",
		label: "Dice",
		description: "Rolls dice",
		parameters: Type.Object({ sides: Type.Number() }),
		async execute(_id, params: { sides: number }) {
			return { content: [{ type: "text", text: "rolled" }], details: { value: params.sides - 1 } };
		},
		renderCall: (args: { sides: number }, theme) => new Text(theme.fg("accent", "ROLLING d" + args.sides), 0, 0),
		renderResult: (result, { expanded }) =>
			new Text(expanded ? "ROLLED " + (result.details as { value: number }).value + " (all the details)" : "ROLLED", 0, 0),
	});
	pi.registerShortcut("ctrl+shift+u", {
		description: "Say hello",
		handler: async (ctx) => {
			await pi.sendMessage({ customType: "hello", content: "hello from the shortcut", display: true });
			ctx.ui.notify("shortcut fired");
		},
	});
	pi.registerMessageRenderer("hello", (message) => new Text("HELLO-RENDERED: " + message.content, 1, 0));
}
`;

beforeAll(async () => {
	server = await startMockServer();
	world = createPtyWorld(server);
	extensionFile = join(world.root, "fixture-keys.ts");
	writeFileSync(extensionFile, EXTENSION);
});

afterEach(() => {
	pi?.kill();
	pi = undefined;
	writeFileSync(join(world.agentDir, "keybindings.json"), "{}");
});

afterAll(async () => {
	await server?.close();
	world?.cleanup();
});

describe("extension renderers and keys in the terminal", () => {
	it("draws the tool with its renderers, expands it with Ctrl+O; a shortcut sends a rendered message", async () => {
		server.enqueue({ toolCalls: [{ name: "dice", arguments: { sides: 6 } }] }, { text: "You rolled." });
		pi = new PiPty(world, { args: ["-e", extensionFile] });
		await pi.waitForScreen("mock/mock-model");
		await pi.submit("roll a die");
		await pi.waitForText("You rolled.");
		expect(pi.allText()).toContain("ROLLING d6");
		expect(pi.allText()).not.toContain("all the details");
		pi.press(KEYS.ctrlO);
		await pi.waitForText("ROLLED 5 (all the details)");
		pi.press("\x1b[27;6;117~"); // ctrl+shift+u as modifyOtherKeys sends it
		await pi.waitForText("HELLO-RENDERED: hello from the shortcut");
		await pi.waitForText("shortcut fired");
	});

	it("keybindings.json with the original's app.* ids rebinds pi's keys", async () => {
		writeFileSync(
			join(world.agentDir, "keybindings.json"),
			JSON.stringify({ "app.model.select": "ctrl+y", "tui.editor.yank": "alt+y" }),
		);
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.press("\x19"); // ctrl+y
		await pi.waitForScreen("mock-small");
		expect(pi.allText()).not.toContain("keybindings.json");
	});
});

describe("Ctrl+Z", () => {
	it("without job control (pi leads its own session) says so and keeps running", async () => {
		pi = new PiPty(world);
		await pi.waitForScreen("mock/mock-model");
		pi.press("\x1a");
		await pi.waitForText(NOTICE_TEXT.suspendUnavailable.slice(0, 40));
		await pi.submit("/quit");
		expect(await pi.waitForExit()).toBe(0);
	});

	it("suspends pi under a job-control shell with the terminal restored; fg resumes and redraws it", async () => {
		const term = new xtermHeadless.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
		let output = "";
		const shell = spawn("bash", ["--norc", "--noprofile", "-i"], {
			name: "xterm-256color",
			cols: 100,
			rows: 30,
			cwd: world.cwd,
			env: { ...(childEnv(world) as Record<string, string>), PS1: "shell$ " },
		});
		shell.onData((data) => {
			output += data;
			term.write(data);
		});
		const waitFor = async (predicate: () => boolean, what: string) => {
			for (let i = 0; i < 400; i++) {
				if (predicate()) return;
				await delay(25);
			}
			throw new Error(`timed out waiting for ${what}:\n${output.slice(-2000)}`);
		};
		try {
			await waitFor(() => output.includes("shell$ "), "the shell prompt");
			shell.write(`node ${PI_BIN} --no-extensions & echo "PID=$!"; fg\r`);
			await waitFor(() => /PID=(\d+)/.test(output), "the pid");
			const pid = Number(/PID=(\d+)/.exec(output)![1]);
			await waitFor(() => output.includes("mock/mock-model"), "pi's first frame");
			const state = () => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[0];
			const beforeSuspend = output.length;
			shell.write("\x1a"); // Ctrl+Z
			await waitFor(() => state() === "T", "pi to be stopped");
			await waitFor(() => /Stopped/.test(output.slice(beforeSuspend)), "the shell's job report");
			const suspendOutput = output.slice(beforeSuspend);
			// The terminal was handed back: bracketed paste off and the cursor shown before pi stopped.
			expect(suspendOutput).toContain("\x1b[?2004l");
			expect(suspendOutput).toContain("\x1b[?25h");
			const beforeResume = output.length;
			shell.write("fg\r");
			await waitFor(() => state() !== "T", "pi to run again");
			await waitFor(() => output.slice(beforeResume).includes("mock/mock-model"), "the redraw");
			expect(output.slice(beforeResume)).toContain("\x1b[?2004h");
			// Still pi's keys: Ctrl+D on the empty editor quits, back to the shell.
			shell.write("\x04");
			await waitFor(() => output.slice(beforeResume).includes("shell$ "), "the shell prompt after pi");
		} finally {
			shell.kill("SIGKILL");
			term.dispose();
		}
	});
});
