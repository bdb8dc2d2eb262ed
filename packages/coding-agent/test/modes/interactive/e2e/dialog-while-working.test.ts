/**
 * A dialog an extension opens while the agent works (from a `tool_call` handler, with a tool box live and the
 * "Working…" row animating) leaves no stale rows when it closes: on the BUILT `pi` in a pseudo-terminal at two
 * sizes, the screen after answering is exactly the screen of the same turn whose handler decides without asking.
 * The dialogs' titles hold line breaks, as permission prompts do (once written as one row, the breaks moved the
 * terminal's cursor and froze the "Working…" row and the editor's borders in the transcript).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { delay, KEYS, PiPty, usePtyWorld } from "./harness.js";

const e2e = usePtyWorld();
let extensionFile: string;

/** Blocks every bash call; asks first with the dialog PI_TEST_GATE names (none: decides at once). */
const GATE_EXTENSION = `
export default function (pi) {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return undefined;
		const question = "Risky command:\\n\\n  " + event.input.command + "\\n\\nRun it?";
		const kind = process.env.PI_TEST_GATE;
		if (kind === "select") await ctx.ui.select(question, ["Run", "Skip"]);
		else if (kind === "confirm") await ctx.ui.confirm(question, "It cannot be undone.");
		else if (kind === "input") await ctx.ui.input(question, "why?");
		return { block: true, reason: "Refused by the gate" };
	});
}
`;

beforeAll(() => {
	extensionFile = join(e2e.world.root, "gate.mjs");
	writeFileSync(extensionFile, GATE_EXTENSION);
});

/** Runs one gated turn in a fresh pi; `answer` answers the dialog once it shows. Returns the final screen. */
async function gatedTurn(
	columns: number,
	rows: number,
	gate: string,
	answer?: (term: PiPty) => Promise<void>,
): Promise<string> {
	const term = new PiPty(e2e.world, { columns, rows, args: ["-e", extensionFile], env: { PI_TEST_GATE: gate } });
	e2e.pi = term;
	await term.waitForScreen("mock/mock-model");
	e2e.server.enqueue(
		{ toolCalls: [{ name: "bash", arguments: { command: "rm -rf build" } }] },
		{ text: "Understood, the build folder stays." },
	);
	await term.submit("clean the build folder");
	if (answer) {
		await term.waitForScreen("Run it?");
		// A person reads the question: the "Working…" row animates under the dialog for a few frames meanwhile.
		await delay(300);
		await answer(term);
	}
	await term.waitFor(
		() => term.screen().includes("Understood, the build folder stays.") && !term.screen().includes("Working…"),
		"the answer, with the agent idle",
	);
	const screen = term.screen();
	term.kill();
	e2e.pi = undefined;
	return screen;
}

/** Screen rows with text, in order. */
function textRows(screen: string): string[] {
	return screen.split("\n").filter((row) => row.trim() !== "");
}

describe.each([
	[110, 32],
	[80, 24],
])("at %i×%i", (columns, rows) => {
	it("closing ctx.ui.select opened from a tool_call handler leaves exactly the screen of a turn without it", async () => {
		const expected = await gatedTurn(columns, rows, "none");
		const screen = await gatedTurn(columns, rows, "select", async (term) => {
			term.press(KEYS.down);
			term.press(KEYS.enter);
		});
		expect(screen).toBe(expected);
		// The transcript reads in order, with one live area at the bottom.
		const texts = textRows(screen);
		const order = ["clean the build folder", "$ rm -rf build", "Refused by the gate", "Understood"];
		const positions = order.map((text) => texts.findIndex((row) => row.includes(text)));
		expect(positions.every((position, i) => position !== -1 && (i === 0 || position > positions[i - 1]!))).toBe(true);
		expect(texts[positions[1]! + 1]).toContain("Refused by the gate");
		expect(screen.match(/^─+$/gm)).toHaveLength(2);
	});
});

describe("at 80×24", () => {
	it("ctx.ui.confirm and ctx.ui.input opened from a tool_call handler leave no stale rows", async () => {
		const expected = await gatedTurn(80, 24, "none");
		const confirmed = await gatedTurn(80, 24, "confirm", async (term) => term.press(KEYS.enter));
		expect(confirmed).toBe(expected);
		const typed = await gatedTurn(80, 24, "input", async (term) => {
			term.type("not now");
			await term.waitForScreen("not now");
			term.press(KEYS.enter);
		});
		expect(typed).toBe(expected);
	});
});
