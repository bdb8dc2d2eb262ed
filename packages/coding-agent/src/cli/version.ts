/**
 * The package version, read from package.json next to dist/ so `pi --version` loads nothing else.
 */
import { readFileSync } from "node:fs";

/** The version field of @pi/coding-agent's package.json. */
export function readVersion(): string {
	// dist/cli/version.js and src/cli/version.ts both sit two levels below the package root.
	const file = new URL("../../package.json", import.meta.url);
	return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
