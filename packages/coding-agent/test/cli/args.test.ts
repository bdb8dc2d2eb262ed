import { describe, expect, it } from "vitest";
import { parseCliArgs, type RegisteredFlag, resolveExtensionFlags } from "../../src/cli/args.js";
import { CliError } from "../../src/cli/errors.js";

function usageFailure(argv: string[]): { message: string; exitCode: number } {
	try {
		parseCliArgs(argv);
	} catch (error) {
		if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
		throw error;
	}
	throw new Error(`expected ${argv.join(" ")} to fail`);
}

describe("parseCliArgs", () => {
	it("reads long flags with separate and inline values the same way", () => {
		const a = parseCliArgs(["--model", "sonnet:high", "--thinking", "low", "--mode", "json"]);
		const b = parseCliArgs(["--model=sonnet:high", "--thinking=low", "--mode=json"]);
		expect(a.model).toBe("sonnet:high");
		expect(a.thinking).toBe("low");
		expect(a.mode).toBe("json");
		expect(b).toEqual(a);
	});

	it("maps -p to text mode, but --mode json wins over -p", () => {
		expect(parseCliArgs(["-p", "hi"]).mode).toBe("text");
		expect(parseCliArgs(["-p", "--mode", "json", "hi"]).mode).toBe("json");
		expect(parseCliArgs(["hi"]).mode).toBeUndefined();
	});

	it("understands the multi-letter short aliases", () => {
		const args = parseCliArgs(["-nt", "-nbt", "-ne", "-ns", "-np", "-nc", "-c"]);
		expect(args).toMatchObject({
			noTools: true,
			noBuiltinTools: true,
			noExtensions: true,
			noSkills: true,
			noPromptTemplates: true,
			noContextFiles: true,
			continue: true,
		});
	});

	it("keeps every occurrence of repeatable flags in order", () => {
		const args = parseCliArgs(["-e", "a.ts", "--extension=b.ts", "--skill", "s1", "--skill", "s2"]);
		expect(args.extensions).toEqual(["a.ts", "b.ts"]);
		expect(args.skills).toEqual(["s1", "s2"]);
		expect(parseCliArgs(["--append-system-prompt", "x", "--append-system-prompt", "y"]).appendSystemPrompt).toEqual([
			"x",
			"y",
		]);
	});

	it("splits positionals into @file arguments and messages; after -- everything is a message", () => {
		const args = parseCliArgs(["@a.txt", "first", "-p", "@b.png", "second", "--", "--model", "@c"]);
		expect(args.fileArgs).toEqual(["a.txt", "b.png"]);
		expect(args.messages).toEqual(["first", "second", "--model", "@c"]);
	});

	it("splits --tools into trimmed names", () => {
		expect(parseCliArgs(["--tools", "read, grep,ls"]).tools).toEqual(["read", "grep", "ls"]);
		expect(parseCliArgs(["-t", "bash"]).tools).toEqual(["bash"]);
	});

	it("takes an optional search after --list-models and an optional output after --export", () => {
		expect(parseCliArgs(["--list-models"]).listModels).toEqual({ search: undefined });
		expect(parseCliArgs(["--list-models", "gpt"]).listModels).toEqual({ search: "gpt" });
		expect(parseCliArgs(["--list-models", "--verbose"]).verbose).toBe(true);
		expect(parseCliArgs(["--export", "s.jsonl"]).export).toEqual({ session: "s.jsonl", output: undefined });
		expect(parseCliArgs(["--export", "s.jsonl", "out.html"]).export).toEqual({
			session: "s.jsonl",
			output: "out.html",
		});
	});

	it("rejects unknown short options with exit code 2 and keeps unknown long ones for the extensions", () => {
		expect(usageFailure(["-x", "hi"])).toEqual({ message: "Unknown option: -x", exitCode: 2 });
		expect(usageFailure(["--no_such!"]).exitCode).toBe(2);
		const args = parseCliArgs(["-p", "--shout", "--greeting", "hello", "msg", "--tone=calm", "@f.txt", "--", "--x"]);
		expect(args.messages).toEqual(["hello", "msg", "--x"]);
		expect(args.fileArgs).toEqual(["f.txt"]);
		expect(args.extensionFlags).toEqual([
			{ name: "shout", rawName: "--shout" },
			{ name: "greeting", rawName: "--greeting", nextMessage: 0 },
			{ name: "tone", rawName: "--tone", inlineValue: "calm" },
		]);
	});

	it("rejects invalid choices and missing values with exit code 2", () => {
		expect(usageFailure(["--mode", "xml"])).toEqual({
			message: 'Invalid value for --mode: "xml". Use one of: text, json, rpc',
			exitCode: 2,
		});
		expect(usageFailure(["--thinking", "loud"]).message).toBe(
			'Invalid value for --thinking: "loud". Use one of: off, minimal, low, medium, high, xhigh',
		);
		expect(usageFailure(["--model"])).toEqual({ message: "Option --model needs a value <pattern>", exitCode: 2 });
		expect(usageFailure(["--model", "--print"]).message).toBe("Option --model needs a value <pattern>");
		expect(usageFailure(["--print=yes"]).message).toBe("Option --print does not take a value");
	});

	it("reserves the package subcommand words (exit 1, not a prompt)", () => {
		for (const word of ["install", "remove", "uninstall", "update", "list", "config"]) {
			const failure = usageFailure([word, "x"]);
			expect(failure.exitCode).toBe(1);
			expect(failure.message).toContain(`"pi ${word}"`);
			expect(failure.message).toContain("is a package command");
		}
		expect(parseCliArgs(["-p", "install"]).messages).toEqual(["install"]);
	});
});

describe("resolveExtensionFlags", () => {
	const registered = new Map<string, RegisteredFlag>([
		["shout", { type: "boolean" }],
		["greeting", { type: "string" }],
		["tone", { type: "string" }],
	]);
	const resolve = (argv: string[]) => resolveExtensionFlags(parseCliArgs(argv), registered);
	const failure = (argv: string[]) => {
		try {
			resolve(argv);
		} catch (error) {
			if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
			throw error;
		}
		throw new Error(`expected ${argv.join(" ")} to fail`);
	};

	it("gives booleans true and strings their inline value or the next argument, which is then no message", () => {
		expect(resolve(["--shout", "msg", "--greeting", "hello", "--tone=calm", "last"])).toEqual({
			values: { shout: true, greeting: "hello", tone: "calm" },
			messages: ["msg", "last"],
		});
		expect(resolve(["plain"])).toEqual({ values: {}, messages: ["plain"] });
	});

	it("fails like a built-in option: unregistered, missing value, value for a boolean (exit 2)", () => {
		expect(failure(["--frobnicate", "hi"])).toEqual({ message: "Unknown option: --frobnicate", exitCode: 2 });
		expect(failure(["--greeting"])).toEqual({ message: "Option --greeting needs a value <value>", exitCode: 2 });
		expect(failure(["--greeting", "--shout"]).message).toBe("Option --greeting needs a value <value>");
		expect(failure(["--shout=yes"])).toEqual({ message: "Option --shout does not take a value", exitCode: 2 });
	});
});
