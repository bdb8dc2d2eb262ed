import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultExportFileName, exportMessages, exportSessionFile } from "../../../src/core/export-html/index.js";
import { sessionMessages } from "../../../src/core/session/index.js";
import { buildBranchedSession, makeTempDir } from "./fixture.js";

describe("exportSessionFile", () => {
	it("writes pi-session-<file name>.html into the cwd by default and returns its path", async () => {
		const dir = makeTempDir();
		const { file, leafId } = buildBranchedSession(dir);
		const written = await exportSessionFile(file, undefined, { cwd: dir });
		const name = file
			.split("/")
			.at(-1)
			?.replace(/\.jsonl$/, "");
		expect(written).toBe(join(dir, `pi-session-${name}.html`));
		const html = readFileSync(written, "utf8");
		expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
		expect(html).toContain("<title>Config port fix</title>");
		// The leaf after loading is the last entry in file order.
		expect(html).toContain(`"leafId":"${leafId}"`);
	});

	it("resolves a relative output path and session path against the cwd, creating missing directories", async () => {
		const dir = makeTempDir();
		const { file } = buildBranchedSession(dir);
		const relative = file.slice(dir.length + 1);
		const written = await exportSessionFile(relative, "out/export.html", { cwd: dir, title: "Custom" });
		expect(written).toBe(join(dir, "out/export.html"));
		expect(readFileSync(written, "utf8")).toContain("<title>Custom</title>");
	});

	it("names the default output after the session file", () => {
		expect(defaultExportFileName("/x/2026-01-05T09-30-12-345Z_abc.jsonl")).toBe(
			"pi-session-2026-01-05T09-30-12-345Z_abc.html",
		);
	});

	it("fails with the session module's texts for a missing file or a non-session file, and for an empty file", async () => {
		const dir = makeTempDir();
		await expect(exportSessionFile("missing.jsonl", undefined, { cwd: dir })).rejects.toThrow(
			sessionMessages.fileNotFound(join(dir, "missing.jsonl")),
		);
		writeFileSync(join(dir, "junk.jsonl"), "not json\n");
		await expect(exportSessionFile("junk.jsonl", undefined, { cwd: dir })).rejects.toThrow(
			sessionMessages.notASession(join(dir, "junk.jsonl")),
		);
		writeFileSync(join(dir, "empty.jsonl"), "");
		await expect(exportSessionFile("empty.jsonl", undefined, { cwd: dir })).rejects.toThrow(
			exportMessages.nothingToExport,
		);
		expect(existsSync(join(dir, "pi-session-empty.html"))).toBe(false);
	});

	it("does not rewrite an old-version session file while exporting it", async () => {
		const dir = makeTempDir();
		const v2 = [
			'{"type":"session","version":2,"id":"old","timestamp":"2025-01-01T00:00:00.000Z","cwd":"/p"}',
			'{"type":"message","id":"a1","parentId":null,"timestamp":"2025-01-01T00:00:01.000Z","message":{"role":"hookMessage","customType":"x","content":"from a hook","display":true,"timestamp":1}}',
			"",
		].join("\n");
		writeFileSync(join(dir, "old.jsonl"), v2);
		const written = await exportSessionFile("old.jsonl", undefined, { cwd: dir });
		expect(readFileSync(written, "utf8")).toContain("from a hook");
		expect(readFileSync(join(dir, "old.jsonl"), "utf8")).toBe(v2);
	});
});
