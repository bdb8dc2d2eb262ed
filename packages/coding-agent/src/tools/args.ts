/**
 * Argument alias normalisation shared by the tools' `prepareArguments` (tools.md §1.2).
 */
import { isDeepStrictEqual } from "node:util";
import { ToolError } from "./tool-error.js";

/** `Conflicting arguments "<canonical>" and "<alias>"; use "<canonical>" only.` */
export function conflictMessage(canonical: string, alias: string): string {
	return `Conflicting arguments "${canonical}" and "${alias}"; use "${canonical}" only.`;
}

/**
 * Moves `alias` to `canonical` in a copy of `args`. Both present with different values is an error; the names
 * in the message may be qualified (e.g. `edits[0].old_string`) through `label`.
 */
export function renameAlias(
	args: Record<string, unknown>,
	alias: string,
	canonical: string,
	label: (name: string) => string = (name) => name,
): Record<string, unknown> {
	if (!(alias in args)) return args;
	const { [alias]: aliasValue, ...rest } = args;
	if (canonical in rest && !isDeepStrictEqual(rest[canonical], aliasValue)) {
		throw new ToolError(conflictMessage(label(canonical), label(alias)));
	}
	if (!(canonical in rest)) rest[canonical] = aliasValue;
	return rest;
}
