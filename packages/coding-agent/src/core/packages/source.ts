/**
 * Package sources as users write them (`pi install`, settings `packages`): `npm:name[@version]`,
 * `git:<host>/<path>[@ref]` and `git:git@host:path[@ref]` shorthands, protocol git URLs, and local paths. Also the
 * identity that says when two sources are the same package (npm name, git host/path, resolved local path).
 */
import { existsSync } from "node:fs";
import { resolveUserPath } from "../config/paths.js";
import { packageTexts } from "./texts.js";

/** A package on npm, installed with the user's npm. */
export interface NpmSource {
	kind: "npm";
	/** As written, e.g. `npm:@scope/pkg@1.2.3`. */
	text: string;
	/** What npm is given: `@scope/pkg@1.2.3`. */
	spec: string;
	name: string;
	version?: string;
	/** An exact version: `pi update` leaves it alone. */
	pinned: boolean;
}

/** A git repository, cloned with the user's git. */
export interface GitSource {
	kind: "git";
	text: string;
	/** What git clones (a shorthand `host/path` becomes `https://host/path`). */
	repo: string;
	host: string;
	/** Repository path without `.git`; with `host` it names the clone folder. */
	path: string;
	/** A tag, branch or commit: `pi update` leaves it alone. */
	ref?: string;
	pinned: boolean;
}

/** A file or folder on disk, used where it is (relative paths resolve against the settings file's folder). */
export interface LocalSource {
	kind: "local";
	text: string;
	path: string;
}

export type ParsedSource = NpmSource | GitSource | LocalSource;

const NPM_NAME = /^(?:@[a-z0-9~-][a-z0-9._~-]*\/)?[a-z0-9~-][a-z0-9._~-]*$/;
const EXACT_VERSION = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;
const PROTOCOLS = ["https://", "http://", "ssh://", "git://"];

/** A parse failure whose message is written for the user. */
export class PackageSourceError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "PackageSourceError";
	}
}

function parseNpm(text: string): NpmSource {
	const spec = text.slice("npm:".length).trim();
	const match = /^(@?[^@]+)(?:@(.+))?$/.exec(spec);
	const name = match?.[1] ?? spec;
	if (!NPM_NAME.test(name)) throw new PackageSourceError(packageTexts.invalidNpmName(text, name));
	const version = match?.[2];
	return { kind: "npm", text, spec, name, version, pinned: version !== undefined && EXACT_VERSION.test(version) };
}

/** Splits `<rest>@<ref>` where the `@` comes after the repository path (never the `git@` user part). */
function splitRef(pathPart: string): { path: string; ref?: string } {
	const at = pathPart.indexOf("@");
	if (at <= 0 || at === pathPart.length - 1) return { path: pathPart };
	return { path: pathPart.slice(0, at), ref: pathPart.slice(at + 1) };
}

/** Rejects repository parts that could leave the clone folder (`..`, absolute, backslashes). */
function isSafePart(value: string): boolean {
	return (
		value.length > 0 && !value.includes("\\") && !value.includes("\0") && !value.split("/").some((s) => s === "..")
	);
}

function gitSource(text: string, repo: string, host: string, rawPath: string, ref?: string): GitSource {
	const path = rawPath
		.replace(/^\/+/, "")
		.replace(/\/+$/, "")
		.replace(/\.git$/, "");
	if (!host || !isSafePart(host) || host.includes("/") || !isSafePart(path) || path.split("/").length < 2) {
		throw new PackageSourceError(packageTexts.invalidGitSource(text));
	}
	return { kind: "git", text, repo, host, path, ref, pinned: ref !== undefined };
}

function parseGit(text: string, body: string): GitSource {
	const scp = /^([^@/:]+)@([^:/]+):(.+)$/.exec(body);
	if (scp) {
		const { path, ref } = splitRef(scp[3]);
		return gitSource(text, `${scp[1]}@${scp[2]}:${path}`, scp[2], path, ref);
	}
	if (PROTOCOLS.some((protocol) => body.startsWith(protocol))) {
		let url: URL;
		try {
			url = new URL(body);
		} catch {
			throw new PackageSourceError(packageTexts.invalidGitSource(text));
		}
		const { path, ref } = splitRef(decodeURIComponent(url.pathname.replace(/^\/+/, "")));
		url.pathname = `/${path}`;
		return gitSource(text, url.toString().replace(/\/$/, ""), url.hostname, path, ref);
	}
	const slash = body.indexOf("/");
	if (slash <= 0) throw new PackageSourceError(packageTexts.invalidGitSource(text));
	const host = body.slice(0, slash);
	const { path, ref } = splitRef(body.slice(slash + 1));
	return gitSource(text, `https://${host}/${path}`, host, path, ref);
}

/**
 * Parses a source as settings hold it. Anything that is not `npm:`, `git:` or a protocol URL is a local path
 * (settings written by the original pi may hold bare relative paths). Throws {@link PackageSourceError}.
 */
export function parseSource(source: string): ParsedSource {
	const text = source.trim();
	if (!text) throw new PackageSourceError(packageTexts.emptySource);
	if (text.startsWith("npm:")) return parseNpm(text);
	if (text.startsWith("git:")) return parseGit(text, text.slice("git:".length).trim());
	if (PROTOCOLS.some((protocol) => text.startsWith(protocol))) return parseGit(text, text);
	return { kind: "local", text, path: text };
}

/** Whether a source is written as a path (`.`, `/`, `~`, a drive letter) rather than a bare word. */
function looksLikePath(text: string): boolean {
	return /^(?:\.{1,2}(?:[/\\]|$)|[/\\~]|[A-Za-z]:[/\\])/.test(text);
}

/**
 * Parses a source typed on the command line: like {@link parseSource}, but a bare word that is neither a known
 * form nor an existing path is an error (`pi install foo` most likely meant `npm:foo`).
 */
export function parseCommandLineSource(source: string, cwd: string): ParsedSource {
	const parsed = parseSource(source);
	if (parsed.kind !== "local") return parsed;
	const path = resolveUserPath(parsed.path, cwd);
	if (existsSync(path)) return parsed;
	if (looksLikePath(parsed.text)) throw new PackageSourceError(packageTexts.localMissing(path));
	throw new PackageSourceError(packageTexts.unknownSource(parsed.text));
}

/**
 * What makes two sources the same package, ignoring versions and refs: `npm:<name>`, `git:<host>/<path>`,
 * `local:<absolute path>` (relative paths resolved against `baseDir`).
 */
export function sourceIdentity(parsed: ParsedSource, baseDir: string): string {
	switch (parsed.kind) {
		case "npm":
			return `npm:${parsed.name}`;
		case "git":
			return `git:${parsed.host.toLowerCase()}/${parsed.path}`;
		case "local":
			return `local:${resolveUserPath(parsed.path, baseDir)}`;
	}
}
