/**
 * The event dispatcher on its own (no session): result checks per event, cancel semantics, the bound on
 * `session_shutdown` handlers, and which event names `pi.on` accepts.
 */
import { describe, expect, it } from "vitest";
import { malformedResult } from "../../../src/core/extensions/dispatch-rules.js";
import { ExtensionHost } from "../../../src/core/extensions/host.js";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionErrorEvent } from "../../../src/core/extensions/types.js";

function hostWithErrors(shutdownTimeoutMs?: number) {
	const errors: ExtensionErrorEvent[] = [];
	const host = new ExtensionHost({ cwd: "/work", onError: (error) => errors.push(error), shutdownTimeoutMs });
	return { host, errors };
}

describe("result checks", () => {
	it("accept the documented shapes and name the expected one otherwise", () => {
		expect(malformedResult("tool_call", { block: true, reason: "no" })).toBeUndefined();
		expect(malformedResult("tool_call", undefined)).toBeUndefined();
		expect(malformedResult("tool_call", "block")).toBe("{block?: boolean, reason?: string}");
		expect(malformedResult("input", { action: "transform", text: "x" })).toBeUndefined();
		expect(malformedResult("input", { action: "transform" })).toBeDefined();
		expect(malformedResult("input", { handled: true })).toBeUndefined();
		expect(malformedResult("context", { messages: "all" })).toBeDefined();
		expect(malformedResult("session_before_compact", { compaction: { summary: "s" } })).toBeDefined();
		expect(malformedResult("user_bash", { operations: {} })).toBeDefined();
		// Notifications ignore whatever their handlers return; any payload replaces a provider request.
		expect(malformedResult("agent_end", 42)).toBeUndefined();
		expect(malformedResult("before_provider_request", "raw body")).toBeUndefined();
	});
});

describe("the dispatcher", () => {
	it("a cancel from any handler wins; otherwise the first supplied value counts", async () => {
		const { host } = hostWithErrors();
		host.addHandler("/ext/a", "session_before_tree", () => ({ summary: { summary: "first" } }));
		host.addHandler("/ext/b", "session_before_tree", () => ({ summary: { summary: "second" } }));
		const event = {
			type: "session_before_tree" as const,
			preparation: {
				targetId: "x",
				oldLeafId: null,
				commonAncestorId: null,
				entriesToSummarize: [],
				userWantsSummary: false,
			},
			signal: new AbortController().signal,
		};
		expect(await host.dispatch.cancellable("session_before_tree", event)).toEqual({
			cancel: false,
			result: { summary: { summary: "first" } },
		});
		host.addHandler("/ext/c", "session_before_tree", () => ({ cancel: true }));
		expect(await host.dispatch.cancellable("session_before_tree", event)).toEqual({ cancel: true });
	});

	it("session_shutdown handlers are bounded: one that hangs is reported and shutdown still completes", async () => {
		const { host, errors } = hostWithErrors(20);
		const order: string[] = [];
		host.addHandler("/ext/hang.ts", "session_shutdown", () => new Promise<void>(() => {}));
		host.addHandler("/ext/after.ts", "session_shutdown", (event) => void order.push(event.reason));
		await host.shutdown();
		expect(order).toEqual(["quit"]);
		expect(errors).toEqual([
			{
				type: "extension_error",
				extensionPath: "/ext/hang.ts",
				event: "session_shutdown",
				error: extensionTexts.shutdownTimeout(20),
			},
		]);
	});

	it("pi.on accepts every event of the original, the newer ones pi never fires, and rejects unknown names", () => {
		const { host } = hostWithErrors();
		for (const name of [
			"tool_result",
			"user_bash",
			"session_before_fork",
			"agent_settled",
			"before_provider_headers",
		]) {
			expect(() => host.addHandler("/ext/a", name as never, () => {})).not.toThrow();
		}
		expect(() => host.addHandler("/ext/a", "tool_calls" as never, () => {})).toThrow(
			extensionTexts.unknownEvent("tool_calls"),
		);
	});
});
