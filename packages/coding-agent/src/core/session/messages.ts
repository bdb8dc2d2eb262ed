/**
 * Every user-visible text of the session layer, in one place so tests can assert them. The texts marked
 * "spec" are fixed by shared/spec/session-format.md.
 */
export const sessionMessages = {
	/** spec R3.2 */
	malformedLine: (line: number, file: string) => `Skipping malformed line ${line} of ${file}`,
	missingHeader: (file: string) => `No session header in ${file}; using a reconstructed header`,
	entryWithoutId: (line: number, file: string) => `Skipping entry without an id on line ${line} of ${file}`,
	duplicateId: (id: string, line: number, file: string) =>
		`Skipping entry with duplicate id ${id} on line ${line} of ${file}`,
	danglingParent: (id: string, parentId: string, file: string, attachedTo: string | null) =>
		attachedTo === null
			? `Entry ${id} in ${file} names a missing parent ${parentId}; it becomes a root`
			: `Entry ${id} in ${file} names a missing parent ${parentId}; attached to ${attachedTo}`,
	parentCycle: (id: string, file: string) => `Entry ${id} in ${file} is part of a parent cycle; it becomes a root`,
	/** spec R3.6 */
	notASession: (path: string) => `Not a pi session file: ${path}`,
	/** spec rpc switch_session, §9 --fork */
	fileNotFound: (path: string) => `Session file not found: ${path}`,
	/** A path that exists but cannot be read as a file (a directory, no permission). */
	unreadable: (path: string, reason: string) => `Cannot read session file ${path}: ${reason}`,
	/** spec R5 */
	recreated: (path: string) => `Session file was missing; re-created ${path}`,
	writeFailed: (path: string, reason: string) =>
		`Could not write to session file ${path} (${reason}); the entry is kept in memory and retried before the next one`,
	recreateFailed: (path: string, reason: string) =>
		`Session file ${path} is missing and could not be re-created (${reason}); entries are kept in memory`,
	syncFailed: (path: string, reason: string) => `Could not flush session file ${path} to disk (${reason})`,
	migrated: (path: string, from: number, backup: string) =>
		`Migrated session ${path} from version ${from} to 3 (original kept as ${backup})`,
	migrationWriteFailed: (path: string, reason: string) =>
		`Could not rewrite migrated session ${path} (${reason}); it is used migrated in memory only`,
	/** spec §10.1 */
	notAUserMessage: (entryId: string) =>
		`Entry ${entryId} is not a user message; fork needs the id of a user message entry.`,
	/** spec §10.2 */
	cannotClone: "Cannot clone session: no current entry selected",
	entryNotFound: (entryId: string) => `Entry ${entryId} not found in this session`,
	/** spec §9 */
	noMatch: (arg: string) => `No session found matching '${arg}'`,
	ambiguous: (arg: string, count: number) => `Session id prefix '${arg}' is ambiguous: ${count} sessions match`,
	otherProject: (arg: string, cwd: string) =>
		`Session '${arg}' belongs to another project (${cwd}); use --fork to copy it here`,
	forkPrompt: "Fork this session into the current directory? [y/N]",
	/** Replaces secrets before serialisation (R6). */
	redacted: "[REDACTED]",
	/** §9: listing text when a session has no user message. */
	noMessages: "(no messages)",
} as const;

/** An error the caller reports to the user as is (message is final text). */
export class SessionError extends Error {
	override name = "SessionError";
}
