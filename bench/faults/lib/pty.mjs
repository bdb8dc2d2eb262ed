// `pi` in a pseudo-terminal (@lydell/node-pty), started through `sh` so the terminal's settings can be read with
// `stty -a` after pi is gone: the shell prints "PI-EXIT:<code>" and the stty line, which tell whether pi left the
// terminal in raw mode. The raw output (escape sequences included) is kept for the cases to inspect.
import { readFileSync } from "node:fs";
import pty from "@lydell/node-pty";
import { childEnv, piCommand } from "./world.mjs";

const shellQuote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/** ANSI escape sequences and control characters removed: the text a person would read. */
export function plainText(output) {
	return output
		.replace(/\x1b\[[0-9;?<>=]*[ -/]*[@-~]/g, "")
		.replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, "")
		.replace(/\x1b[()][0-9A-Za-z]/g, "")
		.replace(/\x1b[=>78MDEc]/g, "")
		.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "");
}

/**
 * Starts `sh -c 'node pi.js <args>; echo PI-EXIT:$?; stty -a'` in a pty. Returns `{output(), piPid(), exited,
 * write(data), kill()}`; `piPid()` resolves with pi's process id (the shell's child).
 */
export async function startPiInPty(world, args = [], { env = {}, cols = 120, rows = 30, asNobody = false } = {}) {
	const line = piCommand(args, { asNobody }).map(shellQuote).join(" ");
	// The final echo marks the end of the output (a pty can lose the last chunk when its process exits at once).
	const script = `${line}; echo "PI-EXIT:$?"; stty -a; echo PI-DONE; sleep 0.3`;
	const child = pty.spawn("/bin/sh", ["-c", script], {
		name: "xterm-256color",
		cols,
		rows,
		cwd: world.cwd,
		env: await childEnv(world, env),
	});
	let out = "";
	child.onData((data) => {
		out += data;
	});
	// Resolves once pi is gone and the shell printed everything (or the shell itself ended).
	const exited = new Promise((resolve) => {
		child.onExit(({ exitCode, signal }) => resolve({ exitCode, signal }));
		child.onData(() => {
			if (out.includes("PI-DONE")) resolve({ exitCode: 0, signal: 0 });
		});
	});
	const piPid = async () => {
		for (let i = 0; i < 500; i++) {
			try {
				const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim();
				if (children) return Number(children.split(/\s+/)[0]);
			} catch {
				// not yet
			}
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		throw new Error("pi did not start in the pty");
	};
	return {
		output: () => out,
		piPid,
		exited,
		write: (data) => child.write(data),
		kill: () => {
			try {
				process.kill(child.pid, "SIGKILL");
			} catch {
				// gone
			}
		},
	};
}

/**
 * What pi left behind, from the output after it exited: its exit code (from the shell), whether the terminal is
 * back in cooked mode (stty shows `icanon` and `echo`, not `-icanon`/`-echo`), and whether the last cursor,
 * bracketed-paste and keyboard-protocol sequences pi wrote switch those modes off again.
 */
export function terminalState(output) {
	const exitMatch = /PI-EXIT:(\d+)/.exec(output);
	const afterExit = exitMatch ? output.slice(exitMatch.index, output.indexOf("PI-DONE", exitMatch.index) >>> 0) : "";
	const piOutput = exitMatch ? output.slice(0, exitMatch.index) : output;
	const stty = plainText(afterExit);
	const cooked = /(^|[\s;])icanon([\s;]|$)/.test(stty) && /(^|[\s;])echo([\s;]|$)/.test(stty);
	const last = (on, off) => {
		const lastOn = piOutput.lastIndexOf(on);
		const lastOff = piOutput.lastIndexOf(off);
		return lastOn === -1 || lastOff > lastOn;
	};
	return {
		exitCode: exitMatch ? Number(exitMatch[1]) : undefined,
		cooked: exitMatch ? cooked : undefined,
		cursorShown: last("\x1b[?25l", "\x1b[?25h"),
		pasteOff: last("\x1b[?2004h", "\x1b[?2004l"),
		keyboardReset:
			last("\x1b[>4;2m", "\x1b[>4;0m") && piOutput.split("\x1b[>7u").length <= piOutput.split("\x1b[<u").length,
	};
}
