/** The view for each built-in tool; other tools get the generic view. */
import { renderBashView } from "./bash-view.js";
import { renderEditView } from "./edit-view.js";
import { renderGenericView } from "./generic-view.js";
import { renderReadView } from "./read-view.js";
import { renderSearchView } from "./search-view.js";
import type { ToolViewRenderer } from "./types.js";
import { renderWriteView } from "./write-view.js";

const TOOL_VIEWS: Record<string, ToolViewRenderer> = {
	bash: renderBashView,
	read: renderReadView,
	edit: renderEditView,
	write: renderWriteView,
	grep: renderSearchView,
	find: renderSearchView,
	ls: renderSearchView,
};

/** The renderer for `toolName`. */
export function toolViewFor(toolName: string): ToolViewRenderer {
	return TOOL_VIEWS[toolName] ?? renderGenericView;
}

export { parseUnifiedDiff, renderDiffLines } from "./diff-view.js";
export type { ToolResultData, ToolState, ToolView, ToolViewInput, ToolViewRenderer } from "./types.js";
