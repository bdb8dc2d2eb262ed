/**
 * `AuthStorage`: stored credentials in `<agentDir>/auth.json` (config.md §4). The file is created (mode 0600,
 * directory 0700) only when a credential is saved; every write re-reads under the file lock and changes one entry.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { readJsonFile, updateJsonObjectFile } from "./atomic-json.js";
import { ASYNC_LOCK_STALE_AFTER_MS, type AsyncFileLockOptions, withFileLock } from "./file-lock.js";
import { isPlainObject } from "./json-path.js";
import { getAgentPaths } from "./paths.js";

export interface ApiKeyCredential {
	type: "api_key";
	/** Literal, environment variable name or `!command` (config.md §3.1). */
	key: string;
}

export interface OAuthCredential {
	type: "oauth";
	access: string;
	refresh: string;
	/** Epoch milliseconds. */
	expires: number;
	[extra: string]: unknown;
}

/** Entry types pi does not know are kept as they are. */
export type AuthEntry = ApiKeyCredential | OAuthCredential | { type: string; [field: string]: unknown };

export interface AuthStorageOptions {
	agentDir: string;
	/** Receives warnings (unparseable file, failed save). */
	onWarning?: (message: string) => void;
}

/** Warnings of the credentials store; an ignored entry is worded like an ignored setting (settings-schema.ts). */
export const authTexts = {
	ignored: (file: string, reason: string) => `Ignoring ${file}: ${reason}`,
	notObject: "the content is not a JSON object",
	/** `field` is the provider name, or `<provider>.<field>` for a wrong field of its entry. */
	ignoredEntry: (field: string, file: string, expected: string) =>
		`Ignoring credential "${field}" in ${file}: expected ${expected}`,
	expectedEntry: 'an object such as {"type": "api_key", "key": "..."}',
	expectedType: 'a string ("api_key" or "oauth")',
	expectedText: "a non-empty string",
	expectedExpires: "a number (epoch milliseconds)",
	waitingForLock: (lock: string) =>
		`Waiting for ${lock}: another pi process is refreshing a sign-in (a lock left by a crashed process is taken over after ${ASYNC_LOCK_STALE_AFTER_MS / 1000} s).`,
	notSaved: (file: string) =>
		`Could not save credentials: ${file} is not valid JSON; change kept for this session only`,
} as const;

/**
 * What is wrong with one stored entry, or undefined when pi can use it: the field to name (`provider` or
 * `provider.field`) and what was expected there. Entry types pi does not know pass, unchecked.
 */
export function checkAuthEntry(provider: string, entry: unknown): { field: string; expected: string } | undefined {
	if (!isPlainObject(entry)) return { field: provider, expected: authTexts.expectedEntry };
	const nonEmpty = (value: unknown) => typeof value === "string" && value.length > 0;
	if (!nonEmpty(entry.type)) return { field: `${provider}.type`, expected: authTexts.expectedType };
	const wrong = (name: string, expected: string) => ({ field: `${provider}.${name}`, expected });
	if (entry.type === "api_key") {
		if (!nonEmpty(entry.key)) return wrong("key", authTexts.expectedText);
	} else if (entry.type === "oauth") {
		if (!nonEmpty(entry.access)) return wrong("access", authTexts.expectedText);
		// Without a refresh token the access token still works until it expires; a wrong type is still a mistake.
		if (entry.refresh !== undefined && typeof entry.refresh !== "string") return wrong("refresh", "a string");
		if (typeof entry.expires !== "number" || !Number.isFinite(entry.expires)) {
			return wrong("expires", authTexts.expectedExpires);
		}
	}
	return undefined;
}

export const AUTH_FILE_MODE = 0o600;

export function isApiKeyCredential(entry: AuthEntry | undefined): entry is ApiKeyCredential {
	return entry?.type === "api_key" && typeof (entry as ApiKeyCredential).key === "string";
}

export function isOAuthCredential(entry: AuthEntry | undefined): entry is OAuthCredential {
	const e = entry as OAuthCredential | undefined;
	return e?.type === "oauth" && typeof e.access === "string" && typeof e.expires === "number";
}

export class AuthStorage {
	private entries: Record<string, AuthEntry> = {};
	/** False while the file on disk is unparseable: it is then never overwritten. */
	private writable = true;
	/** Calls of {@link withLock} running in this process (they hold the file lock between them). */
	private lockDepth = 0;
	/** The in-process queue of {@link withLock} callers: one critical section at a time. */
	private lockQueue: Promise<unknown> = Promise.resolve();

	private constructor(
		private readonly file: string | undefined,
		private readonly warn: (message: string) => void,
	) {}

	/** Reads `<agentDir>/auth.json` (missing = no credentials). Creates nothing. */
	static create(options: AuthStorageOptions): AuthStorage {
		const storage = new AuthStorage(getAgentPaths(options.agentDir).auth, options.onWarning ?? (() => {}));
		storage.reload();
		return storage;
	}

	/** Credentials held only in memory (tests, SDK). */
	static inMemory(entries: Record<string, AuthEntry> = {}): AuthStorage {
		const storage = new AuthStorage(undefined, () => {});
		storage.entries = structuredClone(entries);
		return storage;
	}

	/** The auth.json path (undefined in memory). */
	get path(): string | undefined {
		return this.file;
	}

	/**
	 * Re-reads the file. An entry of the wrong shape is reported once per read, naming its field, and ignored (as if
	 * absent); it stays in the file, and saving another provider's entry keeps it.
	 */
	reload(): void {
		if (!this.file) return;
		const read = readJsonFile(this.file);
		this.writable = true;
		if (read.status === "missing") this.entries = {};
		else if (read.status === "ok" && isPlainObject(read.value)) {
			this.entries = read.value as Record<string, AuthEntry>;
			for (const [provider, entry] of Object.entries(this.entries)) {
				const problem = checkAuthEntry(provider, entry);
				if (problem) this.warn(authTexts.ignoredEntry(problem.field, this.file, problem.expected));
			}
		} else {
			this.warn(authTexts.ignored(this.file, read.status === "invalid" ? read.error : authTexts.notObject));
			this.entries = {};
			this.writable = false;
		}
	}

	/** The stored entry of a provider; undefined when there is none or it has the wrong shape. */
	get(provider: string): AuthEntry | undefined {
		if (!Object.hasOwn(this.entries, provider)) return undefined;
		const entry = this.entries[provider];
		return checkAuthEntry(provider, entry) ? undefined : structuredClone(entry);
	}

	/** Providers with a usable stored entry. */
	list(): string[] {
		return Object.keys(this.entries).filter((provider) => !checkAuthEntry(provider, this.entries[provider]));
	}

	/** Stores an API key (literal, env-variable name or `!command`). */
	setApiKey(provider: string, key: string): void {
		this.set(provider, { type: "api_key", key });
	}

	/** Stores any entry, replacing the provider's previous one. */
	set(provider: string, entry: AuthEntry): void {
		this.entries[provider] = structuredClone(entry);
		this.save(provider);
	}

	/** Removes a provider's entry. */
	remove(provider: string): void {
		delete this.entries[provider];
		this.save(provider);
	}

	/**
	 * Runs `fn` holding the auth.json lock (cross-process, kept fresh while `fn` awaits the network), after re-reading
	 * the file, so `fn` sees what other processes wrote and its `set`/`remove` calls change the latest file. Callers
	 * in this process are queued. Rejects with `FileLockError` when another holder keeps the lock past the timeout.
	 */
	withLock<T>(fn: () => Promise<T>, options: AsyncFileLockOptions = {}): Promise<T> {
		const run = async () => {
			const file = this.file;
			if (!file) return fn();
			mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
			return withFileLock(
				file,
				async () => {
					this.lockDepth++;
					try {
						this.reload();
						return await fn();
					} finally {
						this.lockDepth--;
					}
				},
				{ onWait: () => this.warn(authTexts.waitingForLock(`${file}.lock`)), ...options },
			);
		};
		const result = this.lockQueue.then(run, run);
		this.lockQueue = result.catch(() => {});
		return result;
	}

	private save(provider: string): void {
		const file = this.file;
		if (!file) return;
		if (!this.writable) {
			this.warn(authTexts.notSaved(file));
			return;
		}
		const result = updateJsonObjectFile(
			file,
			(onDisk) => {
				const entry = this.entries[provider];
				if (entry === undefined) delete onDisk[provider];
				else onDisk[provider] = entry;
			},
			// The stale limit of the refresh lock: a save never takes over a lock held through another process's refresh.
			{ mode: AUTH_FILE_MODE, lockHeld: this.lockDepth > 0, staleLockMs: ASYNC_LOCK_STALE_AFTER_MS },
		);
		if (result.status === "saved") this.entries = result.value as Record<string, AuthEntry>;
		else if (result.status === "invalid") {
			this.writable = false;
			this.warn(authTexts.notSaved(file));
		} else this.warn(result.message);
	}
}
