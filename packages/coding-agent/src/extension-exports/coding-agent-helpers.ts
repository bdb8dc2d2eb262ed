/**
 * The light part of what an extension gets for `@mariozechner/pi-coding-agent`: helpers most extensions use
 * (`defineTool`, `isToolCallEventType`, `withFileMutationQueue`, truncation, `VERSION`, `getAgentDir`), kept apart
 * from the SDK surface (coding-agent.ts) so that an extension importing only these loads little at start-up.
 */
import { readVersion } from "../cli/version.js";
import { resolveAgentDir } from "../core/config/paths.js";

export { isToolCallEventType } from "../core/extensions/tool-call-type.js";
export { parseFrontmatter } from "../core/resources/frontmatter.js";
export { type ImageResizeOptions, type ResizedImage, resizeImage } from "./resize-image.js";
export { defineTool, withFileMutationQueue } from "./tool-helpers.js";
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
