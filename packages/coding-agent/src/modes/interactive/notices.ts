/**
 * The texts the mode writes into the transcript as notices (components/notices.ts draws them): info, successes,
 * warnings, errors, compaction and status lines. Every text the mode shows outside the components lives in
 * NOTICE_TEXT, so tests can assert it.
 */

export type { NoticeKind } from "./components/notices.js";

/** How a notice behaves once shown (default: it stays in the transcript). */
export interface NoticeOptions {
	/**
	 * A transient notice's key: showing another notice with the same key replaces this one while it is still the
	 * last transcript entry (cycling the thinking level shows one line, not one per press).
	 */
	key?: string;
}

/** The "no model" hint replaces itself: the first screen, a prompt and /model show it once, at the bottom. */
export const NO_MODEL_NOTICE: NoticeOptions = { key: "no-model" };

/** User-visible texts of the interactive mode. */
export const NOTICE_TEXT = {
	divider: (sessionId: string) => `──── session ${sessionId.slice(0, 8)} ────`,
	working: "Working… (esc to interrupt)",
	starting: "Starting…",
	/** Under queued messages; `dequeueKey` is the key that puts them back (empty when unbound). */
	pendingHint: (dequeueKey: string) =>
		`↳ ${dequeueKey ? `${dequeueKey} puts them back into the editor · ` : ""}esc aborts the run and puts them back`,
	noQueuedMessages: "No queued messages to put back.",
	suspendUnavailable: "Suspending needs a shell with job control (it does not work on Windows or without one).",
	compacting: "Compacting context… (esc to cancel)",
	compacted: (tokensBefore: number) => `Compacted the context (${tokensBefore.toLocaleString("en-US")} tokens before).`,
	compactionAborted: "Compaction cancelled.",
	retryFailed: (error: string) => `Retry failed: ${error}`,
	retryCancelled: "Retry cancelled.",
	pressAgainToExit: "Press Ctrl+C again to exit.",
	bashRunning: "A shell command is running; Esc cancels it.",
	modelChanged: (provider: string, id: string, thinking: string) =>
		`Model: ${provider}/${id}${thinking === "off" ? "" : ` (thinking ${thinking})`}`,
	onlyOneModel: "Only one model is available; nothing to cycle to.",
	/** No provider has a key (the first run): said on the first screen, on a prompt and by /model. */
	noModelsAvailable:
		"No model is available yet: pi needs an API key or a subscription. Set a key in the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY, …) and restart pi, or type /login to sign in to Claude Pro/Max, ChatGPT Plus/Pro or GitHub Copilot, or to store a key. Other providers go in models.json.",
	/** Models are available but none is selected. */
	noModelSelected: "No model selected. Pick one with /model (or Ctrl+L).",
	thinkingChanged: (level: string) => `Thinking level: ${level}`,
	thinkingUnsupported: "The current model has no thinking levels.",
	thinkingHidden: (hidden: boolean) => (hidden ? "Thinking blocks hidden." : "Thinking blocks shown."),
	copied: "Copied the last answer to the clipboard.",
	copyNothing: "Nothing to copy yet: no assistant answer in this session.",
	copyFailed: "Could not reach a clipboard (no OSC 52 terminal and no pbcopy/wl-copy/xclip/xsel).",
	exported: (path: string) => `Exported to: ${path}`,
	newSession: "Started a new session.",
	resumed: (path: string) => `Resumed ${path}`,
	forked: "Forked into a new session; edit the message and press Enter to send it.",
	navigated: "Moved in the session tree.",
	named: (name: string) => `Session name: ${name}`,
	noImage: "No image on the clipboard (or no clipboard reader: wl-paste, xclip, pngpaste).",
	imageAttached: (count: number) => `Image attached (${count} pending).`,
	queueModes: (steering: string, followUp: string) => `Queue modes: steering ${steering}, follow-up ${followUp}`,
	autocompact: (enabled: boolean) => `Automatic compaction ${enabled ? "on" : "off"}.`,
	reloaded: "Reloaded settings, models, keybindings, extensions and resources.",
	loggedIn: (provider: string) => `Saved the API key for ${provider} in auth.json.`,
	loggedOut: (provider: string) => `Removed the credentials of ${provider} from auth.json.`,
	themeChanged: (name: string) => `Theme: ${name}`,
	unknownTheme: (name: string, known: readonly string[]) => `Unknown theme "${name}". Known: ${known.join(", ")}`,
	noSessions: "No saved sessions in this project yet.",
	noForkPoints: "No user messages to fork from yet.",
	emptyTree: "The session is empty: nothing to navigate yet.",
} as const;
