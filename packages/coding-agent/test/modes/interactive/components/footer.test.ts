import { describe, expect, it } from "vitest";
import { FooterComponent, type FooterData } from "../../../../src/modes/interactive/components/footer.js";
import { renderPlain, testTheme } from "./helpers.js";

const data: FooterData = {
	cwd: "/home/alice/projects/website",
	home: "/home/alice",
	gitBranch: "main",
	modelId: "claude-sonnet-4-5",
	provider: "anthropic",
	thinkingLevel: "medium",
	reasoning: true,
	tokens: { input: 12_345, output: 3_400, cacheRead: 40_000, cacheWrite: 1_000 },
	cost: 0.1234,
	contextTokens: 84_200,
	contextWindow: 200_000,
	autoCompact: true,
};

describe("Footer", () => {
	it("shows cwd with ~ and branch, tokens, cost, context % and the model with its thinking level", () => {
		const footer = new FooterComponent(testTheme(), data);
		const [location, stats] = renderPlain(footer, 100).split("\n");
		expect(location).toBe("~/projects/website (main)");
		expect(stats).toMatch(/^↑12k ↓3\.4k R40k W1\.0k \$0\.123 42\.1%\/200k \(auto\) +claude-sonnet-4-5 • medium$/);
		expect(stats).toHaveLength(100);
	});

	it("keeps the model visible and cuts usage and the path at width 40", () => {
		const footer = new FooterComponent(testTheme(), {
			...data,
			cwd: "/home/alice/a/very/long/path/to/some/deeply/nested/project",
		});
		const [location, stats] = renderPlain(footer, 40).split("\n");
		expect(location).toContain("project (main)");
		expect(location).toContain("…");
		expect(stats).toContain("claude-sonnet-4-5 • medium");
		expect(stats!.startsWith("↑12k")).toBe(true);
	});

	it("shows unknown context after compaction and no thinking level for non-reasoning models", () => {
		const footer = new FooterComponent(testTheme(), data);
		footer.update({ contextTokens: null, reasoning: false, autoCompact: false });
		const stats = renderPlain(footer, 100).split("\n")[1]!;
		expect(stats).toContain("?/200k");
		expect(stats.trimEnd().endsWith("claude-sonnet-4-5")).toBe(true);
		footer.update({ modelId: undefined });
		expect(renderPlain(footer, 100)).toContain("no model");
		for (const width of [1, 5, 12]) renderPlain(footer, width);
	});
});
