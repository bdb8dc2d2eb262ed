/**
 * The start-up listing of loaded resources in the transcript: `[Context]`, `[Skills]`, `[Prompts]`, `[Extensions]`
 * and `[Themes]`, each one sorted line of names; expanded (Ctrl+O, `--verbose`) grouped by scope (project, user,
 * path) and, within a scope, by package, named by its source as written in settings. Empty sections are left out.
 */
import { type Component, Text } from "@pi/tui";
import type { ListedResource, ListingScope, LoadedResources } from "../loaded-resources.js";
import type { Theme, ThemeColorRole } from "../theme/theme.js";

/** Section titles of the listing. */
export const LOADED_RESOURCES_TEXT = {
	context: "[Context]",
	skills: "[Skills]",
	prompts: "[Prompts]",
	extensions: "[Extensions]",
	themes: "[Themes]",
} as const;

/** What a line of the listing is; its colour follows from it. */
export type ListingLineKind = "section" | "scope" | "package" | "item";

/** One line of the listing, unstyled. */
export interface ListingLine {
	kind: ListingLineKind;
	/** Leading spaces included. */
	text: string;
}

const ROLE: Record<ListingLineKind, ThemeColorRole> = {
	section: "mdHeading",
	scope: "accent",
	package: "mdLink",
	item: "dim",
};

/** The order of the scope groups (the original pi's: the project's own resources first). */
const SCOPES: readonly ListingScope[] = ["project", "user", "path"];

const byText = (a: string, b: string) => a.localeCompare(b);

/** Whether there is anything to list. */
export function hasLoadedResources(resources: LoadedResources): boolean {
	const { contextFiles, skills, prompts, extensions, themes } = resources;
	return [contextFiles, skills, prompts, extensions, themes].some((list) => list.length > 0);
}

/** The listing's lines, sections separated by an empty line: compact (one line of names each) or expanded. */
export function loadedResourcesLines(resources: LoadedResources, expanded: boolean): ListingLine[] {
	const sections: ListingLine[][] = [];
	const { contextFiles } = resources;
	if (contextFiles.length > 0) {
		// Context files keep their order: it is the order they are given to the model in.
		sections.push([
			{ kind: "section", text: LOADED_RESOURCES_TEXT.context },
			...(expanded
				? contextFiles.map((file) => ({ kind: "item" as const, text: `  ${file.detail}` }))
				: [{ kind: "item" as const, text: `  ${contextFiles.map((file) => file.label).join(", ")}` }]),
		]);
	}
	const grouped: [keyof typeof LOADED_RESOURCES_TEXT, readonly ListedResource[]][] = [
		["skills", resources.skills],
		["prompts", resources.prompts],
		["extensions", resources.extensions],
		["themes", resources.themes],
	];
	for (const [key, items] of grouped) {
		if (items.length === 0) continue;
		const title: ListingLine = { kind: "section", text: LOADED_RESOURCES_TEXT[key] };
		const body: ListingLine[] = expanded
			? groupLines(items)
			: [
					{
						kind: "item",
						text: `  ${items
							.map((item) => item.label)
							.sort(byText)
							.join(", ")}`,
					},
				];
		sections.push([title, ...body]);
	}
	return sections.flatMap((section, index) => (index === 0 ? section : [{ kind: "item", text: "" }, ...section]));
}

/** A section's items by scope, the loose files first, then one group per package (sorted by source). */
function groupLines(items: readonly ListedResource[]): ListingLine[] {
	const lines: ListingLine[] = [];
	const byPath = (a: ListedResource, b: ListedResource) => a.path.localeCompare(b.path);
	for (const scope of SCOPES) {
		const inScope = items.filter((item) => item.scope === scope);
		if (inScope.length === 0) continue;
		lines.push({ kind: "scope", text: `  ${scope}` });
		for (const item of inScope.filter((entry) => entry.package === undefined).sort(byPath))
			lines.push({ kind: "item", text: `    ${item.detail}` });
		const packages = [...new Set(inScope.flatMap((item) => (item.package === undefined ? [] : [item.package])))];
		for (const source of packages.sort(byText)) {
			lines.push({ kind: "package", text: `    ${source}` });
			for (const item of inScope.filter((entry) => entry.package === source).sort(byPath))
				lines.push({ kind: "item", text: `      ${item.detail}` });
		}
	}
	return lines;
}

/** The listing in the transcript; Ctrl+O switches it between compact and expanded like the tool boxes. */
export class LoadedResourcesComponent implements Component {
	private readonly text = new Text("", { paddingX: 1 });
	private expanded = false;

	constructor(
		private readonly resources: LoadedResources,
		private readonly theme: Theme,
	) {
		this.update();
	}

	setExpanded(expanded: boolean): void {
		if (expanded === this.expanded) return;
		this.expanded = expanded;
		this.update();
	}

	invalidate(): void {
		this.text.invalidate();
	}

	render(width: number): string[] {
		return ["", ...this.text.render(width)];
	}

	private update(): void {
		const lines = loadedResourcesLines(this.resources, this.expanded);
		this.text.setText(
			lines.map((line) => (line.text === "" ? "" : this.theme.fg(ROLE[line.kind], line.text))).join("\n"),
		);
	}
}
