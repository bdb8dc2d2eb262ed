/** Empty rows, for vertical spacing between components. */
import type { Component } from "../component.js";

export class Spacer implements Component {
	constructor(private lines = 1) {}

	setLines(lines: number): void {
		this.lines = lines;
	}

	render(_width: number): string[] {
		return Array<string>(Math.max(0, this.lines)).fill("");
	}
}
