/**
 * MCP through the built `pi` (print mode against the loopback mock LLM): an MCP tool call round trip, the MCP
 * client loaded only when a server is configured, a malformed mcp.json reported with pi still answering, and
 * --no-mcp / --mcp-config. Needs `npm run build`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, MOCK_MODEL, runPi, useCliWorld } from "../../cli/harness.js";
import { fakeServer, writeMcpFile } from "./helpers.js";

const RECORDER = fileURLToPath(new URL("../../cli/fixtures/record-imports.mjs", import.meta.url));
const BUNDLE_DIR = new URL("../../../dist/bundle/", import.meta.url);
const cli = useCliWorld({ resetServerEachTest: true });

beforeAll(() => assertBuilt());

const userFile = () => join(cli.world.agentDir, "mcp.json");
const projectFile = () => join(cli.world.cwd, ".pi", "mcp.json");
afterEach(() => {
	rmSync(userFile(), { force: true });
	rmSync(join(cli.world.cwd, ".pi"), { recursive: true, force: true });
});

/** Tool names the mock LLM was offered in each request (chat-completions bodies). */
const offered = () =>
	cli.server.requests.map((request) => (request.body.tools ?? []).map((tool: any) => tool.function.name));

/** Module URLs a run loaded, bundle files replaced by the modules bundled into them. */
function loadedModules(file: string): string[] {
	const listing = JSON.parse(readFileSync(new URL("modules.json", BUNDLE_DIR), "utf8")) as Record<string, string[]>;
	return readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.flatMap((url) => {
			const inputs = url.startsWith(BUNDLE_DIR.href) ? listing[url.slice(BUNDLE_DIR.href.length)] : undefined;
			return inputs ? inputs.map((input) => new URL(input, BUNDLE_DIR).href) : [url];
		});
}

const MCP_CLIENT = /\/@modelcontextprotocol\/sdk\/|\/core\/mcp\/(manager|connection)\.js$/;

describe("pi -p with MCP servers", () => {
	it("runs an MCP tool call round trip; the MCP client is loaded only when a server is configured", async () => {
		const imports = join(cli.world.agentDir, "imports.txt");
		const env = { NODE_OPTIONS: `--import=${RECORDER}`, PI_TEST_IMPORTS_FILE: imports };

		cli.server.enqueue({ text: "plain" });
		const plain = await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "hi"], { env });
		expect(plain.stdout).toBe("plain\n");
		expect(loadedModules(imports).filter((url) => MCP_CLIENT.test(url))).toEqual([]);
		rmSync(imports);

		writeMcpFile(userFile(), { fake: fakeServer("ok") });
		cli.server.enqueue(
			{ toolCalls: [{ name: "mcp__fake__shout", arguments: { text: "over the wire" } }] },
			{ text: "done" },
		);
		const result = await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "shout it"], { env });
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("done\n");
		expect(offered()[1]).toEqual(expect.arrayContaining(["mcp__fake__shout", "mcp__fake__progress"]));
		const toolMessage = cli.server.requests[2]?.body.messages.find((message: any) => message.role === "tool");
		expect(toolMessage?.content).toContain("OVER THE WIRE");
		expect(loadedModules(imports).some((url) => MCP_CLIENT.test(url))).toBe(true);
	});

	it("a malformed mcp.json is reported with its file, and pi answers without MCP", async () => {
		writeFileSync(userFile(), '{"mcpServers": {"fake": ');
		cli.server.enqueue({ text: "still fine" });
		const result = await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("still fine\n");
		expect(result.stderr).toMatch(new RegExp(`^Ignoring ${userFile().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .+\\n$`));
	});

	it("--no-mcp ignores the user and project files; --mcp-config still adds its servers", async () => {
		writeMcpFile(userFile(), { user: fakeServer("ok") });
		mkdirSync(join(cli.world.cwd, ".pi"), { recursive: true });
		writeMcpFile(projectFile(), { project: fakeServer("ok") });
		const extra = join(cli.world.agentDir, "extra-mcp.json");
		writeMcpFile(extra, { extra: fakeServer("ok", { includeTools: ["shout"] }) });

		cli.server.enqueue({ text: "a" }, { text: "b" });
		await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "--no-mcp", "hi"]);
		await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "--no-mcp", "--mcp-config", extra, "hi"]);
		const [first, second] = offered();
		expect(first?.filter((name: string) => name.startsWith("mcp__"))).toEqual([]);
		expect(second?.filter((name: string) => name.startsWith("mcp__"))).toEqual(["mcp__extra__shout"]);
		rmSync(extra);
	});
});
