/**
 * Session files: the JSONL format of shared/spec/session-format.md, loading, writing, the tree, context
 * rebuilding and listing. Only this module touches session files.
 */
export { writeFileAtomic } from "./atomic.js";
export { buildBranchedEntries, isUserMessageEntry, userMessageText } from "./branching.js";
export {
	BRANCH_PREFIX,
	bashExecutionToText,
	buildSessionContext,
	COMPACTION_PREFIX,
	type ConvertToLlmOptions,
	convertToLlm,
	IMAGE_BLOCKED_TEXT,
} from "./context.js";
export {
	encodeCwd,
	generateEntryId,
	getProjectSessionDir,
	getSessionsRoot,
	MIN_SECRET_LENGTH,
	parseSessionFileName,
	SecretRedactor,
	sessionFileName,
	uuidv7,
} from "./format.js";
export { listAllSessions, listSessionFiles, listSessions, readSessionInfo } from "./list.js";
export {
	type ForkMessage,
	type ForkResult,
	type NewSessionOptions,
	SessionManager,
	type SessionManagerOptions,
} from "./manager.js";
export { SessionError, sessionMessages } from "./messages.js";
export { migrateV1ToV2, migrateV2ToV3, migrationBackupPath } from "./migrate.js";
export { type LoadedSession, type LoadOptions, loadSessionFile } from "./reader.js";
export {
	findMostRecentSession,
	isSessionPathArgument,
	readSessionHeader,
	resolveSessionArgument,
	type SessionArgumentMatch,
	type SessionFileHeader,
} from "./select.js";
export { buildTree, collectLabels, findSessionName, getChildren, getPath, indexEntries } from "./tree.js";
export * from "./types.js";
