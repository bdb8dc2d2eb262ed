/**
 * The running pi's module namespaces, handed to extensions. pi usually runs from an esbuild bundle: importing
 * `packages/*\/dist/index.js` from an extension would evaluate a second copy of our modules (its own theme state, its
 * own classes). Instead the running pi registers lazy loaders on a global symbol; the small bridge module an aliased
 * import compiles to (compile.ts) awaits the namespace from there. The loaders are dynamic imports of this module
 * graph, so a bundle, the unbundled dist/ and an SDK embedder each hand out their own live modules, and only the
 * namespaces an extension actually imports are ever loaded.
 */
import type { PiNamespace } from "./aliases.js";

/** The global the bridges read; a `Symbol.for` so that bridges compiled by another pi version find it too. */
export const NAMESPACE_REGISTRY_KEY = Symbol.for("pi.extensionNamespaces");

/** What is stored under {@link NAMESPACE_REGISTRY_KEY}. */
export interface NamespaceRegistry {
	load(namespace: string): Promise<Record<string, unknown>>;
}

const LOADERS: Readonly<Record<PiNamespace, () => Promise<Record<string, unknown>>>> = {
	"coding-agent-helpers": () => import("../../../extension-exports/coding-agent-helpers.js"),
	"coding-agent": () => import("../../../extension-exports/coding-agent.js"),
	"coding-agent-ui": () => import("../../../extension-exports/coding-agent-ui.js"),
	ai: () => import("../../../extension-exports/ai.js"),
	"agent-core": () => import("../../../extension-exports/agent-core.js"),
	tui: () => import("../../../extension-exports/tui.js"),
	typebox: () => import("@sinclair/typebox"),
	"typebox/compiler": () => import("@sinclair/typebox/compiler"),
	"typebox/value": () => import("../../../extension-exports/typebox-value.js"),
	"typebox/errors": () => import("@sinclair/typebox/errors"),
};

/** Loads one namespace of this pi. */
export function loadNamespace(namespace: PiNamespace): Promise<Record<string, unknown>> {
	return LOADERS[namespace]();
}

const registry: NamespaceRegistry = {
	load(namespace) {
		if (!Object.hasOwn(LOADERS, namespace)) {
			return Promise.reject(new Error(`pi has no module namespace "${namespace}"`));
		}
		return loadNamespace(namespace as PiNamespace);
	},
};

/**
 * Registers this pi's namespaces for extension bridges. The first pi in a process keeps the registration: an
 * embedder that loads two copies of the SDK gets one set of namespaces for all extensions.
 */
export function registerNamespaces(): void {
	const slot = globalThis as { [NAMESPACE_REGISTRY_KEY]?: NamespaceRegistry };
	slot[NAMESPACE_REGISTRY_KEY] ??= registry;
}

/**
 * The source of the bridge module of one namespace: it awaits the namespace from the registry and re-exports its
 * `names` (taken from the namespace when the extension is compiled; the values are read when it runs, so a cached
 * extension keeps working with a newer pi).
 */
export function bridgeSource(namespace: PiNamespace, names: readonly string[]): string {
	const key = JSON.stringify(NAMESPACE_REGISTRY_KEY.description);
	const exported = names.filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== "default");
	// Each export is bound to a numbered local: a binding named like the export (TypeBox exports `Symbol`) would shadow
	// the global of that name in the whole bundle.
	return [
		`const __piRegistry = globalThis[globalThis.Symbol.for(${key})];`,
		`if (!__piRegistry) throw new Error("this module runs inside pi only (no pi module registry found)");`,
		`const __piNamespace = await __piRegistry.load(${JSON.stringify(namespace)});`,
		...exported.map((name, index) => `const __pi${index} = __piNamespace.${name};`),
		`export { ${exported.map((name, index) => `__pi${index} as ${name}`).join(", ")} };`,
		"export default __piNamespace;",
		"",
	].join("\n");
}
