import { randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, it, vi } from "vitest";
import { useFaux } from "./helpers.js";

const readmePath = fileURLToPath(new URL("../README.md", import.meta.url));

/** The first ```ts block under "## Quick start". */
async function quickStartCode(): Promise<string> {
	const readme = await readFile(readmePath, "utf8");
	const section = readme.slice(readme.indexOf("## Quick start"));
	const match = /```ts\n([\s\S]*?)```/.exec(section);
	if (!match) throw new Error("README has no quick-start code block");
	return match[1]!;
}

it("the README quick start runs as written (the Anthropic wire replaced by the faux provider)", async () => {
	// Registering the faux adapter under the Anthropic api routes the quick start's catalogue model to it.
	const faux = useFaux({ api: "anthropic-messages" });
	faux.enqueue({ toolCalls: [{ name: "clock", arguments: {} }] }, (context) => {
		const result = context.messages.at(-1);
		const time = result?.role === "toolResult" && result.content[0]?.type === "text" ? result.content[0].text : "?";
		return { text: `It is ${time}.` };
	});
	const printed: string[] = [];
	const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
		printed.push(String(chunk));
		return true;
	});
	const log = vi.spyOn(console, "log").mockImplementation((...args) => void printed.push(`${args.join(" ")}\n`));

	// Written next to this test so the workspace aliases resolve its imports.
	const file = fileURLToPath(new URL(`./.readme-quick-start-${randomUUID()}.ts`, import.meta.url));
	try {
		await writeFile(file, await quickStartCode());
		await import(/* @vite-ignore */ file);
	} finally {
		write.mockRestore();
		log.mockRestore();
		await rm(file, { force: true });
	}

	expect(faux.requests).toHaveLength(2);
	expect(faux.requests[0]!.context.systemPrompt).toBe("You are a helpful assistant.");
	expect(faux.requests[0]!.context.tools?.map((tool) => tool.name)).toEqual(["clock"]);
	const output = printed.join("");
	expect(output).toContain("[running clock]");
	expect(output).toMatch(/It is \d{4}-\d\d-\d\dT[\d:.]+Z\./);
	expect(output).toContain("4 messages in the transcript");
});
