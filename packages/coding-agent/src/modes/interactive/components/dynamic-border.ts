/** A horizontal rule across the full width, in a theme colour (above and below the prompt, around overlays). */
import type { Component } from "@pi/tui";
import type { Theme, ThemeColorRole } from "../theme/theme.js";

export class DynamicBorder implements Component {
	constructor(
		private readonly theme: Theme,
		private role: ThemeColorRole = "border",
		private readonly char = "─",
	) {}

	/** Changes the colour role (e.g. to follow the thinking level). */
	setRole(role: ThemeColorRole): void {
		this.role = role;
	}

	render(width: number): string[] {
		return width > 0 ? [this.theme.fg(this.role, this.char.repeat(width))] : [];
	}
}
