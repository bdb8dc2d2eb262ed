// Decisions of ours applied on top of any fact source, so regenerating from a newer source keeps them.

/**
 * Thinking-level maps we set ourselves (events.md §1.2): provider values for levels, `null` for a level the model
 * lacks, and `xhigh` only where the model has it. They replace whatever map the source gives the model.
 */
export const THINKING_LEVEL_MAPS = {
	"anthropic/claude-opus-4-7": { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
	"anthropic/claude-opus-4-6": { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "max" },
	"openai/gpt-5.4": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.4-pro": { minimal: null, low: null, xhigh: "xhigh" },
	"openai/gpt-5.2": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.2-codex": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.1": { minimal: null },
	"openai/gpt-5.1-codex": { minimal: null },
	"openai/o3": { minimal: null },
	"openai/o4-mini": { minimal: null },
	"google/gemini-3.1-pro-preview": { minimal: null, low: "low", medium: "medium", high: "high" },
	"google/gemini-3-flash-preview": { minimal: "minimal", low: "low", medium: "medium", high: "high" },
};

/**
 * Models left out wherever a source lists them, with the reason. Matched on the id's last path segment, so a
 * gateway's `google/<id>` goes too.
 */
export const DROPPED_MODELS = [
	{ id: "gemini-3-pro-preview", reason: "shut down 2026-03-09; gemini-3.1-pro-preview replaces it" },
];

/**
 * Endpoint roots for providers whose source value is empty or unusable. `{NAME}` is filled from the environment
 * variable NAME at request time (see packages/ai/src/models/base-url.ts).
 */
export const BASE_URLS = {
	"azure-openai-responses": "https://{AZURE_OPENAI_RESOURCE_NAME}.openai.azure.com/openai/v1",
};

/** The drop entry that removes `id`, if any. */
export function droppedBy(id) {
	const last = id.slice(id.lastIndexOf("/") + 1);
	return DROPPED_MODELS.find((entry) => entry.id === last);
}
