/**
 * A TypeScript extension end to end through the built CLI (`pi -p -e ext.ts`): compiled on the first start, taken
 * from the cache on the next, its tool called by the model and its command run from the prompt; a broken extension
 * is reported on stderr while pi answers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, requestUserTexts, runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

/** The start-up import recorder of startup-imports.test.ts: lists every module a pi process loads. */
const RECORDER = fileURLToPath(new URL("./fixtures/record-imports.mjs", import.meta.url));

/** Writes the test extension into the test world: a folder with index.ts, a helper, and a typebox tool. */
function writeExtension(): string {
	const dir = join(cli.world.cwd, "ts-extension");
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, "words.ts"),
		"export const reverse = (text: string): string => [...text].reverse().join('');\n",
	);
	writeFileSync(
		join(dir, "index.ts"),
		`import { defineTool, type ExtensionAPI } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { reverse } from "./words.js";

const reverseTool = defineTool({
	name: "reverse_text",
	label: "Reverse",
	description: "Reverses a text.",
	parameters: Type.Object({ text: Type.String() }),
	async execute(_id: string, params: { text: string }) {
		return { content: [{ type: "text" as const, text: \`reversed: \${reverse(params.text)}\` }], details: {} };
	},
});

export default function (pi: ExtensionAPI): void {
	pi.registerTool(reverseTool);
	pi.registerCommand("backwards", {
		description: "Sends the arguments reversed",
		handler: async (args: string) => {
			pi.sendUserMessage(reverse(args));
		},
	});
}
`,
	);
	return join(dir, "index.ts");
}

const toolResultText = (body: any): string | undefined =>
	body.messages.find((message: { role: string }) => message.role === "tool")?.content;

describe("pi -p -e <extension.ts>", () => {
	it("compiles the extension on the first start; the model calls its tool; the second start uses the cache", async () => {
		const extension = writeExtension();
		const cacheDir = join(cli.world.agentDir, "cache", "extensions");
		for (const start of ["first", "second"]) {
			cli.server.reset();
			cli.server.enqueue({ toolCalls: [{ name: "reverse_text", arguments: { text: `${start} start` } }] });
			cli.server.enqueue({ text: "done" });
			const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "-e", extension, "go"]);
			expect(result).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
			expect(toolResultText(cli.server.requests[1]?.body)).toBe(
				`reversed: ${[...`${start} start`].reverse().join("")}`,
			);
			expect(existsSync(cacheDir)).toBe(true);
			expect(readdirSync(cacheDir).filter((name) => name.endsWith(".mjs"))).toHaveLength(1);
		}
	});

	it("a start with a current cache does not load the compiler", async () => {
		const extension = writeExtension();
		const args = ["-p", "--model", MOCK_MODEL, "--no-session", "-e", extension, "hi"];
		const loaded = async (name: string) => {
			const file = join(cli.world.agentDir, `${name}-imports.txt`);
			cli.server.enqueue({ text: "ok" });
			const env = { NODE_OPTIONS: `--import=${RECORDER}`, PI_TEST_IMPORTS_FILE: file };
			expect(await runPi(cli.world, args, { env })).toMatchObject({ code: 0, stderr: "" });
			return readFileSync(file, "utf8");
		};
		const compiler = /\/node_modules\/esbuild\//;
		await loaded("warm-up"); // compiles, or finds the module of an earlier test
		expect(await loaded("cached")).not.toMatch(compiler);
		writeFileSync(join(extension, "..", "words.ts"), "export const reverse = (text: string): string => text;\n");
		expect(await loaded("edited")).toMatch(compiler);
	});

	it("runs the extension's command from the prompt", async () => {
		const extension = writeExtension();
		cli.server.enqueue({ text: "ok" });
		const result = await runPi(cli.world, [
			"-p",
			"--model",
			MOCK_MODEL,
			"--no-session",
			"-e",
			extension,
			"/backwards olleh",
		]);
		expect(result).toMatchObject({ code: 0, stderr: "" });
		expect(requestUserTexts(cli.server)).toContain("hello");
	});

	it("reports a TypeScript syntax error with file, line and column and still answers", async () => {
		const broken = join(cli.world.cwd, "broken.ts");
		writeFileSync(broken, "export default function (pi) {\n\tconst x: number = ;\n}\n");
		cli.server.enqueue({ text: "still here" });
		const result = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "-e", broken, "hi"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("still here\n");
		expect(result.stderr).toContain(`Extension error (${broken}): ${broken}:2:20: `);
	});
});
