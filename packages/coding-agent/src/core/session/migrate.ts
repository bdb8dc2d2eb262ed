/**
 * Migration of version 1 and 2 files to version 3 (session-format.md §8). The functions here are pure; the
 * reader applies them and rewrites the file atomically with a `.v<old>.bak` copy of the original.
 */
import { writeFileAtomic } from "./atomic.js";
import { generateEntryId, SecretRedactor, serializeLine } from "./format.js";
import { CURRENT_SESSION_VERSION, type SessionHeader } from "./types.js";

type RawObject = Record<string, unknown>;

/** Puts the common fields first, as pi writes them (§2). */
function withCommonFieldsFirst(entry: RawObject, id: string, parentId: string | null): RawObject {
	const { type, id: _id, parentId: _parentId, timestamp, ...payload } = entry;
	return { type, id, parentId, timestamp, ...payload };
}

/**
 * v1 → v2: fresh ids, each entry the child of the previous one, `firstKeptEntryIndex` (an index into the
 * file's parsed objects, header = 0) turned into `firstKeptEntryId`.
 *
 * @param objects every parsed object of the file in order, the header included
 * @param headerIndex position of the header in `objects`, or -1 when the file has none
 */
export function migrateV1ToV2(objects: RawObject[], headerIndex: number): RawObject[] {
	const taken = new Set<string>();
	const idAtIndex = new Map<number, string>();
	for (let i = 0; i < objects.length; i++) {
		if (i === headerIndex) continue;
		const id = generateEntryId(taken);
		taken.add(id);
		idAtIndex.set(i, id);
	}
	const entries: RawObject[] = [];
	let previousId: string | null = null;
	for (let i = 0; i < objects.length; i++) {
		const id = idAtIndex.get(i);
		if (id === undefined) continue;
		const entry = withCommonFieldsFirst(objects[i], id, previousId);
		if (entry.type === "compaction" && "firstKeptEntryIndex" in entry) {
			const { firstKeptEntryIndex, ...rest } = entry;
			const keptId = typeof firstKeptEntryIndex === "number" ? idAtIndex.get(firstKeptEntryIndex) : undefined;
			entries.push(keptId === undefined ? rest : { ...rest, firstKeptEntryId: keptId });
		} else {
			entries.push(entry);
		}
		previousId = id;
	}
	return entries;
}

/** v2 → v3: message role `hookMessage` becomes `custom`. */
export function migrateV2ToV3(entries: RawObject[]): RawObject[] {
	return entries.map((entry) => {
		const message = entry.message as RawObject | undefined;
		if (entry.type !== "message" || !message || message.role !== "hookMessage") return entry;
		return { ...entry, message: { ...message, role: "custom" } };
	});
}

/** The backup name of a migrated file: `<file>.v<oldVersion>.bak` (not `.jsonl`, so listings skip it). */
export function migrationBackupPath(path: string, oldVersion: number): string {
	return `${path}.v${oldVersion}.bak`;
}

/** Rewrites a migrated file atomically, keeping the original as the backup. Returns the backup path. */
export function rewriteMigratedFile(
	path: string,
	header: SessionHeader,
	entries: readonly object[],
	oldVersion: number,
): string {
	const backup = migrationBackupPath(path, oldVersion);
	const redactor = new SecretRedactor();
	const migratedHeader: SessionHeader = { ...header, version: CURRENT_SESSION_VERSION };
	function* lines(): Generator<string> {
		yield serializeLine(migratedHeader, redactor);
		for (const entry of entries) yield serializeLine(entry, redactor);
	}
	writeFileAtomic(path, lines(), backup);
	return backup;
}
