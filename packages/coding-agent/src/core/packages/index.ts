/** pi packages: sources, install/remove/update/list, manifests and the resources packages give a session. */

export {
	type ConfigurablePackage,
	type ConfigurableResource,
	listConfigurable,
	setResourceEnabled,
	toggledPatterns,
} from "./config.js";
export { type PackageEntry, readAllEntries, readScopeEntries } from "./configured.js";
export { applyFilter, resourceName } from "./filters.js";
export { type PackageScope, scopeLayout } from "./layout.js";
export {
	installPackage,
	type ListedPackage,
	listPackages,
	type PackageManagerOptions,
	removePackage,
	updatePackages,
} from "./manager.js";
export {
	ManifestError,
	type PackageResourceKind,
	RESOURCE_KINDS,
	readPackageFiles,
	readPiManifest,
} from "./manifest.js";
export { installMissingPackages } from "./missing.js";
export type { PackageOrigin } from "./origin.js";
export {
	emptyPackageResources,
	type PackageResource,
	type PackageResources,
	packageOfExtension,
	packageThemePaths,
	resolvePackageResources,
} from "./resolve.js";
export {
	PackageSourceError,
	type ParsedSource,
	parseCommandLineSource,
	parseSource,
	sourceIdentity,
} from "./source.js";
export { isPackageSourceArgument, prepareCommandLinePackages, temporaryLayout } from "./temporary.js";
export { packageTexts } from "./texts.js";
