/**
 * What the start-up listing shows (components/loaded-resources.ts draws it): the session's context files, skills,
 * prompt templates and extensions, and the themes read from files, each with the scope it was found in and, for a
 * package's resource, the package's source as written in settings. Labels and short paths are worked out here, so
 * the drawing only groups, sorts and styles.
 */
import { basename, isAbsolute, join, posix, relative } from "node:path";
import type { AgentSession } from "../../core/agent-session.js";
import { packagePath, scopeLayout } from "../../core/packages/layout.js";
import type { PackageOrigin } from "../../core/packages/origin.js";
import type { PackageResource } from "../../core/packages/resolve.js";
import { parseSource } from "../../core/packages/source.js";
import { temporaryLayout } from "../../core/packages/temporary.js";
import { type CommandOrigin, commandSourceInfo } from "../../core/session-events.js";
import { hasLoadedResources, LoadedResourcesComponent } from "./components/loaded-resources.js";
import type { TranscriptView } from "./event-rendering.js";

/** The groups of the expanded listing besides packages: where a resource was found. */
export type ListingScope = "user" | "project" | "path";

/** One resource as the listing shows it. */
export interface ListedResource {
	/** The compact listing's name: a skill or theme name, `/template`, an extension's shortest telling path. */
	label: string;
	/** The expanded listing's line: the path within its package for a package's resource, else the `~` path. */
	detail: string;
	/** Absolute path; orders the expanded listing. */
	path: string;
	scope: ListingScope;
	/** The package's source as written in settings (`npm:pi-aliases`), for a package's resource. */
	package?: string;
}

/** A context file: its path relative to the project (compact) and its `~` path (expanded). */
export interface ListedContextFile {
	label: string;
	detail: string;
}

/** Everything the start-up listing shows, per section. */
export interface LoadedResources {
	contextFiles: ListedContextFile[];
	skills: ListedResource[];
	prompts: ListedResource[];
	extensions: ListedResource[];
	themes: ListedResource[];
}

/** A theme read from a file, and where that file was found. */
export interface ThemeSource {
	name: string;
	path: string;
	origin: CommandOrigin;
}

/** The loaded resources as the session and the theme loader hold them. */
export interface ResourceSources {
	contextFiles: readonly string[];
	skills: readonly { name: string; filePath: string; source: CommandOrigin }[];
	templates: readonly { name: string; filePath: string; source: CommandOrigin }[];
	extensions: readonly { path: string; origin: CommandOrigin }[];
	themes: readonly ThemeSource[];
}

/** Where paths are shown from. */
export interface ListingPlaces {
	cwd: string;
	agentDir: string;
	/** Shown as `~`. */
	home: string;
}

/** What {@link showLoadedResources} needs besides the session. */
export interface ShowLoadedResourcesOptions extends ListingPlaces {
	/** The themes read from files ({@link themeSources}). */
	themes: readonly ThemeSource[];
	/** `--verbose`: the listing starts expanded. */
	verbose?: boolean;
}

/**
 * Adds the start-up listing to the transcript (nothing when nothing is loaded); Ctrl+O expands it with the tool
 * boxes. The caller decides whether it is wanted (settings `quietStartup`, `--verbose`).
 */
export function showLoadedResources(
	transcript: TranscriptView,
	session: AgentSession,
	options: ShowLoadedResourcesOptions,
): void {
	const resources = describeLoadedResources(sessionResourceSources(session, options.themes), options);
	if (!hasLoadedResources(resources)) return;
	const view = new LoadedResourcesComponent(resources, transcript.theme);
	transcript.addExpandable(view);
	if (options.verbose) view.setExpanded(true);
}

/** The session's resources and the themes read from files, as {@link describeLoadedResources} takes them. */
export function sessionResourceSources(session: AgentSession, themes: readonly ThemeSource[]): ResourceSources {
	const { templates, skills } = session.promptResources;
	return {
		contextFiles: (session.toolSet.promptInputs.contextFiles ?? []).map((file) => file.path),
		skills,
		templates,
		extensions: session.extensions.extensionPaths.map((path) => ({
			path,
			origin: session.extensions.originOf(path) ?? "sdk",
		})),
		themes,
	};
}

/**
 * Where the theme files were found (`files`: the theme loader's file per name): a package's theme, the agent dir's
 * `themes/` (user), the project's `.pi/themes/`, else a path given with `--theme`.
 */
export function themeSources(
	files: ReadonlyMap<string, string>,
	packageThemes: readonly PackageResource[],
	places: Pick<ListingPlaces, "cwd" | "agentDir">,
): ThemeSource[] {
	return [...files].map(([name, path]) => {
		const fromPackage = packageThemes.find((resource) => resource.path === path);
		let origin: CommandOrigin = "cli";
		if (fromPackage) origin = fromPackage.origin;
		else if (inside(join(places.agentDir, "themes"), path) !== undefined) origin = "user";
		else if (inside(join(places.cwd, ".pi", "themes"), path) !== undefined) origin = "project";
		return { name, path, origin };
	});
}

/** Labels, short paths, scopes and packages of every loaded resource. */
export function describeLoadedResources(sources: ResourceSources, places: ListingPlaces): LoadedResources {
	const paths = new PathLabels(places);
	const item = (label: string, path: string, origin: CommandOrigin, detail?: string): ListedResource => {
		const { scope } = commandSourceInfo(path, origin);
		const pkg = typeof origin === "object" ? origin.package : undefined;
		return {
			label,
			detail: detail ?? (typeof origin === "object" ? paths.inPackage(path, origin) : paths.display(path)),
			path,
			scope,
			...(pkg === undefined ? {} : { package: pkg }),
		};
	};
	return {
		contextFiles: sources.contextFiles.map((path) => ({ label: paths.inProject(path), detail: paths.display(path) })),
		skills: sources.skills.map((skill) => item(skill.name, skill.filePath, skill.source)),
		prompts: sources.templates.map((template) =>
			item(`/${template.name}`, template.filePath, template.source, `/${template.name}`),
		),
		extensions: extensionItems(sources.extensions, paths).map(({ path, origin, label, detail }) =>
			item(label, path, origin, detail),
		),
		themes: sources.themes.map((theme) => item(theme.name, theme.path, theme.origin)),
	};
}

/**
 * Extensions' labels: a package's extension is named by its package (plus its file within the package's
 * `extensions/` folder unless it is the package's index file); others by the fewest trailing path parts that tell
 * them apart (`index.*` files by their folder).
 */
function extensionItems(
	extensions: ResourceSources["extensions"],
	paths: PathLabels,
): { path: string; origin: CommandOrigin; label: string; detail: string }[] {
	const local = extensions
		.filter((extension) => typeof extension.origin !== "object")
		.map((extension) => ({ path: extension.path, parts: withoutIndex(paths.display(extension.path)).split("/") }));
	return extensions.map(({ path, origin }) => {
		if (typeof origin === "object") {
			const inPackage = paths.inPackage(path, origin);
			const within = withoutIndex(inPackage.replace(/^extensions\//, ""));
			const name = packageLabel(origin.package);
			// A package that is one file (a local source naming the file itself) is named by the package alone.
			const label = within === "" || within === name ? name : `${name}:${within}`;
			return { path, origin, label, detail: withoutIndex(inPackage) || inPackage };
		}
		const own = local.find((entry) => entry.path === path)!;
		return { path, origin, label: shortestUnique(own.parts, local), detail: withoutIndex(paths.display(path)) };
	});
}

/** A path without a trailing `index.ts`/`index.js`-like file name (an extension folder is named by the folder). */
function withoutIndex(path: string): string {
	if (/^index\.[cm]?[jt]s$/.test(path)) return "";
	return path.replace(/\/index\.[cm]?[jt]s$/, "");
}

function shortestUnique(parts: readonly string[], all: readonly { parts: readonly string[] }[]): string {
	for (let count = 1; count <= parts.length; count++) {
		const candidate = parts.slice(-count).join("/");
		const clashes = all.filter((other) => other.parts.slice(-count).join("/") === candidate).length;
		if (clashes <= 1) return candidate;
	}
	return parts.join("/");
}

/** A package's name in the compact listing: the npm name, the git repository path, or a local folder's name. */
export function packageLabel(source: string): string {
	try {
		const parsed = parseSource(source);
		if (parsed.kind === "npm") return parsed.name;
		if (parsed.kind === "git") return parsed.path;
		return basename(parsed.path.replace(/[/\\]+$/, "")) || source;
	} catch {
		return source;
	}
}

/** Path forms of the listing. */
class PathLabels {
	private readonly roots = new Map<string, string | undefined>();

	constructor(private readonly places: ListingPlaces) {}

	/** `~` for the home folder, forward slashes. */
	display(path: string): string {
		const { home } = this.places;
		const shown = home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
		return shown.replace(/\\/g, "/");
	}

	/** Relative to the project when inside it, else the `~` path. */
	inProject(path: string): string {
		return inside(this.places.cwd, path) ?? this.display(path);
	}

	/** Relative to its package's folder (where pi installed or found it), else the `~` path. */
	inPackage(path: string, origin: PackageOrigin): string {
		const root = this.rootOf(origin);
		const within = root === undefined ? undefined : inside(root, path);
		if (within !== undefined) return within || basename(path);
		// An npm package found in the global npm folder (installed by an older pi) is not where the layout says.
		const npm = /\/node_modules\/(?:@[^/]+\/)?[^/]+\/(.+)$/.exec(path.replace(/\\/g, "/"));
		if (npm && origin.package.startsWith("npm:")) return npm[1]!;
		return this.display(path);
	}

	private rootOf(origin: PackageOrigin): string | undefined {
		const key = `${origin.scope}\0${origin.package}`;
		if (!this.roots.has(key)) {
			const { cwd, agentDir } = this.places;
			let root: string | undefined;
			try {
				const layout = origin.scope === "cli" ? temporaryLayout(agentDir) : scopeLayout(origin.scope, cwd, agentDir);
				root = packagePath(layout, parseSource(origin.package));
			} catch {
				root = undefined; // a source that does not parse was reported at start-up
			}
			this.roots.set(key, root);
		}
		return this.roots.get(key);
	}
}

/** `path` relative to `folder` with forward slashes, or undefined when it is not inside it. */
function inside(folder: string, path: string): string | undefined {
	const rel = relative(folder, path);
	if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
	return rel.split(/[/\\]/).join(posix.sep);
}
