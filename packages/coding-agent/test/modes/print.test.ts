import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	createWorld,
	MOCK_MODEL,
	NOISY_FETCH_PRELOAD,
	projectSessionDir,
	requestUserTexts,
	runPi,
	startPi,
	until,
	useCliWorld,
} from "../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

/** Text of the user message of the n-th model request. */
const userText = (requestIndex: number) => requestUserTexts(cli.server)[requestIndex];

const PNG_1x1 = Buffer.from(
	"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
	"base64",
);

describe("pi -p", () => {
	it("prints the text of the final reply and nothing else", async () => {
		cli.server.enqueue({ text: "4" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "What is 2+2?"]);
		expect(result).toMatchObject({ code: 0, stdout: "4\n" });
		expect(userText(0)).toBe("What is 2+2?");
	});

	it("runs several messages in order in one session and prints only the last reply", async () => {
		cli.server.enqueue({ text: "first answer" }, { text: "second answer" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "one", "two"]);
		expect(result).toMatchObject({ code: 0, stdout: "second answer\n" });
		expect(requestUserTexts(cli.server)).toEqual(["one", "two"]);
		// The second request carries the first exchange.
		expect(JSON.stringify(cli.server.requests[1]!.body.messages)).toContain("first answer");
	});

	it("puts piped stdin before the first message, separated by a blank line", async () => {
		cli.server.enqueue({ text: "looks fine" });
		const result = await runPi(cli.world, ["--model", MOCK_MODEL, "review this diff"], { stdin: "+added line\n\n" });
		expect(result).toMatchObject({ code: 0, stdout: "looks fine\n" });
		expect(userText(0)).toBe("+added line\n\nreview this diff");
	});

	it("inlines @file text, attaches @file images and skips empty files", async () => {
		writeFileSync(join(cli.world.cwd, "notes.md"), "remember the milk");
		writeFileSync(join(cli.world.cwd, "pixel.png"), PNG_1x1);
		writeFileSync(join(cli.world.cwd, "empty.txt"), "");
		cli.server.enqueue({ text: "done" });
		const result = await runPi(cli.world, [
			"-p",
			"--model",
			"mock-anthropic/mock-model",
			"@notes.md",
			"@empty.txt",
			"@pixel.png",
			"summarise",
		]);
		expect(result).toMatchObject({ code: 0, stdout: "done\n" });
		const content = cli.server.requests[0]!.body.messages[0].content as { type: string; text?: string }[];
		const text = content
			.filter((part) => part.type === "text")
			.map((part) => part.text)
			.join("");
		expect(text).toBe(
			`<file name="${join(cli.world.cwd, "notes.md")}">\nremember the milk\n</file>\n<file name="${join(cli.world.cwd, "pixel.png")}"></file>\nsummarise`,
		);
		expect(content.filter((part) => part.type === "image")).toHaveLength(1);
	});

	it("builds the first prompt from @file blocks, then stdin, then the first message; later messages follow", async () => {
		writeFileSync(join(cli.world.cwd, "a.txt"), "alpha");
		cli.server.enqueue({ text: "1" }, { text: "2" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "@a.txt", "first", "second"], {
			stdin: "piped\r\n",
		});
		expect(result).toMatchObject({ code: 0, stdout: "2\n" });
		expect(userText(0)).toBe(`<file name="${join(cli.world.cwd, "a.txt")}">\nalpha\n</file>\npiped\n\nfirst`);
		expect(userText(1)).toBe("second");
	});

	it("sends --api-key to the start-up model's provider and never stores it", async () => {
		const sessionFile = join(cli.world.cwd, "api-key.jsonl");
		cli.server.enqueue({ text: "keyed" });
		const result = await runPi(cli.world, [
			"-p",
			"--model",
			MOCK_MODEL,
			"--api-key",
			"sk-cli-only-0123456789",
			"--session",
			sessionFile,
			"echo the key sk-cli-only-0123456789",
		]);
		expect(result).toMatchObject({ code: 0, stdout: "keyed\n" });
		expect(cli.server.requests[0]!.headers.authorization).toBe("Bearer sk-cli-only-0123456789");
		const stored = readFileSync(sessionFile, "utf8");
		expect(stored).not.toContain("sk-cli-only-0123456789");
		expect(stored).toContain("echo the key [REDACTED]");
	});

	it("fails with exit 1 for a missing @file, before any request", async () => {
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "@missing.txt", "hi"]);
		expect(result).toEqual({
			code: 1,
			signal: null,
			stdout: "",
			stderr: `Error: File not found: ${join(cli.world.cwd, "missing.txt")}\n`,
		});
		expect(cli.server.requests).toHaveLength(0);
	});

	it("exits 1 with the provider's error after retries, printing nothing on stdout", async () => {
		cli.server.enqueue({ httpError: { status: 400, message: "bad request: tools invalid" } });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "hi"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(/^Error: .*bad request: tools invalid/m);
	});

	it("writes a provider's multi-line error message as one Error line", async () => {
		cli.server.enqueue({ httpError: { status: 400, message: "bad\nrequest\n  details" } });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(result).toEqual({ code: 1, signal: null, stdout: "", stderr: "Error: 400 bad request details\n" });
	});

	it("stops at the first failed run: later messages are not sent", async () => {
		cli.server.enqueue({ httpError: { status: 400, message: "nope" } }, { text: "never" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "one", "two"]);
		expect(result.code).toBe(1);
		expect(cli.server.requests).toHaveLength(1);
	});

	it("warns on stderr when the reply was cut off, and still succeeds", async () => {
		cli.server.enqueue({ text: "partial", stopReason: "length" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "long story"]);
		expect(result).toMatchObject({
			code: 0,
			stdout: "partial\n",
			stderr: "Warning: the reply was cut off at the output token limit.\n",
		});
	});

	it("names the variable to set when the provider has no key (exit 1)", async () => {
		const result = await runPi(cli.world, ["-p", "--model", "anthropic/claude-sonnet-4-5", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toBe(
			'Error: No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json. With a Claude Pro/Max subscription, sign in instead: /login or `pi auth login anthropic`.\n',
		);
	});

	it("says to sign in when the provider is a subscription without key variables (exit 1)", async () => {
		const result = await runPi(cli.world, ["-p", "--model", "openai-codex/gpt-5.5", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			'Error: Not signed in to ChatGPT Plus/Pro (Codex) (provider "openai-codex"). Sign in with /login openai-codex or `pi auth login openai-codex`.\n',
		);
	});

	it("lists the closest models for an unknown model (exit 1)", async () => {
		const result = await runPi(cli.world, ["-p", "--model", "mock-modle", "hi"]);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe("");
		expect(result.stderr).toMatch(
			/^Error: Model "mock-modle" not found\. Closest matches: mock-[a-z]+\/mock-model, mock-[a-z]+\/mock-model, mock-[a-z]+\/mock-model\. Use --list-models to see available models\.\n$/,
		);
	});

	it("treats empty stdin without a message as the no-prompt usage error (exit 2)", async () => {
		const result = await runPi(cli.world, ["--model", MOCK_MODEL], { stdin: "  \n" });
		expect(result).toEqual({
			code: 2,
			signal: null,
			stdout: "",
			stderr: "Error: no prompt given (pass a message or pipe text on stdin)\n",
		});
	});
});

describe("pi -p: what reaches stdout (json-mode.md §5)", () => {
	it("prints only the reply's text blocks, never its thinking", async () => {
		cli.server.enqueue({ thinking: "let me think", text: "the answer" });
		// --theme belongs to the TUI: no effect and no warning here.
		const result = await runPi(cli.world, [
			"-p",
			"--model",
			"mock-anthropic/mock-model",
			"--thinking",
			"low",
			"--theme",
			"dark.json",
			"q",
		]);
		expect(result).toMatchObject({ code: 0, stdout: "the answer\n", stderr: "" });
	});

	it("prints nothing for a reply without text", async () => {
		cli.server.enqueue({ thinking: "only thinking" });
		const result = await runPi(cli.world, ["-p", "--model", "mock-anthropic/mock-model", "--thinking", "low", "q"]);
		expect(result).toMatchObject({ code: 0, stdout: "", stderr: "" });
	});

	it("keeps console output and stray stdout writes of libraries off stdout", async () => {
		cli.server.enqueue({ text: "only this" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "hi"], {
			env: { NODE_OPTIONS: `--import=${NOISY_FETCH_PRELOAD}` },
		});
		expect(result).toMatchObject({ code: 0, stdout: "only this\n" });
		expect(result.stderr).toContain("stray console.log\n");
		expect(result.stderr).toContain("stray stdout.write\n");
	});

	it("expands /template prompts as an interactive user would type them", async () => {
		const prompts = join(cli.world.agentDir, "prompts");
		mkdirSync(prompts, { recursive: true });
		writeFileSync(join(prompts, "review.md"), "Review $1 carefully.");
		cli.server.enqueue({ text: "reviewed" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "/review main.ts"]);
		expect(result).toMatchObject({ code: 0, stdout: "reviewed\n" });
		expect(userText(0)).toBe("Review main.ts carefully.");
	});
});

describe("pi -p: termination signals during a run (json-mode.md §6)", () => {
	it("SIGTERM, SIGINT and SIGHUP abort the run, keep the aborted reply in the session file and exit 143, 130, 129", async () => {
		const signals = [
			["SIGTERM", 143],
			["SIGINT", 130],
			["SIGHUP", 129],
		] as const;
		cli.server.enqueue(...signals.map(() => ({ text: "never sent", delayMs: 10_000 })));
		// Three processes at once, one per signal.
		const runs = signals.map(([signal, code]) => {
			const sessionFile = join(cli.world.cwd, `print-${signal}.jsonl`);
			const pi = startPi(cli.world, ["-p", "--model", MOCK_MODEL, "--session", sessionFile, "long task"]);
			pi.endInput();
			return { signal, code, sessionFile, pi };
		});
		await until(() => cli.server.requests.length === signals.length);
		for (const run of runs) run.pi.kill(run.signal);
		for (const run of runs) {
			expect(await run.pi.exited).toEqual({ code: run.code, signal: null });
			expect(run.pi.stdout()).toBe("");
			const messages = readFileSync(run.sessionFile, "utf8")
				.trimEnd()
				.split("\n")
				.map((line) => JSON.parse(line))
				.filter((entry) => entry.type === "message")
				.map((entry) => entry.message);
			expect(messages).toEqual([
				expect.objectContaining({ role: "user", content: [{ type: "text", text: "long task" }] }),
				expect.objectContaining({ role: "assistant", stopReason: "aborted" }),
			]);
		}
	});
});

describe("pi -p: automatic retries", () => {
	it("are silent by default and, with --verbose, say on stderr what failed and how long they wait", async () => {
		cli.server.enqueue({ httpError: { status: 500, message: "Internal boom" } }, { text: "after a retry" });
		const quiet = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(quiet).toMatchObject({ code: 0, stdout: "after a retry\n", stderr: "" });

		cli.server.enqueue({ httpError: { status: 500, message: "Internal boom" } }, { text: "after a retry" });
		const verbose = await runPi(cli.world, ["-p", "--verbose", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(verbose).toMatchObject({ code: 0, stdout: "after a retry\n" });
		expect(verbose.stderr).toContain("Retrying in 0s (attempt 1/1): 500 Internal boom\n");
	});
});

describe("pi -p: start-up notices on stderr", () => {
	it("--verbose names the model, the session file and the tools", async () => {
		cli.server.enqueue({ text: "ok" });
		const result = await runPi(cli.world, [
			"-p",
			"--verbose",
			"--model",
			MOCK_MODEL,
			"--no-session",
			"-t",
			"read,ls",
			"hi",
		]);
		expect(result).toEqual({
			code: 0,
			signal: null,
			stdout: "ok\n",
			stderr: "Model: mock-openai/mock-model (thinking off)\nSession: in memory\nTools: read, ls\n",
		});
	});

	it("says so when --continue cannot restore the session's model", async () => {
		const other = createWorld(cli.server);
		try {
			const dir = projectSessionDir(other);
			mkdirSync(dir, { recursive: true });
			const entries = [
				{ type: "session", version: 3, id: "gone-1", timestamp: "2026-01-05T09:00:00.000Z", cwd: other.cwd },
				{
					type: "model_change",
					id: "m1",
					parentId: null,
					timestamp: "2026-01-05T09:00:00.100Z",
					provider: "gone-provider",
					modelId: "gone-model",
				},
			];
			writeFileSync(
				join(dir, "2026-01-05T09-00-00-000Z_gone-1.jsonl"),
				`${entries.map((e) => JSON.stringify(e)).join("\n")}\n`,
			);
			cli.server.enqueue({ text: "restored anyway" });
			const result = await runPi(other, ["-p", "-c", "hi"]);
			expect(result).toMatchObject({ code: 0, stdout: "restored anyway\n" });
			expect(result.stderr).toMatch(
				/^Could not restore the session's model gone-provider\/gone-model \(no API key or unknown model\); using mock-[a-z]+\/mock-model\.\n$/,
			);
		} finally {
			other.cleanup();
		}
	});
});
