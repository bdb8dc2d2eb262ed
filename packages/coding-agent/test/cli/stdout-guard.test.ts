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

describe("claimStdout: a reader that went away", () => {
	it("tells onClosed listeners once on a write error and drops later writes instead of throwing", async () => {
		const out = stream();
		const err = stream();
		const claim = claimStdout(out.stream, err.stream);
		const calls: string[] = [];
		claim.onClosed?.(() => calls.push("first"));
		claim.onClosed?.(() => calls.push("second"));
		claim.write("before\n");
		await new Promise((resolve) => setImmediate(resolve));
		out.stream.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
		out.stream.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
		claim.write("after\n");
		await new Promise((resolve) => setImmediate(resolve));
		expect(calls).toEqual(["first", "second"]);
		expect(out.text()).toBe("before\n");
		// A listener added once it is closed hears it at once.
		claim.onClosed?.(() => calls.push("late"));
		expect(calls).toEqual(["first", "second", "late"]);
		claim.release();
	});
});
