import type { Context, Message, Model } from "../../types.js";

/** The provider id of GitHub Copilot models; their requests carry the per-request headers below. */
export const GITHUB_COPILOT_PROVIDER = "github-copilot";

/**
 * Who started the request: `user` when the conversation ends with the user's message, `agent` for a follow-up
 * the agent sends on its own (after a tool result or an assistant turn). Copilot bills premium requests by
 * this header, so an agent's tool loop must not count as new user prompts.
 */
export function copilotInitiator(messages: Message[]): "user" | "agent" {
	const last = messages[messages.length - 1];
	return last && last.role !== "user" ? "agent" : "user";
}

/** Whether any user message or tool result carries an image: Copilot refuses images without the vision header. */
export function hasCopilotVisionInput(messages: Message[]): boolean {
	return messages.some(
		(message) =>
			(message.role === "user" || message.role === "toolResult") &&
			Array.isArray(message.content) &&
			message.content.some((block) => block.type === "image"),
	);
}

/**
 * The headers a GitHub Copilot request needs on top of the model's static ones (editor and integration ids from
 * the catalogue): `X-Initiator`, `Openai-Intent`, and `Copilot-Vision-Request` when images are sent. Undefined
 * for any other provider, so adapters can merge the result unconditionally. The caller's own headers still go
 * last and win.
 */
export function copilotRequestHeaders(model: Model, context: Context): Record<string, string> | undefined {
	if (model.provider !== GITHUB_COPILOT_PROVIDER) return undefined;
	const headers: Record<string, string> = {
		"X-Initiator": copilotInitiator(context.messages),
		"Openai-Intent": "conversation-edits",
	};
	if (hasCopilotVisionInput(context.messages)) headers["Copilot-Vision-Request"] = "true";
	return headers;
}
