// The adapter-overhead comparison: the same large streamed answer read through @pi/ai's adapter (built dist)
// and through the bare provider SDK, both against the loopback mock server. One table entry per wire API;
// adding an API is one entry in bench/cases/ai-adapter-overhead.mjs.
import { startMockServer } from "./mock-server.mjs";
import { compareWithReference, median, printRatio, timeRuns } from "./timing.mjs";

/** Size of the streamed answer. */
export const ANSWER_BYTES = 5 * 1024 * 1024;
/** Characters per streamed delta, about what real providers send. */
export const CHUNK_SIZE = 32;
/** The overhead the adapter may add over the bare SDK. */
export const GOAL_RATIO = 1.3;

/** The scripted turn both sides read: one long text answer. */
export function bigAnswerTurn() {
	const line = "The quick brown fox jumps over the lazy dog while the adapter streams every delta. ";
	return { text: line.repeat(Math.ceil(ANSWER_BYTES / line.length)).slice(0, ANSWER_BYTES), chunkSize: CHUNK_SIZE };
}

/**
 * Runs each entry `{api, adapterRun(url), bareRun(url)}`: both functions must read one complete answer from the
 * server at `url` and return the text length they received (checked to be equal, so both did the same work).
 */
export async function runAdapterOverhead(entries, { runs = 5 } = {}) {
	const server = await startMockServer();
	try {
		for (const entry of entries) {
			const turn = bigAnswerTurn();
			const once = (fn) => async () => {
				server.enqueue(turn);
				const length = await fn(server.url);
				if (length !== turn.text.length) throw new Error(`${entry.api}: read ${length} of ${turn.text.length} chars`);
			};
			// Interleave the two sides so machine noise hits both alike.
			const adapter = [];
			const bare = [];
			for (let i = 0; i < runs; i++) {
				bare.push(...(await timeRuns(once(entry.bareRun), { runs: 1, warmup: i === 0 ? 1 : 0 })));
				adapter.push(...(await timeRuns(once(entry.adapterRun), { runs: 1, warmup: i === 0 ? 1 : 0 })));
			}
			const label = `${entry.api} (${(ANSWER_BYTES / 1024 / 1024).toFixed(0)} MB, ${CHUNK_SIZE}-char deltas, median of ${runs})`;
			printRatio(label, median(adapter), median(bare), {
				oursName: "@pi/ai",
				theirsName: "bare SDK",
				goal: GOAL_RATIO,
			});
			const envName = `PI_BENCH_REF_${entry.api.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
			await compareWithReference(envName, entry.api, median(adapter), { runs: 3 });
		}
	} finally {
		await server.close();
	}
}
