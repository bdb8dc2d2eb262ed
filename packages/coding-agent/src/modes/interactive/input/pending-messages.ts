/**
 * Messages typed while the agent works, shown between the transcript and the editor until the session delivers
 * them (a `queue_update` without them), so the user sees what is still waiting.
 */
import { type Component, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/index.js";

export const PENDING_TEXT = {
	steering: "Steering",
	followUp: "Follow-up",
	hint: "esc restores them to the editor",
} as const;

export class PendingMessages implements Component {
	private steering: string[] = [];
	private followUp: string[] = [];

	constructor(private readonly theme: () => Theme) {}

	update(steering: readonly string[], followUp: readonly string[]): void {
		this.steering = [...steering];
		this.followUp = [...followUp];
	}

	get count(): number {
		return this.steering.length + this.followUp.length;
	}

	render(width: number): string[] {
		if (this.count === 0) return [];
		const t = this.theme();
		const line = (kind: string, text: string) =>
			truncateToWidth(` ${t.fg("accent", `${kind}:`)} ${t.fg("muted", text.replace(/\s+/g, " "))}`, width);
		return [
			"",
			...this.steering.map((text) => line(PENDING_TEXT.steering, text)),
			...this.followUp.map((text) => line(PENDING_TEXT.followUp, text)),
			truncateToWidth(` ${t.fg("dim", PENDING_TEXT.hint)}`, width),
		];
	}
}
