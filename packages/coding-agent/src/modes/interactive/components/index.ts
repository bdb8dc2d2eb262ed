export { ASSISTANT_TEXT, AssistantMessageComponent, type AssistantMessageOptions } from "./assistant-message.js";
export {
	BASH_EXECUTION_TEXT,
	BashExecutionComponent,
	type BashExecutionOptions,
	type BashExecutionResult,
} from "./bash-execution.js";
export { DynamicBorder } from "./dynamic-border.js";
export { FOOTER_TEXT, FooterComponent, type FooterData, formatModel, formatUsage } from "./footer.js";
export { displayPath, formatBytes, formatCost, formatDuration, formatTokens, tildePath } from "./format.js";
export { readGitBranch } from "./git-branch.js";
export { DEFAULT_KEY_HINTS, HeaderComponent, type HeaderOptions, type KeyHint } from "./header.js";
export { NoticeComponent, type NoticeKind, RETRY_TEXT, RetryNotice, type RetryNoticeOptions } from "./notices.js";
export { PENDING_TEXT, PendingMessagesComponent } from "./pending-messages.js";
export { type EditorKeyHandler, PromptEditor } from "./prompt-editor.js";
export { BranchSummaryComponent, CompactionSummaryComponent, SUMMARY_TEXT } from "./summary-messages.js";
export {
	DEFAULT_COLLAPSED_LINES,
	TOOL_TEXT,
	ToolExecutionComponent,
	type ToolExecutionOptions,
} from "./tool-execution.js";
export {
	parseUnifiedDiff,
	type ToolResultData,
	type ToolState,
	toolViewFor,
} from "./tool-views/index.js";
export { UserMessageComponent, userMessageText } from "./user-message.js";
