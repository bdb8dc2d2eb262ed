/** User-visible texts of extension loading (discovery, compiling, the cache), in one place for tests and docs. */
export const loadingTexts = {
	notFound: (path: string) => `not found: ${path}`,
	noFactory:
		"the module has no default export function; write `export default function (pi) { ... }` in the extension's entry file.",
	missingModule: (specifier: string, fromDir: string) =>
		`cannot find module "${specifier}" (imported from ${fromDir}); install it next to the extension (npm install ${specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? specifier)}) or fix the import.`,
	missingExport: (name: string, moduleName: string) =>
		`"${name}" is not exported by ${moduleName} in this pi (docs/extensions.md "Module names" lists what is).`,
	/** A cache that cannot be written: the extension still loads, from a temporary copy. */
	cacheUnwritable: (cacheDir: string, message: string) => `cannot write the extension cache ${cacheDir}: ${message}`,
} as const;
