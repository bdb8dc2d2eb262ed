/**
 * Which package a resource came from: its source as written in settings (or on the command line), and where it was
 * given: user or project settings, or `-e` for this run (`cli`).
 */
export interface PackageOrigin {
	package: string;
	scope: "user" | "project" | "cli";
}
