/**
 * Post-filter for the paths rg and fd report: applies the built-in ignore matcher of walk.ts, so an external tool
 * that reads `.gitignore` slightly differently (nested repositories, ancestor files, pattern corner cases) can
 * only ever show fewer paths than it found, never more than the built-in walk would.
 */
import { join } from "node:path";
import { IgnoreRules } from "./walk.js";

/** Answers "would the built-in walk of `root` list this path?" for paths relative to `root`. */
export class VisibilityFilter {
	/** Rules in effect inside each directory (by relative path, "" = root); `null` when the walk never enters it. */
	private readonly directories = new Map<string, Promise<IgnoreRules | null>>();

	constructor(private readonly root: string) {}

	private rulesInside(dir: string): Promise<IgnoreRules | null> {
		let rules = this.directories.get(dir);
		if (!rules) {
			rules = this.computeRulesInside(dir);
			this.directories.set(dir, rules);
		}
		return rules;
	}

	private async computeRulesInside(dir: string): Promise<IgnoreRules | null> {
		if (dir === "") return (await IgnoreRules.forAncestorsOf(this.root)).enter(this.root);
		const slash = dir.lastIndexOf("/");
		const name = dir.slice(slash + 1);
		if (name === ".git") return null;
		const parent = await this.rulesInside(slash < 0 ? "" : dir.slice(0, slash));
		const absolute = join(this.root, dir);
		if (!parent || parent.isIgnored(absolute, true)) return null;
		return parent.enter(absolute);
	}

	/** Whether the built-in walk lists `path` (relative, `/`-separated); links count as non-directories. */
	async isVisible(path: string, isDirectory: boolean): Promise<boolean> {
		const slash = path.lastIndexOf("/");
		const rules = await this.rulesInside(slash < 0 ? "" : path.slice(0, slash));
		if (!rules) return false;
		if (isDirectory && path.slice(slash + 1) === ".git") return false;
		return !rules.isIgnored(join(this.root, path), isDirectory);
	}

	/** The entries of `paths` that are visible, in their original order. */
	async filter<T>(items: readonly T[], pathOf: (item: T) => string, isDirectory: (item: T) => boolean): Promise<T[]> {
		const keep = await Promise.all(items.map((item) => this.isVisible(pathOf(item), isDirectory(item))));
		return items.filter((_, i) => keep[i]);
	}
}
