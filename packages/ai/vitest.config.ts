import { defineConfig } from "vitest/config";
import { workspaceAliases } from "../../vitest.shared.js";

export default defineConfig({
	resolve: { alias: workspaceAliases },
	test: {
		name: "@pi/ai",
		include: ["test/**/*.test.ts"],
		testTimeout: 20_000,
	},
});
