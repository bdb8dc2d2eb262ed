/**
 * What an extension gets for `@mariozechner/pi-coding-agent` (and its aliases), without the UI: our SDK surface plus
 * the original's helpers. The UI names (themes, borders, editors, key hints) live in coding-agent-ui.ts, loaded only
 * by extensions that use one of them; the SDK entry (src/index.ts) loads neither.
 */
import { readVersion } from "../cli/version.js";
import { resolveAgentDir } from "../core/config/paths.js";

export { isToolCallEventType } from "../core/extensions/tool-call-type.js";
export { parseFrontmatter } from "../core/resources/frontmatter.js";
export * from "../index.js";
export { createReadOnlyTools, defineTool, withFileMutationQueue } from "./tool-helpers.js";
export {
	DEFAULT_MAX_BYTES,
	DEFAULT_MAX_LINES,
	GREP_MAX_LINE_LENGTH,
	type TruncationOptions,
	type TruncationResult,
	truncateHead,
	truncateLine,
	truncateTail,
} from "./truncate.js";

/** The running pi's version. */
export const VERSION: string = readVersion();

/** The agent dir (`~/.pi/agent`, or `PI_CODING_AGENT_DIR`). */
export function getAgentDir(): string {
	return resolveAgentDir();
}
