/**
 * Session events → transcript components. The transcript is a Container of finished (markFinal) components plus
 * the few that are still changing: the streaming assistant message and tool calls that have not finished. Marking
 * finished ones final lets the TUI commit them to scrollback, so a long session's frames stay cheap.
 */
import { homedir } from "node:os";
import type { AgentMessage } from "@pi/agent-core";
import type { AssistantMessage, ImageContent, TextContent, ToolResultMessage } from "@pi/ai";
import { type Component, type Container, markFinal } from "@pi/tui";
import type { ExtensionHost } from "../../core/extensions/host.js";
import { type AgentSessionEvent, sessionTexts } from "../../core/session-events.js";
import { AssistantMessageComponent } from "./components/assistant-message.js";
import { BashExecutionComponent } from "./components/bash-execution.js";
import { CustomMessageComponent, type MessageRendererSource } from "./components/custom-message.js";
import { RENDERER_TEXT, type RendererProblem } from "./components/extension-renderers.js";
import { NoticeComponent } from "./components/notices.js";
import { BranchSummaryComponent, CompactionSummaryComponent } from "./components/summary-messages.js";
import { ToolExecutionComponent, type ToolRenderers } from "./components/tool-execution.js";
import { UserMessageComponent, userMessageText } from "./components/user-message.js";
import { NOTICE_TEXT, type NoticeKind, type NoticeOptions } from "./notices.js";
import type { Theme } from "./theme/index.js";

/** Display preferences the transcript follows. */
export interface TranscriptOptions {
	theme: Theme;
	cwd: string;
	hideThinking: boolean;
	toolsExpanded: boolean;
	codeBlockIndent?: string;
}

type ToolContent = (TextContent | ImageContent)[];

/** The extension renderers the transcript draws with (the session's extension host provides them). */
export interface TranscriptRenderers {
	/** The renderers an extension registered for tool `name` (pi.registerTool), if any. */
	tool(name: string): ToolRenderers | undefined;
	/** The renderer of custom messages of `customType` (pi.registerMessageRenderer), if any. */
	message(customType: string): MessageRendererSource | undefined;
	/** Reports a renderer problem as an extension error (the transcript passes each one once). */
	report(extensionPath: string, error: string): void;
}

/** Transcript entries Ctrl+O expands or collapses. */
export interface Expandable extends Component {
	setExpanded(expanded: boolean): void;
}

/** The renderers of a session's extensions, as the transcript uses them. */
export function extensionRenderers(host: ExtensionHost): TranscriptRenderers {
	return {
		tool(name) {
			const source = host.getTools().find((entry) => entry.definition.name === name);
			const definition = source?.definition;
			if (!source || !definition || (!definition.renderCall && !definition.renderResult)) return undefined;
			return {
				extensionPath: source.extensionPath,
				renderCall: definition.renderCall,
				renderResult: definition.renderResult,
				renderShell: definition.renderShell,
			};
		},
		message(customType) {
			const renderer = host.getMessageRenderer(customType);
			const extensionPath = host.getMessageRendererPath(customType);
			return renderer && extensionPath ? { renderer, extensionPath } : undefined;
		},
		report(extensionPath, error) {
			void host.report(extensionPath, "render", error);
		},
	};
}

export class TranscriptView {
	private streaming: AssistantMessageComponent | undefined;
	private readonly tools = new Map<string, ToolExecutionComponent>();
	private readonly assistants: AssistantMessageComponent[] = [];
	private readonly expandables: Expandable[] = [];
	private readonly home = homedir();
	/** The keyed notices shown (see {@link NoticeOptions}), by key. */
	private readonly keyed = new Map<string, Component>();
	private renderers: TranscriptRenderers | undefined;
	/** Renderer problems reported so far (extension, slot, subject, kind): each is reported once. */
	private readonly reported = new Set<string>();
	/** Asks for a frame (a renderer's `context.invalidate()`). */
	requestRender: () => void = () => {};

	constructor(
		private readonly container: Container,
		private readonly options: TranscriptOptions,
	) {}

	get theme(): Theme {
		return this.options.theme;
	}

	/** Extension renderers for the entries added from now on (set when the session is attached, and on reload). */
	setRenderers(renderers: TranscriptRenderers | undefined): void {
		this.renderers = renderers;
	}

	/** A renderer problem, reported the first time it happens (a renderer runs at every frame). */
	private readonly reportProblem = (problem: RendererProblem): void => {
		const key = [problem.extensionPath, problem.slot, problem.subject, problem.kind].join("\0");
		if (this.reported.has(key)) return;
		this.reported.add(key);
		// Reported after the frame being drawn: the report adds a notice to this transcript.
		queueMicrotask(() => this.renderers?.report(problem.extensionPath, RENDERER_TEXT.problem(problem)));
	};

	/** Applies one session event to the transcript. */
	handleEvent(event: AgentSessionEvent): void {
		switch (event.type) {
			case "message_start":
				if (event.message.role === "assistant") {
					this.streaming = this.addAssistant(event.message as AssistantMessage, false);
				} else {
					this.addMessage(event.message);
				}
				break;
			case "message_update": {
				this.streaming?.updateContent(event.message);
				this.syncToolCalls(event.message);
				const update = event.assistantMessageEvent as { type?: string; toolCall?: { id?: string } } | undefined;
				if (update?.type === "toolcall_end" && update.toolCall?.id)
					this.tools.get(update.toolCall.id)?.markArgsComplete();
				break;
			}
			case "message_end":
				if (event.message.role === "assistant") {
					const message = event.message as AssistantMessage;
					const view = this.streaming ?? this.addAssistant(message, false);
					view.updateContent(message);
					this.syncToolCalls(message);
					for (const block of message.content)
						if (block.type === "toolCall") this.tools.get(block.id)?.markArgsComplete();
					markFinal(view);
					this.streaming = undefined;
					// A failed or aborted turn never runs its tool calls: close their boxes.
					if (message.stopReason === "aborted" || message.stopReason === "error") this.closeOpenTools();
				}
				break;
			case "tool_execution_start":
				this.toolFor(event.toolCallId, event.toolName, event.args).markRunning();
				break;
			case "tool_execution_update": {
				const partial = event.partialResult as { content?: ToolContent; details?: unknown } | undefined;
				this.toolFor(event.toolCallId, event.toolName, event.args).updateResult(
					{ content: partial?.content ?? [], details: partial?.details, isError: false },
					true,
				);
				break;
			}
			case "tool_execution_end": {
				const view = this.toolFor(event.toolCallId, event.toolName, undefined);
				view.updateResult({ content: event.result.content, details: event.result.details, isError: event.isError });
				markFinal(view);
				this.tools.delete(event.toolCallId);
				break;
			}
			case "compaction_end":
				if (event.result) this.addNotice("success", NOTICE_TEXT.compacted(event.result.tokensBefore));
				else if (event.aborted) this.addNotice("info", NOTICE_TEXT.compactionAborted);
				else if (event.errorMessage) this.addNotice("error", event.errorMessage);
				break;
			case "auto_retry_end":
				// Cancelling (Esc) is the user's own doing: said as such, not as a failure.
				if (event.finalError === sessionTexts.retryCancelled) this.addNotice("info", NOTICE_TEXT.retryCancelled);
				else if (!event.success && event.finalError) {
					this.addNotice("error", NOTICE_TEXT.retryFailed(event.finalError));
				}
				break;
			default:
				break;
		}
	}

	/**
	 * Shows `messages` as the transcript (start-up with history, resume, tree navigation, fork). What was shown
	 * before stays above a divider: it is in the terminal's scrollback already and cannot be taken back, and
	 * appending keeps the committed-rows bookkeeping of the container intact.
	 */
	rebuild(messages: readonly AgentMessage[], divider?: string): void {
		this.closeOpenTools();
		if (this.streaming) markFinal(this.streaming);
		this.streaming = undefined;
		if (divider) this.addNotice("info", divider);
		for (const message of messages) {
			if (message.role === "assistant") {
				const view = this.addAssistant(message as AssistantMessage, true);
				markFinal(view);
				this.syncToolCalls(message as AssistantMessage);
			} else if (message.role === "toolResult") {
				const result = message as ToolResultMessage;
				const view = this.toolFor(result.toolCallId, result.toolName, undefined);
				view.updateResult({ content: result.content, details: result.details, isError: result.isError });
				markFinal(view);
				this.tools.delete(result.toolCallId);
			} else {
				this.addMessage(message);
			}
		}
		this.closeOpenTools();
	}

	/**
	 * Adds a notice row. A keyed notice replaces the previous one with that key if nothing came after it (otherwise
	 * that one is part of the history above and stays).
	 */
	addNotice(kind: NoticeKind, text: string, options: NoticeOptions = {}): void {
		const { key } = options;
		const previous = key === undefined ? undefined : this.keyed.get(key);
		const { children } = this.container;
		if (previous && children[children.length - 1] === previous) this.container.removeChild(previous);
		const view = markFinal(new NoticeComponent(this.theme, kind, text));
		this.container.addChild(view);
		if (key !== undefined) this.keyed.set(key, view);
	}

	/** Adds any component as a finished transcript entry. */
	addFinal(component: Component): void {
		this.container.addChild(markFinal(component));
	}

	/** Shows a user shell command (`!cmd`) while it runs; the caller streams output into it and marks it final. */
	addLiveBash(command: string, excludeFromContext: boolean): BashExecutionComponent {
		const view = new BashExecutionComponent(command, {
			theme: this.theme,
			excludeFromContext,
			expanded: this.options.toolsExpanded,
		});
		this.container.addChild(view);
		this.expandables.push(view);
		return view;
	}

	/** Expands or collapses every tool box (Ctrl+O). Cached rows are dropped so they re-render. */
	setToolsExpanded(expanded: boolean): void {
		this.options.toolsExpanded = expanded;
		for (const view of this.expandables) view.setExpanded(expanded);
		this.container.invalidate();
	}

	/** Shows or hides thinking text (Ctrl+T). */
	setHideThinking(hidden: boolean): void {
		this.options.hideThinking = hidden;
		for (const view of this.assistants) view.setHideThinking(hidden);
		this.container.invalidate();
	}

	/** Switches the theme of components created from now on (existing ones keep theirs: most are in scrollback). */
	setTheme(theme: Theme): void {
		this.options.theme = theme;
	}

	private addAssistant(message: AssistantMessage, final: boolean): AssistantMessageComponent {
		const view = new AssistantMessageComponent(this.theme, {
			hideThinking: this.options.hideThinking,
			codeBlockIndent: this.options.codeBlockIndent,
			message,
		});
		this.assistants.push(view);
		this.container.addChild(final ? markFinal(view) : view);
		return view;
	}

	private addMessage(message: AgentMessage): void {
		switch (message.role) {
			case "user":
				this.addFinal(new UserMessageComponent(userMessageText(message.content), this.theme));
				break;
			case "bashExecution":
				this.addExpandable(
					BashExecutionComponent.fromMessage(message, { theme: this.theme, expanded: this.options.toolsExpanded }),
				);
				break;
			case "compactionSummary":
				this.addExpandable(new CompactionSummaryComponent(message, this.theme));
				break;
			case "branchSummary":
				this.addExpandable(new BranchSummaryComponent(message, this.theme));
				break;
			case "custom":
				if (message.display) {
					this.addExpandable(
						new CustomMessageComponent(message, {
							theme: this.theme,
							renderer: this.renderers?.message(message.customType),
							onRendererProblem: this.reportProblem,
						}),
					);
				}
				break;
			default:
				break;
		}
	}

	/** Adds a finished entry that Ctrl+O expands and collapses with the tool boxes (it starts as they are). */
	addExpandable(view: Expandable): void {
		view.setExpanded(this.options.toolsExpanded);
		this.expandables.push(view);
		this.addFinal(view);
	}

	/** Creates or updates the box of every tool call in the (streaming) assistant message. */
	private syncToolCalls(message: AssistantMessage): void {
		for (const block of message.content) {
			if (block.type === "toolCall") this.toolFor(block.id, block.name, block.arguments ?? {});
		}
	}

	/** The box of tool call `id`, created on first sight; `args`, when given, updates its arguments. */
	private toolFor(id: string, name: string, args: unknown): ToolExecutionComponent {
		let view = this.tools.get(id);
		if (!view) {
			view = new ToolExecutionComponent(name, (args as Record<string, unknown>) ?? {}, {
				theme: this.theme,
				cwd: this.options.cwd,
				home: this.home,
				expanded: this.options.toolsExpanded,
				renderers: this.renderers?.tool(name),
				toolCallId: id,
				onInvalidate: (changed) => {
					// A finished box's rows are cached by the transcript: drop them so the new drawing shows.
					this.container.refreshChild(changed);
					this.requestRender();
				},
				onRendererProblem: this.reportProblem,
			});
			this.tools.set(id, view);
			this.expandables.push(view);
			this.container.addChild(view);
		} else if (args !== undefined && args !== null && typeof args === "object") {
			view.updateArgs(args as Record<string, unknown>);
		}
		return view;
	}

	/** Tool calls that will never get a result (aborted turn, history cut) are finished as they are. */
	private closeOpenTools(): void {
		for (const view of this.tools.values()) markFinal(view);
		this.tools.clear();
	}
}
