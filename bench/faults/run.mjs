#!/usr/bin/env node
// The fault-injection suite (issue 19): every bench/faults/cases/*.mjs exports `run()` resolving with table rows
// (lib/table.mjs). Cases run one after another against the BUILT pi (`npm run build` first), loopback only, each
// bounded in trials and time (a case over its `budgetMs`, default 5 min, is stopped and reported as a miss).
//
//   npm run faults                # every case
//   npm run faults -- rpc         # cases whose file name contains "rpc"
//
// Prints each case's rows as it finishes, then the whole table and a summary; exits 1 when a row missed its goal.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { printTable, row } from "./lib/table.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const DEFAULT_BUDGET_MS = 5 * 60_000;

const files = readdirSync(join(here, "cases"))
	.filter((name) => name.endsWith(".mjs") && (!only || name.includes(only)))
	.sort();
if (files.length === 0) {
	console.log(only ? `No fault case matches "${only}".` : "No fault cases found.");
	process.exit(1);
}

const rows = [];
const started = Date.now();
for (const file of files) {
	const name = file.replace(/\.mjs$/, "");
	console.log(`\n## ${name}`);
	const mod = await import(pathToFileURL(join(here, "cases", file)).href);
	const budget = mod.budgetMs ?? DEFAULT_BUDGET_MS;
	let timer;
	const overBudget = new Promise((resolve) => {
		timer = setTimeout(
			() => resolve([row(name, { trials: "-", outcomes: `stopped after ${budget / 1000} s`, goal: "within budget" })]),
			budget,
		);
	});
	const caseStart = Date.now();
	let caseRows;
	try {
		caseRows = await Promise.race([mod.run(), overBudget]);
	} catch (error) {
		caseRows = [row(name, { trials: "-", outcomes: `case failed: ${error?.stack ?? error}`, goal: "runs" })];
	}
	clearTimeout(timer);
	printTable(caseRows);
	console.log(`(${name}: ${((Date.now() - caseStart) / 1000).toFixed(1)} s)`);
	rows.push(...caseRows);
}

console.log("\n## Summary\n");
printTable(rows);
const missed = rows.filter((r) => !r.met);
console.log(
	`\n${rows.length - missed.length}/${rows.length} rows at their goal; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
);
// Exit explicitly: a case's "never answering" mock request may still hold a timer.
process.exit(missed.length === 0 ? 0 : 1);
