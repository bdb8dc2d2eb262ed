/**
 * Clipboard access for /copy and image paste, best effort on every platform: OSC 52 (works over SSH and in most
 * terminals) plus the first platform tool that is installed (pbcopy, wl-copy, xclip, xsel, clip.exe). Nothing
 * here throws when a tool is missing. `PI_CLIPBOARD_COMMAND` (mapped to `copyCommand` by the mode) replaces the
 * tool probing with one shell command that receives the text on stdin: tests stub the clipboard with it.
 */
import { spawn, spawnSync } from "node:child_process";

/** A command line: executable and arguments. */
type Tool = readonly [string, ...string[]];

const COPY_TOOLS: Record<string, Tool[]> = {
	darwin: [["pbcopy"]],
	win32: [["clip.exe"]],
	linux: [["wl-copy"], ["xclip", "-selection", "clipboard"], ["xsel", "--clipboard", "--input"]],
};

/** Image readers: each prints the clipboard's PNG on stdout (or fails when it holds no image). */
const IMAGE_TOOLS: Record<string, Tool[]> = {
	darwin: [["pngpaste", "-"]],
	linux: [
		["wl-paste", "--type", "image/png"],
		["xclip", "-selection", "clipboard", "-t", "image/png", "-o"],
	],
};

export interface ClipboardOptions {
	/** A shell command that receives the text on stdin instead of the probed tools (PI_CLIPBOARD_COMMAND). */
	copyCommand?: string;
	/** Where OSC 52 is written (the terminal); omitted: no OSC 52. */
	writeTerminal?: (data: string) => void;
	platform?: NodeJS.Platform;
}

/** The OSC 52 sequence that asks the terminal to put `text` on the system clipboard. */
export function osc52(text: string): string {
	return `\x1b]52;c;${Buffer.from(text, "utf8").toString("base64")}\x07`;
}

function runWithInput(command: string, args: readonly string[], input: string, shell: boolean): Promise<boolean> {
	return new Promise((resolve) => {
		let child: ReturnType<typeof spawn>;
		try {
			child = spawn(command, args, { stdio: ["pipe", "ignore", "ignore"], shell });
		} catch {
			resolve(false);
			return;
		}
		child.on("error", () => resolve(false));
		child.on("close", (code) => resolve(code === 0));
		child.stdin?.on("error", () => {});
		child.stdin?.end(input);
	});
}

/**
 * Copies `text`: OSC 52 to the terminal, then the stub command or the first platform tool that succeeds.
 * Resolves with what was used (`"osc52"` alone means no tool worked; terminals may still have honoured it).
 */
export async function copyToClipboard(text: string, options: ClipboardOptions = {}): Promise<string[]> {
	const used: string[] = [];
	if (options.copyCommand) {
		if (await runWithInput(options.copyCommand, [], text, true)) used.push(options.copyCommand);
		return used;
	}
	if (options.writeTerminal) {
		options.writeTerminal(osc52(text));
		used.push("osc52");
	}
	for (const [command, ...args] of COPY_TOOLS[options.platform ?? process.platform] ?? []) {
		if (await runWithInput(command, args, text, false)) {
			used.push(command);
			break;
		}
	}
	return used;
}

/** The clipboard's image as PNG bytes, or undefined when there is none or no reader is installed. */
export function readClipboardImage(platform: NodeJS.Platform = process.platform): Buffer | undefined {
	for (const [command, ...args] of IMAGE_TOOLS[platform] ?? []) {
		const result = spawnSync(command, args, { maxBuffer: 64 * 1024 * 1024, timeout: 3000 });
		if (result.error || result.status !== 0) continue;
		const data = result.stdout;
		// PNG signature: the tools print text errors on stdout in some versions.
		if (data && data.length > 8 && data[0] === 0x89 && data[1] === 0x50) return data;
	}
	return undefined;
}
