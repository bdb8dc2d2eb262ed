import { writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSize } from "../../src/tools/format.js";
import { displayPath, resolveToolPath } from "../../src/tools/paths.js";
import { tempDir } from "./helpers.js";

describe("paths", () => {
	it("resolves relative, @-prefixed, ~ and .. paths", () => {
		expect(resolveToolPath("/w/proj", "src/a.ts")).toBe("/w/proj/src/a.ts");
		expect(resolveToolPath("/w/proj", "@src/a.ts")).toBe("/w/proj/src/a.ts");
		expect(resolveToolPath("/w/proj", "@@x")).toBe("/w/proj/@x");
		expect(resolveToolPath("/w/proj", "~")).toBe(homedir());
		expect(resolveToolPath("/w/proj", "~/notes.md")).toBe(join(homedir(), "notes.md"));
		expect(resolveToolPath("/w/proj", "../other/./b")).toBe("/w/other/b");
		expect(resolveToolPath("/w/proj", "/abs/c")).toBe("/abs/c");
	});

	it("falls back to ASCII spaces only when the unicode-space path does not exist", () => {
		const dir = tempDir();
		writeFileSync(join(dir, "a b.txt"), "");
		expect(resolveToolPath(dir, "a\u202fb.txt")).toBe(join(dir, "a b.txt"));
		expect(resolveToolPath(dir, "c\u3000d.txt")).toBe(join(dir, "c\u3000d.txt"));
		writeFileSync(join(dir, "e\u00a0f.txt"), "");
		expect(resolveToolPath(dir, "e\u00a0f.txt")).toBe(join(dir, "e\u00a0f.txt"));
	});

	it("displays paths relative inside the cwd and absolute outside", () => {
		expect(displayPath("/w/proj", "/w/proj/src/a.ts")).toBe("src/a.ts");
		expect(displayPath("/w/proj", "/w/other/a.ts")).toBe("/w/other/a.ts");
		expect(displayPath("/w/proj", "/w/project2/a.ts")).toBe("/w/project2/a.ts");
		expect(displayPath("/w/proj", "/w/proj/..x/a")).toBe("..x/a");
	});

	it("formats sizes", () => {
		expect(formatSize(0)).toBe("0B");
		expect(formatSize(1023)).toBe("1023B");
		expect(formatSize(1024)).toBe("1.0KB");
		expect(formatSize(51200)).toBe("50.0KB");
		expect(formatSize(1048575)).toBe("1024.0KB");
		expect(formatSize(1048576)).toBe("1.0MB");
		expect(formatSize(200_000_000)).toBe("190.7MB");
	});
});
