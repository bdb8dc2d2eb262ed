import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from "@pi/agent-core";
import { Value } from "@sinclair/typebox/value";
import { afterEach } from "vitest";

const dirs: string[] = [];

/** A fresh temporary directory (real path), removed after the test. */
export function tempDir(prefix = "pi-tools-"): string {
	const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
	dirs.push(dir);
	return dir;
}

afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs a tool the way the agent does: prepareArguments, schema validation, execute. */
export async function callTool<T>(
	tool: AgentTool<any, T>,
	args: Record<string, unknown>,
	signal?: AbortSignal,
	onUpdate?: AgentToolUpdateCallback<T>,
): Promise<AgentToolResult<T>> {
	const prepared = tool.prepareArguments ? tool.prepareArguments(args) : args;
	if (!Value.Check(tool.parameters, prepared)) {
		const first = [...Value.Errors(tool.parameters, prepared)][0];
		throw new Error(`validation failed: ${first?.path} ${first?.message}`);
	}
	return tool.execute("call-1", prepared as never, signal, onUpdate);
}

/** The text of the first content block. */
export function textOf(result: AgentToolResult<unknown>): string {
	const block = result.content[0];
	if (block.type !== "text") throw new Error("first block is not text");
	return block.text;
}

/** The error a promise rejects with (fails when it resolves). */
export async function errorOf(promise: Promise<unknown>): Promise<Error & { details?: any }> {
	try {
		await promise;
	} catch (error) {
		return error as Error & { details?: any };
	}
	throw new Error("expected the call to fail");
}

/** Whether a process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
	} catch {
		return true;
	}
}

/** Polls `check` until it returns true or `ms` passes; returns the last value. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
	const end = Date.now() + ms;
	for (;;) {
		if (check()) return true;
		if (Date.now() > end) return false;
		await new Promise((r) => setTimeout(r, 20));
	}
}

/** Pids of zombie processes whose parent is this process (Linux). */
export function zombieChildren(): number[] {
	const zombies: number[] = [];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
			const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
			if (fields[0] === "Z" && Number(fields[1]) === process.pid) zombies.push(Number(entry));
		} catch {
			// gone
		}
	}
	return zombies;
}
