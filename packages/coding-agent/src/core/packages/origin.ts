/** Which configured package a resource came from: its source as written in settings, and the settings scope. */
export interface PackageOrigin {
	package: string;
	scope: "user" | "project";
}
