import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { TSchema } from "@sinclair/typebox";
import type { TypeCheck } from "@sinclair/typebox/compiler";
import type { Tool } from "../types.js";

type CompilerModule = typeof import("@sinclair/typebox/compiler");
type ValueModule = typeof import("@sinclair/typebox/value");

const requireModule = createRequire(import.meta.url);

/**
 * Loads a typebox entry synchronously on first validation: the compiler and value modules are hundreds of files,
 * and importing @pi/ai (or starting `pi`) must not pay for them before a tool call arrives. The ES module build
 * comes first (Node >= 20.19 can require it), because it is the instance applications that `import` typebox
 * share, so formats and types they register apply here too; older Node gets the CommonJS build.
 */
function loadTypebox<T>(specifier: string): T {
	try {
		return requireModule(fileURLToPath(import.meta.resolve(specifier))) as T;
	} catch {
		return requireModule(specifier) as T;
	}
}

let compilerModule: CompilerModule | undefined;
let valueModule: ValueModule | undefined;

function typeCompiler(): CompilerModule["TypeCompiler"] {
	compilerModule ??= loadTypebox<CompilerModule>("@sinclair/typebox/compiler");
	return compilerModule.TypeCompiler;
}

function value(): ValueModule["Value"] {
	valueModule ??= loadTypebox<ValueModule>("@sinclair/typebox/value");
	return valueModule.Value;
}

const compiled = new WeakMap<TSchema, TypeCheck<TSchema> | null>();

/** Compiles a schema once; `null` when the schema is not a typebox schema the compiler accepts. */
function getCheck(schema: TSchema): TypeCheck<TSchema> | null {
	let check = compiled.get(schema);
	if (check === undefined) {
		try {
			check = typeCompiler().Compile(schema);
		} catch {
			check = null;
		}
		compiled.set(schema, check);
	}
	return check;
}

export type ValidationResult = { ok: true; value: Record<string, any> } | { ok: false; message: string };

/** `/edits/0/old_string` → `edits.0.old_string`; the arguments object itself is `root`. */
function formatPath(pointer: string): string {
	if (pointer === "" || pointer === "/") return "root";
	return pointer
		.slice(1)
		.split("/")
		.map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"))
		.join(".");
}

/**
 * Validates tool-call arguments against the tool's typebox schema. Obvious scalar mismatches (`"5"` for a
 * number, `"true"` for a boolean) are coerced first. On failure the message lists each bad path with the
 * validator's problem and the received arguments, so the model can correct itself (events.md §2.4).
 */
export function validateToolArguments(tool: Pick<Tool, "name" | "parameters">, args: unknown): ValidationResult {
	const received = args === undefined ? {} : args;
	const check = getCheck(tool.parameters);
	if (!check) {
		const ok = received !== null && typeof received === "object" && !Array.isArray(received);
		return ok
			? { ok: true, value: received as Record<string, any> }
			: { ok: false, message: formatFailure(tool.name, [["root", "Expected object"]], received) };
	}
	if (check.Check(received)) return { ok: true, value: received as Record<string, any> };
	let converted: unknown;
	try {
		converted = value().Convert(tool.parameters, structuredClone(received));
	} catch {
		converted = received;
	}
	if (check.Check(converted)) return { ok: true, value: converted as Record<string, any> };

	const problems: [string, string][] = [];
	const seen = new Set<string>();
	for (const error of check.Errors(converted)) {
		const path = formatPath(error.path);
		const key = `${path}\u0000${error.message}`;
		if (seen.has(key)) continue;
		seen.add(key);
		problems.push([path, error.message]);
	}
	return { ok: false, message: formatFailure(tool.name, problems, received) };
}

function formatFailure(toolName: string, problems: [string, string][], received: unknown): string {
	const lines = [`Invalid arguments for tool "${toolName}":`];
	for (const [path, problem] of problems) lines.push(`  - ${path}: ${problem}`);
	lines.push("Received arguments:");
	lines.push(JSON.stringify(received, null, 2) ?? "undefined");
	return lines.join("\n");
}
