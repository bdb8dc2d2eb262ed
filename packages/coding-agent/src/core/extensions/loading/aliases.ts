/**
 * The one alias table of module names an extension may import (extensions.md "Module names"): the original pi's
 * package names under both scopes, our own names, and TypeBox under its old and new names. Each resolves to
 * namespaces of the RUNNING pi (namespaces.ts), never to a second copy of our modules from disk, so theme state and
 * classes (`instanceof`) are shared, and a bundled pi hands out its bundled TypeBox instead of 250 module files.
 */

/** The namespaces the running pi hands to extensions. */
export type PiNamespace =
	| "coding-agent-helpers"
	| "coding-agent"
	| "coding-agent-ui"
	| "ai"
	| "agent-core"
	| "tui"
	| "typebox"
	| "typebox/compiler"
	| "typebox/value"
	| "typebox/errors";

/** Where an aliased module name leads. */
export type AliasTarget =
	/**
	 * A module re-exporting these namespaces, the first one naming an export winning (the coding-agent name covers its
	 * light helpers, its SDK part and its UI part).
	 */
	| { kind: "namespaces"; namespaces: readonly PiNamespace[] }
	/** A module of our TypeBox dependency that has no namespace, resolved from our package. */
	| { kind: "package"; specifier: string };

const PACKAGE_NAMESPACES: Readonly<Record<string, readonly PiNamespace[]>> = {
	"coding-agent": ["coding-agent-helpers", "coding-agent", "coding-agent-ui"],
	ai: ["ai"],
	// The newer pi-ai's entry with its earlier API (complete, completeSimple, streamSimple, StringEnum): ours is that API.
	"ai/compat": ["ai"],
	"agent-core": ["agent-core"],
	tui: ["tui"],
};

/** The scopes and name prefixes the original pi published under (`@mariozechner` up to 0.73, `@earendil-works` after) and ours. */
const PACKAGE_PREFIXES = ["@mariozechner/pi-", "@earendil-works/pi-", "@pi/"];

/**
 * TypeBox subpaths by their name in TypeBox 1.x (`typebox/compile`) and 0.34 (`@sinclair/typebox/compiler`). `Type`,
 * `Kind` and the schema format are the same in both; we ship 0.34.
 */
const TYPEBOX_SUBPATHS: Readonly<Record<string, PiNamespace>> = {
	"": "typebox",
	compile: "typebox/compiler",
	compiler: "typebox/compiler",
	value: "typebox/value",
	errors: "typebox/errors",
};

/** Every aliased package name (without subpaths), for documentation and tests. */
export const ALIASED_PACKAGES: readonly string[] = [
	...PACKAGE_PREFIXES.flatMap((prefix) =>
		Object.keys(PACKAGE_NAMESPACES)
			.filter((name) => !name.includes("/"))
			.map((name) => `${prefix}${name}`),
	),
	"@sinclair/typebox",
	"typebox",
];

function typeboxTarget(subpath: string): AliasTarget {
	const namespace = TYPEBOX_SUBPATHS[subpath];
	return namespace
		? { kind: "namespaces", namespaces: [namespace] }
		: { kind: "package", specifier: `@sinclair/typebox/${subpath}` };
}

/** The alias target of an import specifier, or `undefined` when the specifier is not aliased. */
export function aliasFor(specifier: string): AliasTarget | undefined {
	for (const name of ["typebox", "@sinclair/typebox"]) {
		if (specifier === name) return typeboxTarget("");
		if (specifier.startsWith(`${name}/`)) return typeboxTarget(specifier.slice(name.length + 1));
	}
	for (const prefix of PACKAGE_PREFIXES) {
		if (!specifier.startsWith(prefix)) continue;
		// Other subpaths of the pi packages (e.g. `@mariozechner/pi-ai/oauth`) are not part of the table.
		const namespaces = PACKAGE_NAMESPACES[specifier.slice(prefix.length)];
		return namespaces ? { kind: "namespaces", namespaces } : undefined;
	}
	return undefined;
}
