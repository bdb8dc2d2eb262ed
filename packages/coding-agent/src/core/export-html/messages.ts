/**
 * Every user-visible text of the HTML export, in one place so tests can assert them.
 */
export const exportMessages = {
	/** Document title when the session has no name and the caller gave none. */
	defaultTitle: "pi session",
	treeHeading: "Session tree",
	treeHint: "Click an entry to show its branch.",
	currentLeaf: "current leaf",
	noEntries: "This session has no entries.",
	noscript: "Branch switching needs JavaScript; the branch to the current leaf is shown.",
	roles: {
		user: "User",
		assistant: "Assistant",
		thinking: "Thinking",
		redactedThinking: "Thinking (redacted by the provider)",
		toolResult: "Tool result",
		bashExecution: "User shell command",
		compaction: "Compaction",
		branchSummary: "Branch summary",
		custom: "Extension message",
	},
	header: {
		id: "Session id",
		cwd: "Working directory",
		created: "Created",
		parentSession: "Forked from",
		entries: "Entries",
		branches: "Branches",
		tokens: "Tokens",
		cost: "Cost",
	},
	modelChange: (provider: string, modelId: string) => `Model: ${provider}/${modelId}`,
	thinkingLevel: (level: string) => `Thinking level: ${level}`,
	sessionName: (name: string) => `Session named “${name}”`,
	label: (targetId: string, label: string | undefined) =>
		label ? `Label “${label}” set on ${targetId}` : `Label removed from ${targetId}`,
	customEntry: (customType: string) => `Extension state: ${customType}`,
	hiddenCustom: (customType: string) => `Extension message (hidden in the UI): ${customType}`,
	unknownEntry: (type: string) => `Entry of unknown type “${type}”`,
	compactedTokens: (tokens: string) => `Earlier conversation compacted (${tokens} tokens before)`,
	branchFrom: (fromId: string) => (fromId === "root" ? "Came back to the start" : `Came back from ${fromId}`),
	filesRead: "Files read",
	filesModified: "Files modified",
	exitCode: (code: number) => `exit code ${code}`,
	cancelled: "cancelled",
	truncated: (path: string | undefined) => (path ? `output truncated; full output in ${path}` : "output truncated"),
	excludedFromContext: "not sent to the model",
	noOutput: "(no output)",
	noResult: "No result recorded for this call.",
	invalidImage: (mimeType: string) => `[image of type ${mimeType} not shown]`,
	imageOmitted: "[image: shown in the page]",
	stopReason: (reason: string) => `Stopped: ${reason}`,
	usage: (input: number, output: number, cacheRead: number, cacheWrite: number, cost: string) =>
		`↑${input} ↓${output}${cacheRead ? ` R${cacheRead}` : ""}${cacheWrite ? ` W${cacheWrite}` : ""} · ${cost}`,
	/** `pi --export`, `exportSessionFile` and AgentSession.exportToHtml before the first prompt. */
	nothingToExport: "Nothing to export yet: start a conversation first",
} as const;
