// A seeded random source so a failing trial can be replayed: PI_FAULTS_SEED=<n> (printed by the cases that use it).

/** The seed of this run: PI_FAULTS_SEED, or a fresh one. */
export const SEED = Number(process.env.PI_FAULTS_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** A function returning floats in [0, 1) from `seed` (mulberry32). */
export function seededRandom(seed = SEED) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
	};
}

/** Trials of the repeated cases: PI_FAULTS_TRIALS, default `fallback`. */
export function trialCount(fallback) {
	const value = Number(process.env.PI_FAULTS_TRIALS);
	return Number.isInteger(value) && value > 0 ? value : fallback;
}
