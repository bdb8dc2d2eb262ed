/**
 * Options of grep and find that choose between the external tools (rg, fd) and the built-in implementation.
 */

/** The implementation that served a grep or find call. */
export type SearchBackend = "rg" | "fd" | "builtin";

/** How grep and find may use rg and fd (tools.md §6.1 "Implementations"). */
export interface SearchToolOptions {
	/** Agent dir; `<agentDir>/bin` is searched for `rg` and `fd` before `PATH`. */
	agentDir?: string;
	/** `false` forces the built-in implementation (default: use rg/fd when found). */
	useExternalTools?: boolean;
	/** Called once per call with the implementation that produced the result (diagnostics and tests). */
	onBackend?: (backend: SearchBackend) => void;
}
