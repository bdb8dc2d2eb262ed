/**
 * Builds a session's tool set from the SDK options (`--tools`, `--no-tools`, `--no-builtin-tools`, custom tools)
 * and the extensions' tools. Only the named built-in tools are imported at start-up; with extensions loaded the
 * others are offered too (`pi.getAllTools()`, `pi.setActiveTools()`) and imported on first use.
 */
import type { AgentTool } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import {
	BUILTIN_TOOL_NAMES,
	type CodingToolsOptions,
	DEFAULT_TOOL_NAMES,
	isBuiltinToolName,
	loadCodingTools,
	TOOL_SUMMARIES,
} from "../tools/builtin.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { SettingsManager } from "./config/settings.js";
import type { ExtensionHost } from "./extensions/host.js";
import { isMcpToolName } from "./mcp/names.js";
import { SessionToolSet, type SystemPromptInputs } from "./session-tools.js";
import { shellSettingsFrom } from "./user-bash.js";

/** What {@link buildToolSet} reads. */
export interface ToolSetSetup {
	cwd: string;
	agentDir: string;
	settings: SettingsManager;
	registry: ModelRegistry;
	currentModel: () => Model | undefined;
	extensions: ExtensionHost;
	/** `--tools`: the tools wanted by name (built-in and extension tools). */
	tools?: readonly string[];
	noTools?: boolean;
	noBuiltinTools?: boolean;
	customTools?: readonly AgentTool<any, any>[];
	/** The MCP servers' tools at this moment (they change as servers connect and fail). */
	mcpTools?: () => readonly AgentTool<any, any>[];
	prompt: SystemPromptInputs;
	warn: (message: string) => void;
	unknownToolWarning: (name: string) => string;
}

/** Loads the built-in tools needed and assembles the tool set with its active names. */
export async function buildToolSet(setup: ToolSetSetup): Promise<SessionToolSet> {
	const { settings, extensions } = setup;
	const extensionNames = extensions.getTools().map((source) => source.tool.name);
	const wanted = setup.tools;
	const allowed = (name: string) => !setup.noTools && (!wanted || wanted.includes(name));
	let builtinNames: string[] = [];
	if (!setup.noTools && !setup.noBuiltinTools) {
		builtinNames = [...(wanted ?? DEFAULT_TOOL_NAMES)];
		for (const name of builtinNames) {
			// MCP tools (`mcp__…`) may be named before their server has connected.
			const known = isBuiltinToolName(name) || extensionNames.includes(name) || isMcpToolName(name);
			if (!known) setup.warn(setup.unknownToolWarning(name));
		}
	}
	const read = settings.getReadSettings();
	const images = settings.getImageSettings();
	const options: CodingToolsOptions = {
		agentDir: setup.agentDir,
		read: {
			maxLines: read.maxLines,
			maxBytes: read.maxBytes,
			autoResizeImages: images.autoResize,
			blockImages: images.blockImages,
			modelAcceptsImages: () => setup.currentModel()?.input.includes("image") ?? true,
		},
		bash: {
			...shellSettingsFrom(settings, setup.registry),
			defaultTimeoutSeconds: settings.getBashSettings().defaultTimeoutSeconds,
		},
	};
	const builtin = await loadCodingTools(setup.cwd, options, builtinNames.filter(isBuiltinToolName));
	const custom = setup.noTools ? [] : [...(setup.customTools ?? [])];
	const active = [
		...builtinNames.filter(isBuiltinToolName),
		...extensionNames.filter(allowed),
		...custom.map((tool) => tool.name),
		// Servers that connected during start-up; later ones are activated by the refresh their tools trigger.
		...(setup.mcpTools?.() ?? []).map((tool) => tool.name).filter(allowed),
	];
	return new SessionToolSet({
		builtin: builtin.map((tool) => ({ tool, summary: TOOL_SUMMARIES[tool.name as keyof typeof TOOL_SUMMARIES] })),
		// With extensions, the other built-in tools are offered too (pi.getAllTools, setActiveTools), loaded on use.
		...(extensions.extensionPaths.length > 0 && !setup.noTools
			? {
					lazyBuiltins: {
						names: BUILTIN_TOOL_NAMES,
						summaries: TOOL_SUMMARIES,
						load: (names: readonly string[]) => loadCodingTools(setup.cwd, options, names),
					},
				}
			: {}),
		custom,
		extensionTools: () => extensions.getTools(),
		active,
		activateNew: allowed,
		...(setup.mcpTools ? { dynamicTools: setup.mcpTools } : {}),
		prompt: setup.prompt,
	});
}
