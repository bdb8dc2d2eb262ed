/**
 * What the extensions of one host registered: event handlers, commands, tools, flags, shortcuts, message and entry
 * renderers, markdown transformers, and provider changes waiting for the model registry. The host (host.ts) owns it;
 * `pi.register*` (api.ts) writes to it, and a registration that clashes with an earlier one is reported, not thrown.
 */
import type { ModelRegistry } from "../config/model-registry.js";
import type { PackageOrigin } from "../packages/origin.js";
import { type CommandInfo, commandSourceInfo } from "../session-events.js";
import type { ExtensionToolSource } from "../session-tools.js";
import { registerExtensionProvider, unregisterExtensionProvider } from "./providers.js";
import { EXTENSION_EVENT_NAMES, errorMessage, extensionTexts, UNFIRED_EVENT_NAMES } from "./texts.js";
import { assertToolDefinition, type PromptedTool, toAgentTool } from "./tool-definition.js";
import type {
	EntryRenderer,
	ExtensionCommand,
	ExtensionContext,
	ExtensionEventName,
	ExtensionFlag,
	ExtensionHandler,
	ExtensionShortcut,
	ExtensionTool,
	MarkdownTransformer,
	MessageRenderer,
	ProviderConfig,
} from "./types.js";

/** Where an extension was found; drives `CommandInfo.sourceInfo` (rpc.md §5). */
export type ExtensionOrigin = "cli" | "settings" | "project" | "user" | "sdk" | PackageOrigin;

/** A prompt that names an extension command. */
export interface CommandInvocation {
	name: string;
	args: string;
	extensionPath: string;
	command: ExtensionCommand;
}

/** What the registry needs of its host. */
export interface ExtensionRegistryHost {
	/** Values of registered flags given on the command line, by flag name. */
	flagValues(): Readonly<Record<string, boolean | string>> | undefined;
	/** Reports an extension failure (ExtensionHost.report). */
	report(extensionPath: string, event: string, error: string): Promise<void>;
	/** The context passed to tools and shortcuts. */
	context(): ExtensionContext;
	/** Called after a tool is registered, so a running session refreshes its tool list. */
	toolAdded(): void;
}

const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9_:.-]*$/;
const FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

interface Registered<T> {
	extensionPath: string;
	value: T;
}

/** A provider registration waiting for the model registry (`pi.registerProvider` during loading). */
type ProviderChange = { name: string; config?: ProviderConfig; extensionPath: string };

/** The registrations of one host's extensions. */
export class ExtensionRegistry {
	private readonly handlers = new Map<ExtensionEventName, Registered<ExtensionHandler<any>>[]>();
	private readonly commands = new Map<string, Registered<ExtensionCommand>>();
	private readonly tools: (Registered<ExtensionTool> & { tool: PromptedTool })[] = [];
	private readonly flags = new Map<string, Registered<ExtensionFlag>>();
	private readonly shortcuts = new Map<string, Registered<ExtensionShortcut>>();
	private readonly renderers = new Map<string, Registered<MessageRenderer<any>>>();
	private readonly entryRenderers = new Map<string, Registered<EntryRenderer<any>>>();
	private readonly markdownTransformers: Registered<MarkdownTransformer>[] = [];
	private readonly origins = new Map<string, ExtensionOrigin>();
	private pendingProviders: ProviderChange[] = [];
	/** Providers the extensions registered (applied to the model registry); a reset removes them. */
	private readonly providers = new Set<string>();
	private modelRegistry: ModelRegistry | undefined;

	constructor(private readonly host: ExtensionRegistryHost) {}

	/** Records a loaded extension and where it came from. */
	addExtension(extensionPath: string, origin: ExtensionOrigin): void {
		this.origins.set(extensionPath, origin);
	}

	/** Extension files that were loaded, in load order. */
	get extensionPaths(): string[] {
		return [...this.origins.keys()];
	}

	/** Where a loaded extension was found (its package for a package's extension); undefined when not loaded. */
	originOf(extensionPath: string): ExtensionOrigin | undefined {
		return this.origins.get(extensionPath);
	}

	/** `pi.on`: an unknown event name or a non-function handler throws (the extension fails to load). */
	addHandler<K extends ExtensionEventName>(extensionPath: string, event: K, handler: ExtensionHandler<K>): void {
		const known = EXTENSION_EVENT_NAMES.includes(event) || UNFIRED_EVENT_NAMES.includes(event);
		if (!known) throw new Error(extensionTexts.unknownEvent(String(event)));
		if (typeof handler !== "function") throw new TypeError(`pi.on("${event}") needs a handler function.`);
		const list = this.handlers.get(event) ?? [];
		list.push({ extensionPath, value: handler });
		this.handlers.set(event, list);
	}

	/** The handlers of `name` in load order (the dispatcher runs them). */
	handlersFor(name: ExtensionEventName): { extensionPath: string; handler: ExtensionHandler<any> }[] {
		return (this.handlers.get(name) ?? []).map((entry) => ({
			extensionPath: entry.extensionPath,
			handler: entry.value,
		}));
	}

	addCommand(extensionPath: string, name: string, command: ExtensionCommand): void {
		if (typeof name !== "string" || !COMMAND_NAME.test(name)) throw new Error(extensionTexts.invalidCommandName(name));
		if (typeof command?.handler !== "function") throw new TypeError(`registerCommand("${name}") needs a handler.`);
		const existing = this.commands.get(name);
		if (existing) {
			void this.host.report(
				extensionPath,
				"registerCommand",
				extensionTexts.duplicateCommand(name, existing.extensionPath),
			);
			return;
		}
		this.commands.set(name, { extensionPath, value: command });
	}

	/** The extension command a prompt names (`/<name>` up to the first whitespace), if any. */
	findCommand(text: string): CommandInvocation | undefined {
		if (!text.startsWith("/")) return undefined;
		const match = /^\/(\S+)(?:\s([\s\S]*))?$/.exec(text);
		if (!match) return undefined;
		const entry = this.commands.get(match[1]!);
		if (!entry) return undefined;
		return { name: match[1]!, args: match[2] ?? "", extensionPath: entry.extensionPath, command: entry.value };
	}

	/** Extension commands as CommandInfo (rpc.md §5), in registration order. */
	listCommands(): CommandInfo[] {
		return [...this.commands].map(([name, { extensionPath, value }]) => ({
			name,
			...(value.description ? { description: value.description } : {}),
			source: "extension" as const,
			sourceInfo: commandSourceInfo(extensionPath, this.origins.get(extensionPath) ?? "sdk"),
		}));
	}

	/** Registers a tool (a built-in of the same name is replaced); after start-up the tool list refreshes at once. */
	addTool(extensionPath: string, tool: ExtensionTool): void {
		assertToolDefinition(tool);
		const existing = this.tools.find((entry) => entry.value.name === tool.name);
		if (existing) {
			void this.host.report(
				extensionPath,
				"registerTool",
				extensionTexts.duplicateTool(tool.name, existing.extensionPath),
			);
			return;
		}
		this.tools.push({ extensionPath, value: tool, tool: toAgentTool(tool, () => this.host.context()) });
		this.host.toolAdded();
	}

	/** Tools extensions registered, in registration order, with the path of the extension each came from. */
	getTools(): ExtensionToolSource[] {
		return this.tools.map((entry) => ({
			extensionPath: entry.extensionPath,
			origin: this.origins.get(entry.extensionPath) ?? "sdk",
			definition: entry.value,
			tool: entry.tool,
		}));
	}

	/** The definition an extension registered for tool `name` (its renderers are the TUI's business). */
	getToolDefinition(name: string): ExtensionTool | undefined {
		return this.tools.find((entry) => entry.value.name === name)?.value;
	}

	/** Registers a keyboard shortcut for the interactive mode; a key taken by another extension is reported. */
	addShortcut(extensionPath: string, shortcut: string, options: ExtensionShortcut): void {
		if (typeof shortcut !== "string" || typeof options?.handler !== "function")
			throw new TypeError(extensionTexts.invalidShortcut(String(shortcut)));
		const key = shortcut.toLowerCase();
		const existing = this.shortcuts.get(key);
		if (existing) {
			void this.host.report(
				extensionPath,
				"registerShortcut",
				extensionTexts.duplicateShortcut(key, existing.extensionPath),
			);
			return;
		}
		this.shortcuts.set(key, { extensionPath, value: options });
	}

	/** Shortcuts by key id (lower case), with the extension each came from. */
	getShortcuts(): Map<string, { extensionPath: string; shortcut: ExtensionShortcut }> {
		return new Map(
			[...this.shortcuts].map(([key, entry]) => [key, { extensionPath: entry.extensionPath, shortcut: entry.value }]),
		);
	}

	/** Runs a shortcut's handler; its failure is reported as an extension error. */
	async runShortcut(key: string): Promise<boolean> {
		const entry = this.shortcuts.get(key.toLowerCase());
		if (!entry) return false;
		try {
			await entry.value.handler(this.host.context());
		} catch (error) {
			await this.host.report(entry.extensionPath, "shortcut", errorMessage(error));
		}
		return true;
	}

	addMessageRenderer(extensionPath: string, customType: string, renderer: MessageRenderer<any>): void {
		if (typeof customType !== "string" || typeof renderer !== "function")
			throw new TypeError(extensionTexts.invalidRenderer);
		this.renderers.set(customType, { extensionPath, value: renderer });
	}

	/** The renderer registered for custom messages of `customType`, if any. */
	getMessageRenderer(customType: string): MessageRenderer<any> | undefined {
		return this.renderers.get(customType)?.value;
	}

	/** The extension that registered the renderer of `customType` (the TUI names it when the renderer fails). */
	getMessageRendererPath(customType: string): string | undefined {
		return this.renderers.get(customType)?.extensionPath;
	}

	addEntryRenderer(extensionPath: string, customType: string, renderer: EntryRenderer<any>): void {
		if (typeof customType !== "string" || typeof renderer !== "function")
			throw new TypeError(extensionTexts.invalidRenderer);
		this.entryRenderers.set(customType, { extensionPath, value: renderer });
	}

	/** The renderer registered for custom entries of `customType`, if any. */
	getEntryRenderer(customType: string): EntryRenderer<any> | undefined {
		return this.entryRenderers.get(customType)?.value;
	}

	addMarkdownTransformer(extensionPath: string, transformer: MarkdownTransformer): void {
		if (typeof transformer !== "function") throw new TypeError(extensionTexts.invalidTransformer);
		this.markdownTransformers.push({ extensionPath, value: transformer });
	}

	/** Markdown transformers in registration order (the TUI applies them to assistant text). */
	getMarkdownTransformers(): MarkdownTransformer[] {
		return this.markdownTransformers.map((entry) => entry.value);
	}

	addFlag(extensionPath: string, name: string, flag: ExtensionFlag): void {
		if (typeof name !== "string" || !FLAG_NAME.test(name)) throw new Error(extensionTexts.invalidFlagName(name));
		const existing = this.flags.get(name);
		if (!existing) this.flags.set(name, { extensionPath, value: flag });
		// The same extension registers its flags again on reload; another extension's flag of that name is reported.
		else if (existing.extensionPath !== extensionPath)
			void this.host.report(extensionPath, "registerFlag", extensionTexts.duplicateFlag(name, existing.extensionPath));
	}

	/** A flag's value: the command line's, else the flag's default; undefined for a flag nobody registered. */
	getFlag(name: string): boolean | string | undefined {
		const flag = this.flags.get(name);
		if (!flag) return undefined;
		return this.host.flagValues()?.[name] ?? flag.value.default;
	}

	/** Registered flags by name (for help texts and a second parse of the command line). */
	getFlags(): Map<string, ExtensionFlag> {
		return new Map([...this.flags].map(([name, entry]) => [name, entry.value]));
	}

	/** `pi.registerProvider` / `unregisterProvider`: queued until a model registry is bound, then immediate. */
	changeProvider(extensionPath: string, name: string, config?: ProviderConfig): void {
		if (typeof name !== "string" || name.length === 0) throw new TypeError(extensionTexts.invalidProviderName);
		const change = { name, config, extensionPath };
		if (this.modelRegistry) this.applyProvider(this.modelRegistry, change);
		else this.pendingProviders.push(change);
	}

	/** Binds the model registry: queued provider changes apply now, later ones at once. */
	bindModelRegistry(registry: ModelRegistry): void {
		this.modelRegistry = registry;
		const pending = this.pendingProviders;
		this.pendingProviders = [];
		for (const change of pending) this.applyProvider(registry, change);
	}

	private applyProvider(registry: ModelRegistry, change: ProviderChange): void {
		try {
			if (change.config) {
				registerExtensionProvider(registry, change.name, change.config);
				this.providers.add(change.name);
			} else {
				unregisterExtensionProvider(registry, change.name);
				this.providers.delete(change.name);
			}
		} catch (error) {
			void this.host.report(change.extensionPath, "registerProvider", errorMessage(error));
		}
	}

	/**
	 * Forgets every registration and handler (before the extensions are loaded again by a reload); flags keep their
	 * registrations and command-line values. Providers the old extensions registered are removed with their
	 * sign-ins and stream apis (replaced built-ins come back); the new instances register theirs again.
	 */
	reset(): void {
		if (this.modelRegistry) {
			for (const name of this.providers) unregisterExtensionProvider(this.modelRegistry, name);
		}
		this.providers.clear();
		this.pendingProviders = [];
		this.handlers.clear();
		this.commands.clear();
		this.tools.length = 0;
		this.shortcuts.clear();
		this.renderers.clear();
		this.entryRenderers.clear();
		this.markdownTransformers.length = 0;
		this.origins.clear();
	}
}
