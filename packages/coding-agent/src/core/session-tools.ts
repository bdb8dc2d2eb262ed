/**
 * The session's tool set: built-in tools, tools extensions registered (a tool named like a built-in replaces it)
 * and the embedder's custom tools; which of them are active; and the system prompt built from the active ones.
 * Registering a tool later, `setActiveTools` or a reload refresh the agent's tools and system prompt at once.
 */
import type { Agent, AgentTool } from "@pi/agent-core";
import type { ExtensionSystemPromptOptions, SourceInfo, ToolDefinition, ToolInfo } from "./extensions/api-types.js";
import type { ExtensionOrigin } from "./extensions/host.js";
import type { PromptedTool } from "./extensions/tool-definition.js";
import type { ContextFile } from "./resources/context-files.js";
import type { Skill } from "./resources/skills.js";
import { buildSystemPrompt, type ToolSummary } from "./resources/system-prompt.js";
import { commandSourceInfo } from "./session-events.js";

/** An extension tool as the host holds it. */
export interface ExtensionToolSource {
	extensionPath: string;
	origin: ExtensionOrigin;
	definition: ToolDefinition<any, any>;
	tool: PromptedTool;
}

/** What the system prompt is built from besides the tools (config.md §7). */
export interface SystemPromptInputs {
	base?: string;
	append?: string;
	contextFiles?: readonly ContextFile[];
	skills?: readonly Skill[];
	cwd: string;
}

/** Options of {@link SessionToolSet}. */
export interface SessionToolSetOptions {
	/** Built-in tools that were loaded (each with its tools.md §7 summary). */
	builtin: readonly { tool: AgentTool<any, any>; summary: string }[];
	/**
	 * The other built-in tools, imported on first use (`getAllTools`, `setActiveTools`): sessions with extensions
	 * offer all of them without paying for their import at start-up.
	 */
	lazyBuiltins?: LazyBuiltins;
	/** The embedder's tools (`customTools`). */
	custom: readonly AgentTool<any, any>[];
	/** The extensions' tools, read at each refresh (they may register more at any time). */
	extensionTools: () => readonly ExtensionToolSource[];
	/** Names active at start. */
	active: readonly string[];
	/** Tools that come and go at run time (MCP servers connecting and failing), read at each refresh. */
	dynamicTools?: () => readonly AgentTool<any, any>[];
	/** Whether a tool first seen at a refresh (registered later) becomes active. */
	activateNew: (name: string) => boolean;
	prompt: SystemPromptInputs;
}

/** Built-in tools that can be loaded later, by name in built-in order. */
export interface LazyBuiltins {
	names: readonly string[];
	/** One-line summaries (tools.md §7), for listing a tool before it is loaded. */
	summaries: Readonly<Record<string, string>>;
	load(names: readonly string[]): Promise<AgentTool<any, any>[]>;
}

interface Entry {
	tool: AgentTool<any, any>;
	sourceInfo: SourceInfo;
	summary?: string;
	guidelines?: readonly string[];
}

const firstLine = (text: string) => text.split("\n")[0]?.trim() || undefined;

/** Keeps the tool set of one session and applies it to the agent. */
export class SessionToolSet {
	private active: Set<string>;
	private readonly known = new Set<string>();
	private prompt: SystemPromptInputs;
	private agent: Agent | undefined;
	private baseSystemPrompt = "";
	private readonly builtin: { tool: AgentTool<any, any>; summary: string }[];
	private loading: Promise<void> | undefined;

	constructor(private readonly options: SessionToolSetOptions) {
		this.builtin = [...options.builtin];
		this.active = new Set(options.active);
		this.prompt = options.prompt;
		for (const entry of this.entries()) this.known.add(entry.tool.name);
		this.rebuildPrompt();
	}

	/** The tool set of a session built without one: `tools` as they are, all active, as the embedder's tools. */
	static ofAgentTools(tools: readonly AgentTool<any, any>[], cwd: string): SessionToolSet {
		return new SessionToolSet({
			builtin: [],
			custom: [...tools],
			extensionTools: () => [],
			active: tools.map((tool) => tool.name),
			activateNew: () => true,
			prompt: { cwd },
		});
	}

	/** Every tool in order: built-ins (or the extension tools replacing them), extension tools, custom tools. */
	private entries(): Entry[] {
		const extension = this.options.extensionTools();
		const byName = new Map(extension.map((source) => [source.tool.name, source]));
		const fromExtension = (source: ExtensionToolSource): Entry => ({
			tool: source.tool,
			sourceInfo: commandSourceInfo(source.extensionPath, source.origin),
			summary: source.tool.promptSnippet,
			guidelines: source.tool.promptGuidelines,
		});
		const entries: Entry[] = [];
		const builtinNames = new Set<string>();
		for (const { tool, summary } of this.builtin) {
			builtinNames.add(tool.name);
			const override = byName.get(tool.name);
			entries.push(
				override
					? fromExtension(override)
					: { tool, summary, sourceInfo: { path: `<builtin:${tool.name}>`, source: "builtin", scope: "temporary" } },
			);
		}
		for (const source of extension) if (!builtinNames.has(source.tool.name)) entries.push(fromExtension(source));
		for (const tool of this.options.dynamicTools?.() ?? []) {
			const sourceInfo: SourceInfo = { path: `<mcp:${tool.name}>`, source: "mcp", scope: "temporary" };
			entries.push({ tool, sourceInfo, summary: firstLine(tool.description) ?? tool.label });
		}
		for (const tool of this.options.custom) {
			const prompted = tool as PromptedTool & { guidelines?: readonly string[] };
			entries.push({
				tool,
				sourceInfo: { path: `<sdk:${tool.name}>`, source: "sdk", scope: "temporary" },
				summary: prompted.promptSnippet ?? firstLine(tool.description) ?? tool.label,
				guidelines: prompted.promptGuidelines ?? prompted.guidelines,
			});
		}
		return entries;
	}

	private activeEntries(): Entry[] {
		return this.entries().filter((entry) => this.active.has(entry.tool.name));
	}

	/** The active tools in order. */
	get tools(): AgentTool<any, any>[] {
		return this.activeEntries().map((entry) => entry.tool);
	}

	/** The system prompt built from the active tools (before any `before_agent_start` change). */
	get systemPrompt(): string {
		return this.baseSystemPrompt;
	}

	/** What the system prompt is built from, in the original pi's field names (`ctx.getSystemPromptOptions()`). */
	promptOptions(): ExtensionSystemPromptOptions {
		const active = this.activeEntries();
		const toolSnippets: Record<string, string> = {};
		for (const entry of active) if (entry.summary) toolSnippets[entry.tool.name] = entry.summary;
		return {
			cwd: this.prompt.cwd,
			...(this.prompt.base !== undefined ? { customPrompt: this.prompt.base } : {}),
			...(this.prompt.append !== undefined ? { appendSystemPrompt: this.prompt.append } : {}),
			selectedTools: active.map((entry) => entry.tool.name),
			toolSnippets,
			promptGuidelines: active.flatMap((entry) => [...(entry.guidelines ?? [])]),
			contextFiles: (this.prompt.contextFiles ?? []).map(({ path, content }) => ({ path, content })),
			skills: (this.prompt.skills ?? []).map(({ name, description, filePath }) => ({ name, description, filePath })),
		};
	}

	/** Applies the tool set to `agent` now and after every change. */
	bind(agent: Agent): void {
		this.agent = agent;
	}

	getActiveTools(): string[] {
		const unloaded = this.unloadedBuiltins().filter((name) => this.active.has(name));
		return this.inBuiltinOrder([...this.activeEntries().map((entry) => entry.tool.name), ...unloaded], (name) => name);
	}

	/** Every tool; a built-in tool not loaded yet is listed with its summary and an empty schema (and loads now). */
	getAllTools(): ToolInfo[] {
		this.loadBuiltins();
		const listed = this.entries().map(({ tool, sourceInfo }) => ({
			name: tool.name,
			description: tool.description,
			parameters: tool.parameters,
			sourceInfo,
		}));
		const pending = this.unloadedBuiltins().map((name) => ({
			name,
			description: this.options.lazyBuiltins?.summaries[name] ?? name,
			parameters: { type: "object", properties: {} },
			sourceInfo: { path: `<builtin:${name}>`, source: "builtin", scope: "temporary" as const },
		}));
		return this.inBuiltinOrder([...listed, ...pending], (tool) => tool.name);
	}

	/** Built-in tools first in their order (loaded or not), then the others as they were. */
	private inBuiltinOrder<T>(items: T[], nameOf: (item: T) => string): T[] {
		const names = this.options.lazyBuiltins?.names ?? [];
		const rank = (item: T) => {
			const index = names.indexOf(nameOf(item));
			return index === -1 ? names.length : index;
		};
		// Array.prototype.sort is stable: tools of equal rank keep their order.
		return [...items].sort((a, b) => rank(a) - rank(b));
	}

	/** Resolves once built-in tools being loaded are in the set (a prompt waits for it, so the model gets them). */
	settled(): Promise<void> {
		return this.loading ?? Promise.resolve();
	}

	/** Built-in tool names not loaded yet and not replaced by an extension tool. */
	private unloadedBuiltins(): string[] {
		const lazy = this.options.lazyBuiltins;
		if (!lazy) return [];
		const present = new Set(this.entries().map((entry) => entry.tool.name));
		return lazy.names.filter((name) => !present.has(name));
	}

	/** Starts loading the built-in tools that are not loaded yet; they join the set (and the agent) when ready. */
	private loadBuiltins(): void {
		const lazy = this.options.lazyBuiltins;
		const loaded = new Set(this.builtin.map((entry) => entry.tool.name));
		const missing = lazy?.names.filter((name) => !loaded.has(name)) ?? [];
		if (!lazy || missing.length === 0 || this.loading) return;
		this.loading = lazy
			.load(missing)
			.then((tools) => {
				for (const tool of tools) {
					this.builtin.push({ tool, summary: lazy.summaries[tool.name] ?? tool.label });
					this.known.add(tool.name);
				}
				this.builtin.sort((a, b) => lazy.names.indexOf(a.tool.name) - lazy.names.indexOf(b.tool.name));
				this.apply();
			})
			.finally(() => {
				this.loading = undefined;
			});
	}

	/** Makes exactly the named tools active (names of no known tool are ignored). */
	setActiveTools(names: readonly string[]): void {
		this.loadBuiltins();
		const known = new Set([...this.entries().map((entry) => entry.tool.name), ...this.unloadedBuiltins()]);
		this.active = new Set(names.filter((name) => known.has(name)));
		this.apply();
	}

	/** The inputs the system prompt is built from. */
	get promptInputs(): SystemPromptInputs {
		return this.prompt;
	}

	/** Replaces the prompt inputs (after a reload of context files and skills). */
	setPromptInputs(prompt: SystemPromptInputs): void {
		this.prompt = prompt;
		this.refresh();
	}

	/** Picks up tools registered (or gone, after a reload) since the last refresh, then applies the set. */
	refresh(): void {
		for (const entry of this.entries()) {
			const name = entry.tool.name;
			if (this.known.has(name)) continue;
			this.known.add(name);
			if (this.options.activateNew(name)) this.active.add(name);
		}
		this.apply();
	}

	private rebuildPrompt(): void {
		const summaries: ToolSummary[] = this.activeEntries().map((entry) => ({
			name: entry.tool.name,
			...(entry.summary ? { summary: entry.summary } : {}),
			...(entry.guidelines ? { guidelines: entry.guidelines } : {}),
		}));
		this.baseSystemPrompt = buildSystemPrompt({ ...this.prompt, tools: summaries });
	}

	private apply(): void {
		this.rebuildPrompt();
		if (!this.agent) return;
		this.agent.setTools(this.tools);
		this.agent.setSystemPrompt(this.baseSystemPrompt);
	}
}
