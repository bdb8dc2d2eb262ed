// Tools: 200 sequential edits on a 50,000-line file, and read of a 100 MB file's last window.
// Uses the built dist (run `npx tsc -b packages/coding-agent` first).
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
};
const ms = (n) => `${n.toFixed(2)} ms`;

export async function run() {
	const { createEditTool, createReadTool } = await import("../../packages/coding-agent/dist/tools/index.js");
	const dir = mkdtempSync(join(tmpdir(), "pi-bench-tools-"));
	try {
		// 200 sequential edits on a 50,000-line file.
		const lineCount = 50_000;
		const lines = Array.from({ length: lineCount }, (_, i) => `export const value${i} = compute(${i}, "item-${i}");`);
		writeFileSync(join(dir, "big.ts"), `${lines.join("\n")}\n`);
		const edit = createEditTool(dir);
		const editTimes = [];
		const editStart = performance.now();
		for (let k = 0; k < 200; k++) {
			const i = Math.floor((k * lineCount) / 200);
			const t = performance.now();
			await edit.execute(`e${k}`, {
				file_path: "big.ts",
				old_string: `export const value${i} = compute(${i}, "item-${i}");`,
				new_string: `export const value${i} = compute(${i} + 1, "edited-${i}");`,
			});
			editTimes.push(performance.now() - t);
		}
		const editTotal = performance.now() - editStart;
		console.log(
			`edit: 200 sequential edits on a ${lineCount}-line file: total ${ms(editTotal)}, median ${ms(median(editTimes))}/edit`,
		);

		// read of a 100 MB file's last window.
		const path = join(dir, "big.log");
		const fd = openSync(path, "w");
		const line = `${"x".repeat(99)}\n`;
		const block = line.repeat(10_000); // ~1 MB
		for (let i = 0; i < 100; i++) writeSync(fd, block);
		closeSync(fd);
		const totalLines = 100 * 10_000;
		const read = createReadTool(dir);
		const readTimes = [];
		const rssBefore = process.memoryUsage().rss;
		for (let r = 0; r < 5; r++) {
			const t = performance.now();
			const result = await read.execute(`r${r}`, { file_path: "big.log", offset: totalLines - 1999 });
			readTimes.push(performance.now() - t);
			if (result.details.linesRead === 0) throw new Error("read returned nothing");
		}
		// The growth of this process across the reads, not its total (earlier cases ran in the same process).
		const rssMb = ((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(1);
		console.log(
			`read: last window of a 100 MB file (${totalLines} lines): median ${ms(median(readTimes))} over 5 runs (total ${ms(readTimes.reduce((a, b) => a + b, 0))}); RSS growth ${rssMb} MB`,
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
