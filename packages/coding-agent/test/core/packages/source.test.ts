/** Package sources as users write them: npm, git shorthands and URLs, local paths, and what makes two the same. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	PackageSourceError,
	parseCommandLineSource,
	parseSource,
	sourceIdentity,
} from "../../../src/core/packages/index.js";

describe("parseSource", () => {
	it("reads npm specs with scope and version; an exact version pins", () => {
		expect(parseSource("npm:@foo/bar@1.2.3")).toMatchObject({
			kind: "npm",
			name: "@foo/bar",
			version: "1.2.3",
			spec: "@foo/bar@1.2.3",
			pinned: true,
		});
		expect(parseSource("npm:pi-tools")).toMatchObject({
			kind: "npm",
			name: "pi-tools",
			version: undefined,
			pinned: false,
		});
		expect(parseSource("npm:pi-tools@^2")).toMatchObject({ version: "^2", pinned: false });
		expect(() => parseSource("npm:Bad_Name")).toThrow(PackageSourceError);
	});

	it("reads git shorthands and protocol URLs, with refs", () => {
		expect(parseSource("git:github.com/user/repo@v1")).toMatchObject({
			kind: "git",
			repo: "https://github.com/user/repo",
			host: "github.com",
			path: "user/repo",
			ref: "v1",
			pinned: true,
		});
		expect(parseSource("git:git@github.com:user/repo.git@main")).toMatchObject({
			repo: "git@github.com:user/repo.git",
			host: "github.com",
			path: "user/repo",
			ref: "main",
		});
		expect(parseSource("https://gitlab.com/group/sub/repo")).toMatchObject({
			kind: "git",
			repo: "https://gitlab.com/group/sub/repo",
			path: "group/sub/repo",
			pinned: false,
		});
		expect(parseSource("ssh://git@github.com/user/repo@abc123")).toMatchObject({
			repo: "ssh://git@github.com/user/repo",
			ref: "abc123",
		});
	});

	it("refuses git sources that would leave the clone folder or name no repository", () => {
		expect(() => parseSource("git:github.com/../../etc")).toThrow(/Invalid git source/);
		expect(() => parseSource("git:github.com/onlyone")).toThrow(/Invalid git source/);
		expect(() => parseSource("https://github.com")).toThrow(/Invalid git source/);
	});

	it("takes anything else as a local path (settings of the original hold bare relative paths)", () => {
		expect(parseSource("./pkg")).toEqual({ kind: "local", text: "./pkg", path: "./pkg" });
		expect(parseSource("some-folder")).toMatchObject({ kind: "local" });
	});
});

describe("parseCommandLineSource", () => {
	it("says what forms exist when a bare word is no existing path", () => {
		const dir = mkdtempSync(join(tmpdir(), "pi-src-"));
		try {
			expect(() => parseCommandLineSource("pi-tools", dir)).toThrow(
				'Unknown package source "pi-tools": use npm:<name>[@<version>], git:<host>/<path>[@<ref>], an https:// or ssh:// git URL, or the path of an existing file or folder',
			);
			expect(() => parseCommandLineSource("./missing", dir)).toThrow(`Path does not exist: ${join(dir, "missing")}`);
			expect(parseCommandLineSource(".", dir)).toMatchObject({ kind: "local" });
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("sourceIdentity", () => {
	it("ignores versions and refs; local paths resolve against the settings folder", () => {
		expect(sourceIdentity(parseSource("npm:@a/b@1.0.0"), "/x")).toBe(sourceIdentity(parseSource("npm:@a/b"), "/y"));
		expect(sourceIdentity(parseSource("git:github.com/u/r@v2"), "/x")).toBe(
			sourceIdentity(parseSource("https://github.com/u/r"), "/x"),
		);
		expect(sourceIdentity(parseSource("git:git@github.com:u/r"), "/x")).toBe("git:github.com/u/r");
		expect(sourceIdentity(parseSource("../pkg"), "/home/me/.pi/agent")).toBe("local:/home/me/.pi/pkg");
	});
});
