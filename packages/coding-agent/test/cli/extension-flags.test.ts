/** Flags registered by extensions on the pi command line (config.md §11: unknown options unless registered). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, requestUserTexts, runPi, startRawRpc, useCliWorld } from "./harness.js";

const FLAGS_EXTENSION = join(import.meta.dirname, "fixtures", "flags-extension.mjs");

const cli = useCliWorld();

describe.concurrent("extension flags", () => {
	it("reach the extension in print mode; a string flag takes the next argument", async () => {
		cli.server.enqueue({ text: "ok" });
		const result = await runPi(cli.world, [
			"-p",
			"--model",
			MOCK_MODEL,
			"--no-session",
			"-e",
			FLAGS_EXTENSION,
			"--shout",
			"--greeting",
			"Hello",
			"be loud",
		]);
		expect(result).toMatchObject({ code: 0, stdout: "ok\n", stderr: "" });
		expect(requestUserTexts(cli.server)).toContain("Hello: BE LOUD");
	});

	it("are accepted in RPC mode, where the value is no message argument", async () => {
		cli.server.enqueue({ text: "ok" });
		const rpc = startRawRpc(cli.world, [
			"--model",
			MOCK_MODEL,
			"--no-session",
			"-e",
			FLAGS_EXTENSION,
			"--greeting",
			"Yo",
		]);
		rpc.write('{"id":"p","type":"prompt","message":"rpc text"}\n');
		await rpc.waitFor((line) => line.type === "agent_end");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(requestUserTexts(cli.server)).toContain("Yo: rpc text");
	});

	it("are listed by --help after pi's own options", async () => {
		const result = await runPi(cli.world, ["--help", "-e", FLAGS_EXTENSION]);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(
			/\nExtension flags:\n {2}--shout +Upper-case the prompt\n {2}--greeting <value> +Prefix of the prompt\n$/,
		);
		const plain = await runPi(cli.world, ["--help"]);
		expect(plain.stdout).not.toContain("Extension flags:");
	});

	it("an option no extension registered is still the usage error", async () => {
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "-e", FLAGS_EXTENSION, "--shoutt", "hi"]);
		expect(result).toEqual({ code: 2, signal: null, stdout: "", stderr: "Error: Unknown option: --shoutt\n" });
		const help = await runPi(cli.world, ["--help", "--shoutt"]);
		expect(help).toEqual({ code: 2, signal: null, stdout: "", stderr: "Error: Unknown option: --shoutt\n" });
	});
});
