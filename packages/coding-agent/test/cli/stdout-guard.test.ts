import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { claimStdout } from "../../src/cli/stdout-guard.js";

function stream() {
	const chunks: string[] = [];
	const passThrough = new PassThrough();
	passThrough.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
	return { stream: passThrough as unknown as NodeJS.WriteStream, text: () => chunks.join("") };
}

describe("claimStdout", () => {
	it("sends other writers to stderr while claimed, keeps its own writer on stdout, and gives stdout back", async () => {
		const out = stream();
		const err = stream();
		const claim = claimStdout(out.stream, err.stream);
		out.stream.write("stray\n");
		claim.write("protocol\n");
		claim.release();
		out.stream.write("after\n");
		await new Promise((resolve) => setImmediate(resolve));
		expect(out.text()).toBe("protocol\nafter\n");
		expect(err.text()).toBe("stray\n");
		expect(Object.hasOwn(out.stream, "write")).toBe(false);
	});
});
