/**
 * Running extension renderers (pi.registerTool `renderCall`/`renderResult`, pi.registerMessageRenderer) inside the
 * transcript, contained: a renderer that throws, returns something that is not a component, or draws rows wider
 * than it was given is reported (the caller reports each problem once) and the transcript falls back to pi's own
 * drawing or clips the rows. Rendering must never take the terminal UI down with it.
 */
import { type Component, truncateToWidth, visibleWidth } from "@pi/tui";

/** What went wrong with a renderer; the transcript turns it into one extension error per extension and kind. */
export interface RendererProblem {
	extensionPath: string;
	/** `renderCall`, `renderResult` or `message renderer`. */
	slot: string;
	/** The tool name or custom message type. */
	subject: string;
	kind: "threw" | "notComponent" | "tooWide";
	/** The error message (kind `threw`). */
	message?: string;
}

/** The texts of renderer problems, as the extension error line shows them. */
export const RENDERER_TEXT = {
	problem: (problem: RendererProblem): string => {
		const who = `${problem.slot} of "${problem.subject}"`;
		switch (problem.kind) {
			case "threw":
				return `${who} failed: ${problem.message}; pi draws it the default way.`;
			case "notComponent":
				return `${who} did not return a component (an object with render(width)); pi draws it the default way.`;
			case "tooWide":
				return `${who} drew rows wider than the terminal; they are clipped.`;
		}
	},
} as const;

export type ReportRendererProblem = (problem: RendererProblem) => void;

/** Whether `value` can be drawn: an object with `render(width)`. */
export function isComponent(value: unknown): value is Component {
	return typeof (value as Component | undefined)?.render === "function";
}

/**
 * Calls a renderer function and checks its result. Returns the component, or undefined (after reporting) when the
 * function threw or returned something else.
 */
export function callRenderer(
	produce: () => unknown,
	problem: Omit<RendererProblem, "kind" | "message">,
	report: ReportRendererProblem,
): Component | undefined {
	let value: unknown;
	try {
		value = produce();
	} catch (error) {
		report({ ...problem, kind: "threw", message: error instanceof Error ? error.message : String(error) });
		return undefined;
	}
	if (isComponent(value)) return value;
	report({ ...problem, kind: "notComponent" });
	return undefined;
}

/**
 * Renders an extension's component at `width`: undefined (after reporting) when its render throws or returns no
 * list of rows; rows wider than `width` are clipped (and reported).
 */
export function renderContained(
	component: Component,
	width: number,
	problem: Omit<RendererProblem, "kind" | "message">,
	report: ReportRendererProblem,
): string[] | undefined {
	let rows: unknown;
	try {
		rows = component.render(width);
	} catch (error) {
		report({ ...problem, kind: "threw", message: error instanceof Error ? error.message : String(error) });
		return undefined;
	}
	if (!Array.isArray(rows)) {
		report({ ...problem, kind: "notComponent" });
		return undefined;
	}
	let clipped = false;
	const out = rows.map((row) => {
		const text = typeof row === "string" ? row : String(row);
		if (visibleWidth(text) <= width) return text;
		clipped = true;
		return truncateToWidth(text, width);
	});
	if (clipped) report({ ...problem, kind: "tooWide" });
	return out;
}
