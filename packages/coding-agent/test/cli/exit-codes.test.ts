/**
 * Start-up failures of the CLI (config.md §11, json-mode.md §6, session-format.md §9): each is one `Error:` line
 * on stderr, nothing on stdout (not even the JSON header), and the exit code of its kind.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatErrorLine, reportError } from "../../src/cli/errors.js";
import { type MainIo, main } from "../../src/main.js";
import {
	createWorld,
	MOCK_MODEL,
	type MockServer,
	projectSessionDir,
	runPi,
	startServer,
	type TestWorld,
} from "./harness.js";

let server: MockServer;
let world: TestWorld;
let emptyAgentDir: string;
let otherProjectFile: string;

const OTHER_PROJECT = "/elsewhere/other-project";

/** Writes a header-and-one-message session file with `id` into `dir`. */
function writeSession(dir: string, id: string, cwd: string): string {
	mkdirSync(dir, { recursive: true });
	const file = join(dir, `2026-01-05T09-00-00-000Z_${id}.jsonl`);
	const lines = [
		{ type: "session", version: 3, id, timestamp: "2026-01-05T09:00:00.000Z", cwd },
		{
			type: "message",
			id: "e1",
			parentId: null,
			timestamp: "2026-01-05T09:00:01.000Z",
			message: { role: "user", content: [{ type: "text", text: `question of ${id}` }], timestamp: 1767603601000 },
		},
	];
	writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
	return file;
}

beforeAll(async () => {
	server = await startServer();
	world = createWorld(server);
	writeSession(projectSessionDir(world), "abc11111-aaaa", world.cwd);
	writeSession(projectSessionDir(world), "abc22222-bbbb", world.cwd);
	otherProjectFile = writeSession(projectSessionDir(world, OTHER_PROJECT), "fff99999-cccc", OTHER_PROJECT);
	emptyAgentDir = mkdtempSync(join(tmpdir(), "pi-empty-agent-"));
});
afterAll(async () => {
	world.cleanup();
	rmSync(emptyAgentDir, { recursive: true, force: true });
	await server.close();
});

describe.concurrent("start-up failures: one Error line on stderr, nothing on stdout", () => {
	it.each([
		["--model without its value", ["-p", "hi", "--model"], 2, "Error: Option --model needs a value <pattern>"],
		[
			"--api-key without a model",
			["-p", "--api-key", "sk-test-123456", "hi"],
			2,
			"Error: --api-key requires a model: use --model or --provider",
		],
		[
			"no prompt in JSON mode (no header either)",
			["--mode", "json", "--model", MOCK_MODEL],
			2,
			"Error: no prompt given (pass a message or pipe text on stdin)",
		],
		[
			"an unknown provider",
			["-p", "--provider", "nope", "hi"],
			1,
			'Error: Unknown provider "nope". Use --list-models to see providers.',
		],
		[
			"no session matching an id prefix",
			["--mode", "json", "--model", MOCK_MODEL, "--session", "zzz", "hi"],
			1,
			"Error: No session found matching 'zzz'",
		],
		[
			"an ambiguous session id prefix",
			["-p", "--model", MOCK_MODEL, "--session", "ABC", "hi"],
			1,
			"Error: Session id prefix 'ABC' is ambiguous: 2 sessions match",
		],
		[
			"another project's session",
			["-p", "--model", MOCK_MODEL, "--session", "fff9", "hi"],
			1,
			`Error: Session 'fff9' belongs to another project (${OTHER_PROJECT}); use --fork to copy it here`,
		],
		[
			"--fork of a missing path",
			["-p", "--model", MOCK_MODEL, "--fork", "gone/missing.jsonl", "hi"],
			1,
			"Error: Session file not found: <cwd>/gone/missing.jsonl",
		],
	])("%s", async (_name, args, code, stderr) => {
		const result = await runPi(world, args);
		expect(result).toEqual({
			code,
			signal: null,
			stdout: "",
			stderr: `${stderr.replace("<cwd>", world.cwd)}\n`,
		});
	});

	it("no usable model at all (exit 1)", async () => {
		const result = await runPi(world, ["--mode", "json", "hi"], { env: { PI_CODING_AGENT_DIR: emptyAgentDir } });
		expect(result).toEqual({
			code: 1,
			signal: null,
			stdout: "",
			stderr:
				"Error: No models available. Set an API key environment variable or add a provider in models.json, then select a model with --model.\n",
		});
	});

	it("no prompt at all: closed empty stdin and no message (exit 2)", async () => {
		const result = await runPi(world, ["-p", "--model", MOCK_MODEL]);
		expect(result).toMatchObject({ code: 2, stdout: "" });
	});
});

describe("--fork of another project's session", () => {
	it("copies it into a new session of this project; the JSON header is the stored one, with parentSession", async () => {
		server.enqueue({ text: "forked reply" });
		const result = await runPi(world, ["--mode", "json", "--model", MOCK_MODEL, "--fork", "fff9", "go on"]);
		expect(result.code).toBe(0);
		expect(JSON.stringify(server.requests[0]!.body.messages)).toContain("question of fff99999-cccc");
		const headerLine = result.stdout.split("\n")[0]!;
		const header = JSON.parse(headerLine);
		expect(Object.keys(header)).toEqual(["type", "version", "id", "timestamp", "cwd", "parentSession"]);
		expect(header).toMatchObject({ cwd: world.cwd, parentSession: otherProjectFile });
		const stored = readdirSync(projectSessionDir(world)).find((name) => name.endsWith(`_${header.id}.jsonl`));
		expect(readFileSync(join(projectSessionDir(world), stored!), "utf8").split("\n")[0]).toBe(headerLine);
	});
});

describe("--api-key without a model", () => {
	it("is refused before the TUI starts too (stdin a terminal, no mode flag)", async () => {
		const stderr: string[] = [];
		const io = {
			stdin: { isTTY: true },
			stdout: { write: () => true },
			stderr: { write: (text: string) => stderr.push(text) },
		} as unknown as MainIo;
		expect(await main(["--api-key", "sk-test-123456"], io)).toBe(2);
		expect(stderr).toEqual(["Error: --api-key requires a model: use --model or --provider\n"]);
	});
});

describe("the Error: prefix (config.md §11)", () => {
	it("is added once, never doubled, to a message joined into one line", () => {
		expect(formatErrorLine("File not found: /x")).toBe("Error: File not found: /x");
		expect(formatErrorLine("Error: already prefixed")).toBe("Error: already prefixed");
		expect(formatErrorLine("400 bad\nrequest\r\n  details\n")).toBe("Error: 400 bad request details");
		const written: string[] = [];
		const stderr = { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream;
		expect(reportError(new Error("Error: boom"), stderr)).toBe(1);
		expect(written).toEqual(["Error: boom\n"]);
	});
});
