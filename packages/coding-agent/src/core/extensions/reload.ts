/**
 * `/reload` and `ctx.reload()`: the extensions hear `session_shutdown` (reason "reload"), every registration is
 * dropped, the extensions are found and loaded again, prompt templates, skills, context files and the system
 * prompt are read again, and the new extensions hear `session_start` and `resources_discover` (reason "reload").
 */
import type { AgentSession } from "../agent-session.js";
import type { PromptResources } from "../prompt-expansion.js";
import type { SystemPromptInputs } from "../session-tools.js";
import type { ExtensionHost } from "./host.js";

/** What a reload does besides the events (createAgentSession supplies it). */
export interface ReloadPlan {
	host: ExtensionHost;
	/** Finds and loads the extensions into the (reset) host. */
	loadExtensions(): Promise<void>;
	/** Reads prompt templates, skills, context files and the system prompt sources again. */
	reloadResources(): { resources: PromptResources; prompt: SystemPromptInputs };
}

/** Runs a reload of `session`. */
export async function reloadSession(session: AgentSession, plan: ReloadPlan): Promise<void> {
	const { host } = plan;
	await host.emit("session_shutdown", { type: "session_shutdown", reason: "reload" });
	host.reset();
	await plan.loadExtensions();
	const { resources, prompt } = plan.reloadResources();
	session.setResources(resources);
	// Also picks up the reloaded extensions' tools.
	session.toolSet.setPromptInputs(prompt);
	await host.emit("session_start", { type: "session_start", reason: "reload" });
	// Skill and prompt-template paths the new instances return are added to the reloaded resources.
	await host.discoverResources("reload");
}
