/**
 * `pi -p` with many tool calls in one prompt (issue 21 point 2): every model call and every bash call of the run
 * shares the run's abort signal, and a listener left behind per call made Node print
 * `MaxListenersExceededWarning: 11 abort listeners added to [AbortSignal]` on stderr from the 11th call on.
 */
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, MOCK_PROVIDERS, runPi, useCliWorld } from "../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });
const TOOL_CALLS = 16;

describe("pi -p with many tool calls in one prompt", () => {
	for (const provider of [MOCK_PROVIDERS.openai, MOCK_PROVIDERS.google]) {
		it(`keeps stderr clean over ${TOOL_CALLS} bash calls (${provider})`, async () => {
			for (let i = 0; i < TOOL_CALLS; i++) {
				cli.server.enqueue({
					toolCalls: [{ id: `call_${i}`, name: "bash", arguments: { command: `echo step ${i}` } }],
				});
			}
			cli.server.enqueue({ text: "all steps done" });
			const model = provider === MOCK_PROVIDERS.openai ? MOCK_MODEL : `${provider}/mock-model`;
			const result = await runPi(cli.world, ["-p", "--no-session", "--model", model, "run the steps"]);
			expect(result).toMatchObject({ code: 0, stdout: "all steps done\n" });
			expect(cli.server.requests).toHaveLength(TOOL_CALLS + 1);
			expect(result.stderr).not.toContain("MaxListenersExceededWarning");
			expect(result.stderr).toBe("");
		});
	}
});
