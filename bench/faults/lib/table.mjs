// One row per fault case: case, trials, outcomes, goal, met?; printed as a Markdown table so the closing note of an
// issue can quote it as is.

/**
 * A result row. `outcomes` and `goal` are short texts; `met` is true when the outcome reached the goal. `notes`
 * (optional) are printed under the table (what a case saw, e.g. the first failure).
 */
export function row(name, { trials, outcomes, goal, met, notes = [] }) {
	return { name, trials: String(trials), outcomes, goal, met: Boolean(met), notes };
}

const pad = (text, width) => text + " ".repeat(Math.max(0, width - text.length));

/** Prints the rows as a Markdown table, then every row's notes. */
export function printTable(rows) {
	const header = ["case", "trials", "outcomes", "goal", "met?"];
	const cells = rows.map((r) => [r.name, r.trials, r.outcomes, r.goal, r.met ? "yes" : "NO"]);
	const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
	const line = (values) => `| ${values.map((v, i) => pad(v, widths[i])).join(" | ")} |`;
	console.log(line(header));
	console.log(`| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
	for (const c of cells) console.log(line(c));
	const noted = rows.filter((r) => r.notes.length > 0);
	if (noted.length > 0) console.log("");
	for (const r of noted) for (const note of r.notes) console.log(`- ${r.name}: ${note}`);
}
