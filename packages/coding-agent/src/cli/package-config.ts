/**
 * `pi config`: a list of every resource the packages of one settings scope offer, each turned on or off with Enter
 * (written at once as `+path`/`-path` filters of the package's settings entry, docs/packages.md). Tab switches between
 * user and project settings; Escape quits. Built from @pi/tui's SelectList, loaded only for this command.
 */
import type { Terminal } from "@pi/tui";
import {
	type ConfigurableResource,
	listConfigurable,
	type PackageScope,
	scopeLayout,
	setResourceEnabled,
} from "../core/packages/index.js";

/** Texts of the selector. */
export const configTexts = {
	title: (scope: PackageScope, file: string) => `Package resources · ${scope} settings (${file})`,
	keys: "enter turn on/off · tab user/project · type to filter · esc quit",
	empty: (scope: PackageScope) =>
		`No packages in ${scope} settings. Install one with: pi install <source>${scope === "project" ? " -l" : ""}`,
	row: (resource: ConfigurableResource) =>
		`${resource.enabled ? "[x]" : "[ ]"} ${KIND_NAMES[resource.kind].padEnd(8)} ${resource.relPath}`,
	problem: (source: string, message: string) => `${source}: ${message}`,
} as const;

const KIND_NAMES: Record<ConfigurableResource["kind"], string> = {
	extensions: "ext",
	skills: "skill",
	prompts: "prompt",
	themes: "theme",
};

export interface ConfigSelectorOptions {
	cwd: string;
	agentDir: string;
	/** Start with project settings (`-l`). */
	local: boolean;
	/** The terminal to draw on (tests); default the process's own. */
	terminal?: Terminal;
}

/** Runs the selector until Escape; resolves with the exit code. */
export async function runConfigSelector(options: ConfigSelectorOptions): Promise<number> {
	const { Container, ProcessTerminal, SelectList, TUI, Text, matchesKey } = await import("@pi/tui");
	const tui = new TUI(options.terminal ?? new ProcessTerminal(), { showHardwareCursor: false });
	const header = new Text("");
	const list = new SelectList([], { maxVisible: 15 });
	const footer = new Text("");
	const body = new Container();
	body.addChild(header);
	body.addChild(list);
	body.addChild(footer);
	tui.addChild(body);
	tui.setFocus(list);

	let scope: PackageScope = options.local ? "project" : "user";
	let resources: ConfigurableResource[] = [];
	let message = "";

	const refresh = () => {
		const packages = listConfigurable(scope, options.cwd, options.agentDir);
		resources = packages.flatMap((pkg) => pkg.resources);
		const problems = packages.filter((pkg) => pkg.problem).map((pkg) => configTexts.problem(pkg.source, pkg.problem!));
		const index = list.getSelectedIndex();
		list.setItems(
			resources.map((resource, i) => ({
				value: String(i),
				label: configTexts.row(resource),
				description: resource.source,
			})),
		);
		list.setSelectedIndex(Math.min(index, Math.max(0, resources.length - 1)));
		header.setText(
			`${configTexts.title(scope, scopeLayout(scope, options.cwd, options.agentDir).settingsFile)}\n${configTexts.keys}`,
		);
		const lines = [
			...problems,
			...(packages.length === 0 ? [configTexts.empty(scope)] : []),
			...(message ? [message] : []),
		];
		footer.setText(lines.join("\n"));
		tui.requestRender();
	};

	let finish: () => void = () => {};
	const finished = new Promise<void>((resolve) => {
		finish = resolve;
	});
	list.onCancel = () => finish();
	list.onSelect = (item) => {
		const resource = resources[Number(item.value)];
		if (!resource) return;
		try {
			setResourceEnabled(scope, options.cwd, options.agentDir, resource, !resource.enabled);
			message = "";
		} catch (error) {
			message = (error as Error).message;
		}
		refresh();
	};
	tui.addInputListener((data) => {
		if (!matchesKey(data, "tab")) return undefined;
		scope = scope === "user" ? "project" : "user";
		message = "";
		list.setFilter("");
		refresh();
		return true;
	});

	refresh();
	tui.start();
	await finished;
	tui.stop();
	return 0;
}
