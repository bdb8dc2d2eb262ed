import { describe, expect, it } from "vitest";
import { streamSimple } from "../src/index.js";
import { createFauxProvider } from "../src/testing/index.js";

describe("faux provider", () => {
	it("streams a scripted reply through the adapter registry", async () => {
		const faux = createFauxProvider({ chunkSize: 3 });
		faux.enqueue({ text: "hello world", toolCalls: [{ name: "bash", arguments: { command: "ls" } }] });
		const s = streamSimple(faux.model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] });
		const types: string[] = [];
		for await (const event of s) types.push(event.type);
		const message = await s.result();
		expect(message.stopReason).toBe("toolUse");
		expect(message.content[0]).toEqual({ type: "text", text: "hello world" });
		expect(message.content[1]).toMatchObject({ type: "toolCall", name: "bash", arguments: { command: "ls" } });
		expect(types[0]).toBe("start");
		expect(types.at(-1)).toBe("done");
		expect(types.filter((t) => t === "text_delta")).toHaveLength(4);
		expect(faux.requests).toHaveLength(1);
		faux.dispose();
	});

	it("ends with aborted when the signal fires mid-stream", async () => {
		const faux = createFauxProvider({ chunkSize: 1, delayMs: 5 });
		faux.enqueue({ text: "a long answer that takes a while" });
		const controller = new AbortController();
		const s = streamSimple(faux.model, { messages: [] }, { signal: controller.signal });
		setTimeout(() => controller.abort(), 30);
		const message = await s.result();
		expect(message.stopReason).toBe("aborted");
		expect(message.errorMessage).toBe("Request was aborted");
		expect((message.content[0] as { text: string }).text.length).toBeGreaterThan(0);
		faux.dispose();
	});
});
