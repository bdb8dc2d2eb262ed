// Timing helpers shared by the benchmark cases: medians over several runs and side-by-side ratio lines.
import { execSync } from "node:child_process";
import { performance } from "node:perf_hooks";

/** The median of a list of numbers. */
export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed; returns the durations in milliseconds. */
export async function timeRuns(fn, { runs = 7, warmup = 1 } = {}) {
	for (let i = 0; i < warmup; i++) await fn();
	const durations = [];
	for (let i = 0; i < runs; i++) {
		const start = performance.now();
		await fn();
		durations.push(performance.now() - start);
	}
	return durations;
}

const ms = (value) => `${value.toFixed(1)} ms`;

/** Prints `label: ours X ms vs theirs Y ms = ratio R (goal <= G)` and returns the ratio. */
export function printRatio(label, ours, theirs, { oursName = "ours", theirsName = "baseline", goal } = {}) {
	const ratio = ours / theirs;
	const verdict = goal === undefined ? "" : ratio <= goal ? ` (goal <= ${goal}: met)` : ` (goal <= ${goal}: MISSED)`;
	console.log(`${label}: ${oursName} ${ms(ours)} vs ${theirsName} ${ms(theirs)} = ratio ${ratio.toFixed(2)}${verdict}`);
	return ratio;
}

/**
 * When the environment variable `envName` names a shell command (a reference implementation of the same
 * workload), times it like `timeRuns` and prints it side by side with `oursMedian`. Silent otherwise.
 */
export async function compareWithReference(envName, label, oursMedian, options = {}) {
	const command = process.env[envName];
	if (!command) {
		console.log(`${label}: set ${envName} to a reference command to compare side by side`);
		return undefined;
	}
	const durations = await timeRuns(() => execSync(command, { stdio: "ignore" }), options);
	return printRatio(`${label} vs reference`, oursMedian, median(durations), { theirsName: "reference" });
}

export { ms as formatMs };
