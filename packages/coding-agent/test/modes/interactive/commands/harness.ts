/**
 * Drives a real InteractiveMode over a real AgentSession (faux model, temp agent dir) in a VirtualTerminal
 * (xterm headless): type into the editor, press keys in dialogs, read the screen and the scrollback.
 */
import { stripAnsi } from "@pi/tui";
import { VirtualTerminal } from "../../../../../tui/src/terminal/virtual-terminal.js";
import { AuthStorage } from "../../../../src/core/config/auth-storage.js";
import { InteractiveMode, type InteractiveModeOptions } from "../../../../src/modes/interactive/interactive-mode.js";
import { createKeybindings } from "../../../../src/modes/interactive/keybindings.js";
import { loadThemes } from "../../../../src/modes/interactive/theme/index.js";
import { createTestSession, type TestSession, type TestSessionOptions } from "../../../core/agent-session/helpers.js";

export interface ModeHarness extends TestSession {
	mode: InteractiveMode;
	terminal: VirtualTerminal;
	/** The file-backed credentials the mode's /login and /logout use (`<agentDir>/auth.json`). */
	auth: AuthStorage;
	/** Sends keys to the TUI (the focused editor or dialog). */
	press(data: string): void;
	/** Submits a line as if typed and entered; resolves when the command or prompt finished. */
	submit(line: string): Promise<void>;
	/** Waits until a dialog is shown. */
	waitForDialog(): Promise<void>;
	/** The visible screen as plain text, after drawing the current state. */
	screen(): Promise<string>;
	/** The screen once it shows `text` (polled for about two seconds); the last screen when it never does. */
	waitForScreen(text: string): Promise<string>;
	/** Scrollback and screen as plain text. */
	allText(): Promise<string>;
	/** Every byte written to the terminal, ANSI removed. */
	written(): string;
	/** Quits the mode (shutting the session down), then removes the temp dirs. */
	cleanup(): Promise<void>;
}

/** Session options, plus mode options the tests choose (e.g. `externalEditor`). */
export interface ModeHarnessOptions extends TestSessionOptions {
	mode?: Pick<InteractiveModeOptions, "externalEditor">;
}

export async function createModeHarness(options: ModeHarnessOptions = {}): Promise<ModeHarness> {
	const { mode: modeOptions, ...sessionOptions } = options;
	const test = await createTestSession(sessionOptions);
	const terminal = new VirtualTerminal(100, 30);
	const { themes } = loadThemes({ agentDir: test.agentDir, cwd: test.cwd, discover: false });
	// Given credentials serve the session and the mode alike (as in pi); else the mode gets its own file-backed store.
	const auth = sessionOptions.authStorage ?? AuthStorage.create({ agentDir: test.agentDir });
	const mode = new InteractiveMode({
		session: test.session,
		settings: test.settings,
		terminal,
		keybindings: createKeybindings(),
		themes,
		themeName: "dark",
		version: "0.0.0-test",
		cwd: test.cwd,
		home: "/nonexistent-home",
		agentDir: test.agentDir,
		authStorage: auth,
		colorLevel: 0,
		...modeOptions,
	});
	mode.start();
	const draw = async () => {
		mode.tui.renderNow();
		await terminal.flush();
	};
	const text = (rows: string[]) => rows.map((row) => stripAnsi(row).trimEnd()).join("\n");
	return {
		...test,
		mode,
		terminal,
		auth,
		press: (data) => terminal.sendInput(data),
		submit: (line) => mode.submitEditorText(line),
		async waitForDialog() {
			for (let i = 0; i < 200 && !mode.dialogs.isOpen; i++) await new Promise((resolve) => setTimeout(resolve, 5));
			if (!mode.dialogs.isOpen) throw new Error("no dialog opened");
		},
		async screen() {
			await draw();
			return text(terminal.getViewport());
		},
		async waitForScreen(wanted) {
			let screen = "";
			for (let i = 0; i < 200 && !screen.includes(wanted); i++) {
				await draw();
				screen = text(terminal.getViewport());
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			return screen;
		},
		async allText() {
			await draw();
			return text(terminal.getBuffer());
		},
		written: () => stripAnsi(terminal.writes.join("")),
		async cleanup() {
			await mode.shutdown(0);
			terminal.dispose();
			test.cleanup();
		},
	};
}
