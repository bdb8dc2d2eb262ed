import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Tests import the workspace packages from their TypeScript sources, so a change in @pi/ai is seen by
 * @pi/agent-core's tests without a rebuild. Spawned CLI processes still run the built dist/.
 */
export const workspaceAliases = [
	{ find: /^@pi\/ai$/, replacement: `${root}packages/ai/src/index.ts` },
	{ find: /^@pi\/ai\/testing$/, replacement: `${root}packages/ai/src/testing/index.ts` },
	{ find: /^@pi\/agent-core$/, replacement: `${root}packages/agent/src/index.ts` },
	{ find: /^@pi\/tui$/, replacement: `${root}packages/tui/src/index.ts` },
	{ find: /^@pi\/coding-agent$/, replacement: `${root}packages/coding-agent/src/index.ts` },
];
