/**
 * The error line of a failed `pi -p` run: a retryable failure the server asked to wait longer for than
 * retry.maxDelayMs allows says why pi did not retry it (it used to show only the provider's text, e.g. "429 …").
 */
import type { AssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { runFailure } from "../../src/modes/print.js";
import { assistantMessage } from "./interactive/components/helpers.js";

function failed(errorInfo: AssistantMessage["errorInfo"]): AssistantMessage {
	return assistantMessage([], {
		api: "openai-completions",
		provider: "p",
		model: "m",
		stopReason: "error",
		errorMessage: "429 Rate limited",
		...(errorInfo ? { errorInfo } : {}),
	});
}

describe("runFailure", () => {
	it("says the requested wait was longer than retry.maxDelayMs allows", () => {
		const message = failed({ retryable: true, status: 429, retryAfterMs: 3_600_000 });
		expect(runFailure(message, 60_000)).toBe(
			"429 Rate limited (not retried: the server asked to wait 3600 s, more than retry.maxDelayMs allows, 60 s)",
		);
	});

	it("keeps the provider's text alone otherwise", () => {
		expect(runFailure(failed({ retryable: true, status: 429, retryAfterMs: 1_000 }), 60_000)).toBe("429 Rate limited");
		expect(runFailure(failed({ retryable: true, status: 429, retryAfterMs: 3_600_000 }), 0)).toBe("429 Rate limited");
		expect(runFailure(failed({ retryable: false, status: 400 }), 60_000)).toBe("429 Rate limited");
	});
});
