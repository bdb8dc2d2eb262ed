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

	/**
	 * The items whose path (relative, `/`-separated) the built-in walk lists, in their original order; links count
	 * as non-directories. The rules of every directory involved are loaded first, then the items are tested
	 * synchronously (tens of thousands of awaits would cost more than the matching).
	 */
	async filter<T>(items: readonly T[], pathOf: (item: T) => string, isDirectory: (item: T) => boolean): Promise<T[]> {
		const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf("/")));
		const parents = [...new Set(items.map((item) => parentOf(pathOf(item))))];
		const rules = new Map<string, IgnoreRules | null>();
		await Promise.all(parents.map(async (dir) => rules.set(dir, await this.rulesInside(dir))));
		return items.filter((item) => {
			const path = pathOf(item);
			const inside = rules.get(parentOf(path));
			if (!inside) return false;
			const directory = isDirectory(item);
			if (directory && path.slice(path.lastIndexOf("/") + 1) === ".git") return false;
			return !inside.isIgnored(join(this.root, path), directory);
		});
	}
}
