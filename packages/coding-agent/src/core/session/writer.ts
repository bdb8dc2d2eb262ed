/**
 * Appending to a session file under the reliability rules of §11: creation at the first prompt with
 * exclusive-create (R1), one write per entry through a fresh append-mode open without the create flag (R2),
 * a leading `\n` after a torn tail (R3), fsync (R4), failures kept in memory and retried, and a missing file
 * re-created atomically (R5), secrets redacted on the way out (R6).
 */
import { closeSync, constants, fstatSync, fsyncSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { writeAllSync, writeFileAtomic } from "./atomic.js";
import { SecretRedactor, serializeLine } from "./format.js";
import { sessionMessages } from "./messages.js";
import type { SessionEntry, SessionHeader, SessionWarningHandler } from "./types.js";

/** The complete in-memory session, used to create or re-create the file. */
export interface SessionSnapshot {
	header: SessionHeader;
	entries: readonly SessionEntry[];
}

export interface SessionFileWriterOptions {
	path: string;
	/** The in-memory session; read when the file is created or must be re-created. */
	snapshot: () => SessionSnapshot;
	onWarning: SessionWarningHandler;
	/** The file already holds this session (a loaded file): appends go straight to it. */
	exists: boolean;
	/** The file exists but is empty: create it by appending instead of exclusive-create (R3.6). */
	appendOnCreate?: boolean;
	/** The existing file's last byte is not `\n`. */
	missingFinalNewline?: boolean;
	secrets?: readonly string[];
}

const APPEND_NO_CREATE = constants.O_WRONLY | constants.O_APPEND;

function errorText(error: unknown): string {
	return (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);
}

/** Writes one session's file. All methods are synchronous so the order of entries on disk is the call order. */
export class SessionFileWriter {
	readonly path: string;
	private readonly snapshot: () => SessionSnapshot;
	private readonly warn: SessionWarningHandler;
	private redactor: SecretRedactor;
	private created: boolean;
	private createRequested = false;
	private readonly appendOnCreate: boolean;
	private needsLeadingNewline: boolean;
	/** Serialised lines whose write failed, retried before the next one (R5). */
	private queue: string[] = [];

	constructor(options: SessionFileWriterOptions) {
		this.path = options.path;
		this.snapshot = options.snapshot;
		this.warn = options.onWarning;
		this.created = options.exists;
		this.appendOnCreate = options.appendOnCreate ?? false;
		this.needsLeadingNewline = options.missingFinalNewline ?? false;
		this.redactor = new SecretRedactor(options.secrets);
	}

	/** True once the file holds this session. */
	get isCreated(): boolean {
		return this.created;
	}

	/** Values to redact from everything written from now on (R6). */
	setSecrets(values: readonly string[]): void {
		this.redactor = new SecretRedactor(values);
	}

	/**
	 * Creates the file with the header and every in-memory entry in one write, then fsyncs (R1, R4). Used at the
	 * first prompt and for branched sessions that must be written at once. On failure the request stays and is
	 * retried before the next append.
	 */
	create(): void {
		this.createRequested = true;
		if (this.created) return;
		const { header, entries } = this.snapshot();
		const text = [header, ...entries].map((value) => serializeLine(value, this.redactor)).join("");
		let fd: number | undefined;
		try {
			mkdirSync(dirname(this.path), { recursive: true });
			if (this.appendOnCreate) {
				fd = openSync(this.path, APPEND_NO_CREATE);
				writeAllSync(fd, this.needsLeadingNewline ? `\n${text}` : text);
			} else {
				fd = openSync(this.path, "wx");
				writeAllSync(fd, text);
			}
			fsyncSync(fd);
			this.created = true;
			this.needsLeadingNewline = false;
			this.queue = [];
		} catch (error) {
			this.warn(sessionMessages.writeFailed(this.path, errorText(error)));
		} finally {
			if (fd !== undefined) closeSync(fd);
		}
	}

	/** Appends one entry (R2). Before the file exists the entry is only held in memory by the caller. */
	append(entry: SessionEntry): void {
		if (!this.created) {
			if (this.createRequested) this.create();
			return;
		}
		this.queue.push(serializeLine(entry, this.redactor));
		this.flushQueue();
	}

	/** Writes the queued lines with one write call; on a vanished file re-creates it from memory. */
	private flushQueue(): void {
		if (this.queue.length === 0) return;
		let fd: number;
		try {
			fd = openSync(this.path, APPEND_NO_CREATE);
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code === "ENOENT") this.recreate();
			else this.warn(sessionMessages.writeFailed(this.path, errorText(error)));
			return;
		}
		let sizeBefore = -1;
		try {
			sizeBefore = fstatSync(fd).size;
			writeAllSync(fd, (this.needsLeadingNewline ? "\n" : "") + this.queue.join(""));
			this.queue = [];
			this.needsLeadingNewline = false;
		} catch (error) {
			// A partial line may be on disk now: make the retry start on a fresh line so it cannot be swallowed.
			try {
				if (sizeBefore < 0 || fstatSync(fd).size !== sizeBefore) this.needsLeadingNewline = true;
			} catch {
				this.needsLeadingNewline = true;
			}
			this.warn(sessionMessages.writeFailed(this.path, errorText(error)));
		} finally {
			closeSync(fd);
		}
	}

	/** R5: the file disappeared; write header and every in-memory entry atomically. */
	private recreate(): void {
		const { header, entries } = this.snapshot();
		const redactor = this.redactor;
		function* lines(): Generator<string> {
			yield serializeLine(header, redactor);
			for (const entry of entries) yield serializeLine(entry, redactor);
		}
		try {
			writeFileAtomic(this.path, lines());
			this.queue = [];
			this.needsLeadingNewline = false;
			this.warn(sessionMessages.recreated(this.path));
		} catch (error) {
			this.warn(sessionMessages.recreateFailed(this.path, errorText(error)));
		}
	}

	/** Retries pending writes, then fsyncs the file (R4). A file not created yet is left alone. */
	sync(): void {
		if (!this.created) {
			if (this.createRequested) this.create();
			return;
		}
		this.flushQueue();
		let fd: number | undefined;
		try {
			fd = openSync(this.path, "r");
			fsyncSync(fd);
		} catch (error) {
			this.warn(sessionMessages.syncFailed(this.path, errorText(error)));
		} finally {
			if (fd !== undefined) closeSync(fd);
		}
	}
}
