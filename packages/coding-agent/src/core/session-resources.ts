/**
 * An AgentSession's prompt templates and skills: replaced after a resource reload, extended with the paths
 * extensions return for `resources_discover`, and `/reload` itself.
 */
import { addDiscoveredResources, type DiscoveredResourcePaths } from "./extensions/session-hooks-resources.js";
import type { PromptResources } from "./prompt-expansion.js";
import type { SessionToolSet } from "./session-tools.js";

/** Holds the session's current prompt resources. */
export class SessionResources {
	constructor(
		private resources: PromptResources,
		private readonly cwd: string,
		/** The session's tool set (read when needed: the session sets it after building its collaborators). */
		private readonly toolSet: () => SessionToolSet,
		/** What `reload()` does; undefined for an AgentSession built by hand. */
		private readonly reloader: (() => Promise<void>) | undefined,
	) {}

	get current(): PromptResources {
		return this.resources;
	}

	set(resources: PromptResources): void {
		this.resources = resources;
	}

	/** Adds the skills and prompt templates at `paths`. */
	addPaths(paths: DiscoveredResourcePaths): void {
		const skillsBefore = this.resources.skills.length;
		this.resources = addDiscoveredResources(this.resources, paths, this.cwd);
		// New skills are listed in the system prompt, as the session's own are.
		if (this.resources.skills.length > skillsBefore) {
			const toolSet = this.toolSet();
			toolSet.setPromptInputs({ ...toolSet.promptInputs, skills: this.resources.skills });
		}
	}

	/** Runs the reloader; without one only the tool set is refreshed. */
	async reload(): Promise<void> {
		if (this.reloader) await this.reloader();
		else this.toolSet().refresh();
	}
}
