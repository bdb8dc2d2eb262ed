import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AssistantMessage, ToolCall, UserMessage } from "@pi/ai";
import { afterEach } from "vitest";

export const fixturesDir = fileURLToPath(new URL("../../fixtures/sessions/", import.meta.url));

const tempDirs: string[] = [];

/** A fresh temp directory removed after the test. */
export function makeTempDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-session-test-"));
	tempDirs.push(dir);
	return dir;
}

afterEach(() => {
	for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Copies a fixture into `dir` (optionally under another name) and returns the copy's path. */
export function copyFixture(name: string, dir: string, as = name): string {
	const target = join(dir, as);
	copyFileSync(join(fixturesDir, name), target);
	return target;
}

/** The file's parsed lines (throws on a malformed line, so it also checks that every line is complete). */
export function readJsonl(path: string): Record<string, any>[] {
	return readFileSync(path, "utf8")
		.split("\n")
		.filter((line) => line.trim() !== "")
		.map((line) => JSON.parse(line));
}

export function user(text: string, timestamp = Date.now()): UserMessage {
	return { role: "user", content: [{ type: "text", text }], timestamp };
}

export function assistant(
	text: string,
	options: { toolCalls?: ToolCall[]; timestamp?: number } = {},
): AssistantMessage {
	return {
		role: "assistant",
		content: [{ type: "text", text }, ...(options.toolCalls ?? [])],
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-sonnet-4-5",
		usage: {
			input: 1,
			output: 1,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 2,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: options.toolCalls ? "toolUse" : "stop",
		timestamp: options.timestamp ?? Date.now(),
	};
}

/** Collects warnings passed to `onWarning`. */
export function warningCollector(): { warnings: string[]; onWarning: (message: string) => void } {
	const warnings: string[] = [];
	return { warnings, onWarning: (message) => warnings.push(message) };
}
