/**
 * A session path that exists but cannot be read as a file (`pi --session <a directory>`) fails with a message naming
 * the path, not the bare system error ("EISDIR: illegal operation on a directory, read").
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SessionError, sessionMessages } from "../../../src/core/session/messages.js";
import { loadSessionFile } from "../../../src/core/session/reader.js";

let root: string | undefined;
afterEach(() => {
	if (root) rmSync(root, { recursive: true, force: true });
});

describe("loadSessionFile on a path it cannot read", () => {
	it("names the path and the reason", () => {
		root = mkdtempSync(join(tmpdir(), "pi-session-dir-"));
		const path = join(root, "looks-like-a-session.jsonl");
		mkdirSync(path);
		let caught: unknown;
		try {
			loadSessionFile(path, { cwd: root });
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(SessionError);
		expect((caught as Error).message).toBe(sessionMessages.unreadable(path, "EISDIR"));
	});
});
