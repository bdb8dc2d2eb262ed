import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { spawn } from "@lydell/node-pty";
import { describe, expect, it } from "vitest";
import { ProcessTerminal } from "../../src/terminal/process-terminal.js";

function fakeStreams() {
	const stdin = new PassThrough() as unknown as NodeJS.ReadStream;
	const written: string[] = [];
	const stdout = Object.assign(new PassThrough(), { columns: 50, rows: 7 }) as unknown as NodeJS.WriteStream;
	stdout.write = ((data: string) => {
		written.push(data);
		return true;
	}) as NodeJS.WriteStream["write"];
	return { stdin, stdout, written };
}

async function settle(): Promise<void> {
	await new Promise((resolve) => setTimeout(resolve, 60));
}

describe("ProcessTerminal", () => {
	it("enables bracketed paste and the Kitty protocol when the terminal answers the query, and restores on stop", async () => {
		const { stdin, stdout, written } = fakeStreams();
		const terminal = new ProcessTerminal({ stdin, stdout, restoreOnExit: false });
		const input: string[] = [];
		terminal.start(
			(data) => input.push(data),
			() => {},
		);
		expect(terminal.columns).toBe(50);
		expect(terminal.rows).toBe(7);
		expect(written.join("")).toBe("\x1b[?2004h\x1b[?u\x1b[c");
		stdin.write("\x1b[?0u\x1b[?62;22c");
		stdin.write("a\x1b[13;2u\x1b[200~pasted\x1b[201~");
		await settle();
		expect(terminal.keyboardProtocol).toBe("kitty");
		expect(written).toContain("\x1b[>7u");
		expect(input).toEqual(["a", "\x1b[13;2u", "\x1b[200~pasted\x1b[201~"]);
		terminal.stop();
		const restore = written.at(-1)!;
		expect(restore).toContain("\x1b[?2004l");
		expect(restore).toContain("\x1b[<u");
		expect(restore).toContain("\x1b[?25h");
	});

	it("falls back to modifyOtherKeys when only the device attributes come back", async () => {
		const { stdin, stdout, written } = fakeStreams();
		const terminal = new ProcessTerminal({ stdin, stdout, restoreOnExit: false });
		terminal.start(
			() => {},
			() => {},
		);
		stdin.write("\x1b[?1;2c");
		await settle();
		expect(terminal.keyboardProtocol).toBe("modifyOtherKeys");
		expect(written).toContain("\x1b[>4;2m");
		terminal.stop();
		expect(written.at(-1)).toContain("\x1b[>4;0m");
	});
});

const distEntry = fileURLToPath(new URL("../../dist/terminal/process-terminal.js", import.meta.url));

function runInPty(script: string): Promise<string> {
	return new Promise((resolve) => {
		const pty = spawn(process.execPath, ["--input-type=module", "-e", script], { cols: 60, rows: 10 });
		let output = "";
		pty.onData((data) => {
			output += data;
		});
		pty.onExit(() => resolve(output));
	});
}

describe("ProcessTerminal in a real pty (built dist/)", () => {
	const start = `import { ProcessTerminal } from ${JSON.stringify(distEntry)};
const terminal = new ProcessTerminal({ enhancedKeyboard: false });
terminal.start(() => {}, () => {});
terminal.hideCursor();
console.log("raw:" + process.stdin.isRaw);`;

	it("restores the terminal when the process crashes", async () => {
		const output = await runInPty(`${start}\nsetTimeout(() => { throw new Error("boom"); }, 50);`);
		expect(output).toContain("raw:true");
		expect(output).toContain("\x1b[?2004l");
		expect(output).toContain("\x1b[?25h");
		expect(output).toContain("boom");
	});

	it("restores the terminal on SIGTERM", async () => {
		const output = await runInPty(`${start}\nsetTimeout(() => process.kill(process.pid, "SIGTERM"), 50);
setTimeout(() => {}, 5000);`);
		expect(output).toContain("\x1b[?2004l");
		expect(output).toContain("\x1b[?25h");
	});
});
