/**
 * One HTML fragment per session entry. Fragments are rendered once; the page shows the fragments of the selected
 * branch in path order.
 */
import type { AssistantMessage, ToolResultMessage } from "@pi/ai";
import type {
	BashExecutionMessage,
	BranchSummaryEntry,
	CompactionEntry,
	CustomMessage,
	SessionEntry,
} from "../session/index.js";
import { renderPlainText, renderPre, renderUserContent } from "./content.js";
import { escapeHtml } from "./escape.js";
import { renderMarkdown } from "./markdown.js";
import { exportMessages } from "./messages.js";
import { formatCost, formatTokens } from "./stats.js";
import { renderToolCall, renderToolResultBody } from "./tools.js";

/** What an entry's fragment needs to know about the rest of the session. */
export interface EntryRenderContext {
	labels: ReadonlyMap<string, string>;
	/** Results shown inside their call, by assistant entry id then tool call id (see tool-pairing.ts). */
	pairedResults: ReadonlyMap<string, ReadonlyMap<string, ToolResultMessage>>;
	/** ToolResult entries already shown inside their call → the assistant entry holding the call. */
	pairedResultEntries: ReadonlyMap<string, string>;
}

const msgs = exportMessages;

function time(iso: string): string {
	const match = /T(\d\d:\d\d:\d\d)/.exec(iso);
	return `<time datetime="${escapeHtml(iso)}" title="${escapeHtml(iso)}">${escapeHtml(match ? match[1] : iso)}</time>`;
}

function labelBadge(entry: SessionEntry, context: EntryRenderContext): string {
	const label = context.labels.get(entry.id);
	return label === undefined ? "" : ` <span class="label">${escapeHtml(label)}</span>`;
}

/** A full block: a head (role, extra, label, time) and a body. */
function block(entry: SessionEntry, context: EntryRenderContext, kind: string, role: string, body: string, extra = "") {
	const head = `<div class="entry-head"><span class="role">${escapeHtml(role)}</span>${extra}${labelBadge(entry, context)}${time(entry.timestamp)}</div>`;
	return `<section class="entry entry-${kind}" id="e-${escapeHtml(entry.id)}" data-id="${escapeHtml(entry.id)}">${head}<div class="entry-body">${body}</div></section>`;
}

/** A one-line note (model change, name, label...). */
function note(entry: SessionEntry, context: EntryRenderContext, text: string, kind = "note"): string {
	return `<div class="entry entry-${kind}" id="e-${escapeHtml(entry.id)}" data-id="${escapeHtml(entry.id)}"><span>${escapeHtml(text)}</span>${labelBadge(entry, context)}${time(entry.timestamp)}</div>`;
}

function renderAssistant(entry: SessionEntry, message: AssistantMessage, context: EntryRenderContext): string {
	const parts: string[] = [];
	const results = context.pairedResults.get(entry.id);
	for (const content of Array.isArray(message.content) ? message.content : []) {
		if (content?.type === "text") {
			if (content.text.trim() !== "") parts.push(`<div class="markdown">${renderMarkdown(content.text)}</div>`);
		} else if (content?.type === "thinking") {
			const title = content.redacted ? msgs.roles.redactedThinking : msgs.roles.thinking;
			parts.push(
				`<details class="thinking"><summary>${escapeHtml(title)}</summary>${renderPlainText(content.thinking)}</details>`,
			);
		} else if (content?.type === "toolCall") {
			parts.push(renderToolCall(content, results?.get(content.id)));
		}
	}
	if (message.errorMessage) parts.push(`<div class="error-box">${escapeHtml(message.errorMessage)}</div>`);
	else if (message.stopReason === "aborted" || message.stopReason === "length") {
		parts.push(`<div class="muted">${escapeHtml(msgs.stopReason(message.stopReason))}</div>`);
	}
	const usage = message.usage;
	if (usage) {
		const line = msgs.usage(
			usage.input ?? 0,
			usage.output ?? 0,
			usage.cacheRead ?? 0,
			usage.cacheWrite ?? 0,
			formatCost(usage.cost?.total ?? 0),
		);
		parts.push(`<div class="usage">${escapeHtml(line)}</div>`);
	}
	const model = ` <span class="model">${escapeHtml(`${message.provider}/${message.model}`)}</span>`;
	return block(entry, context, "assistant", msgs.roles.assistant, parts.join(""), model);
}

function renderBashExecution(entry: SessionEntry, message: BashExecutionMessage, context: EntryRenderContext): string {
	const flags: string[] = [];
	if (message.cancelled) flags.push(msgs.cancelled);
	else if (typeof message.exitCode === "number" && message.exitCode !== 0) flags.push(msgs.exitCode(message.exitCode));
	if (message.truncated) flags.push(msgs.truncated(message.fullOutputPath));
	if (message.excludeFromContext) flags.push(msgs.excludedFromContext);
	const failed = message.cancelled || (typeof message.exitCode === "number" && message.exitCode !== 0);
	const body =
		`<div class="tool-head"><code>${escapeHtml(`$ ${message.command}`)}</code></div>` +
		renderPre(message.output === "" ? msgs.noOutput : message.output, failed ? "output error" : "output") +
		(flags.length > 0 ? `<div class="muted">${escapeHtml(flags.join(" · "))}</div>` : "");
	return block(entry, context, "bash", msgs.roles.bashExecution, body);
}

function renderCustomMessage(
	entry: SessionEntry,
	message: Pick<CustomMessage, "customType" | "content" | "display">,
	context: EntryRenderContext,
) {
	const type = ` <span class="model">${escapeHtml(message.customType)}</span>`;
	if (!message.display) return note(entry, context, msgs.hiddenCustom(message.customType));
	return block(entry, context, "custom", msgs.roles.custom, renderUserContent(message.content), type);
}

function renderFileLists(details: unknown): string {
	const lists = details as { readFiles?: unknown; modifiedFiles?: unknown } | undefined;
	const parts: string[] = [];
	for (const [title, files] of [
		[msgs.filesRead, lists?.readFiles],
		[msgs.filesModified, lists?.modifiedFiles],
	] as const) {
		if (!Array.isArray(files) || files.length === 0) continue;
		const items = files.map((file) => `<li><code>${escapeHtml(String(file))}</code></li>`).join("");
		parts.push(`<div class="files"><div class="muted">${escapeHtml(title)}</div><ul>${items}</ul></div>`);
	}
	return parts.join("");
}

function renderCompaction(entry: CompactionEntry, context: EntryRenderContext): string {
	const summary = `<details class="summary"><summary>${escapeHtml(msgs.compactedTokens(formatTokens(entry.tokensBefore ?? 0)))}</summary><div class="markdown">${renderMarkdown(entry.summary ?? "")}</div>${renderFileLists(entry.details)}</details>`;
	return block(entry, context, "compaction", msgs.roles.compaction, summary);
}

function renderBranchSummary(entry: BranchSummaryEntry, context: EntryRenderContext): string {
	const body = `<div class="muted">${escapeHtml(msgs.branchFrom(entry.fromId))}</div><div class="markdown">${renderMarkdown(entry.summary ?? "")}</div>${renderFileLists(entry.details)}`;
	return block(entry, context, "branch-summary", msgs.roles.branchSummary, body);
}

function renderMessageEntry(entry: SessionEntry & { type: "message" }, context: EntryRenderContext): string {
	const message = entry.message;
	switch (message?.role) {
		case "user":
			return block(entry, context, "user", msgs.roles.user, renderUserContent(message.content));
		case "assistant":
			return renderAssistant(entry, message, context);
		case "toolResult": {
			// Shown inside its call: keep an empty anchor so the entry can still be selected and scrolled to.
			const owner = context.pairedResultEntries.get(entry.id);
			if (owner !== undefined) {
				return `<div class="entry entry-paired" id="e-${escapeHtml(entry.id)}" data-id="${escapeHtml(entry.id)}" data-owner="${escapeHtml(owner)}"></div>`;
			}
			const name = ` <span class="tool-name">${escapeHtml(message.toolName)}</span>`;
			const kind = message.isError ? "tool-result error" : "tool-result";
			return block(entry, context, kind, msgs.roles.toolResult, renderToolResultBody(message), name);
		}
		case "bashExecution":
			return renderBashExecution(entry, message, context);
		case "custom":
			return renderCustomMessage(entry, message, context);
		default: {
			const role = String((message as { role?: unknown } | undefined)?.role);
			return block(entry, context, "unknown", role, renderPre(JSON.stringify(message, null, 2)));
		}
	}
}

/** The HTML fragment of one entry. */
export function renderEntry(entry: SessionEntry, context: EntryRenderContext): string {
	switch (entry.type) {
		case "message":
			return renderMessageEntry(entry, context);
		case "model_change":
			return note(entry, context, msgs.modelChange(entry.provider, entry.modelId));
		case "thinking_level_change":
			return note(entry, context, msgs.thinkingLevel(entry.thinkingLevel));
		case "compaction":
			return renderCompaction(entry, context);
		case "branch_summary":
			return renderBranchSummary(entry, context);
		case "custom":
			return note(entry, context, msgs.customEntry(entry.customType));
		case "custom_message":
			return renderCustomMessage(entry, entry, context);
		case "label":
			return note(entry, context, msgs.label(entry.targetId, entry.label));
		case "session_info":
			return note(entry, context, msgs.sessionName(entry.name ?? ""));
		default:
			return note(entry, context, msgs.unknownEntry(String((entry as { type: unknown }).type)));
	}
}
