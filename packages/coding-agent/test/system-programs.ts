/**
 * Tests that need a program from the system (Chromium for the HTML export in a browser, ripgrep and fd for the
 * search backends) run when it is installed and are skipped otherwise, with a one-line notice naming the program,
 * so `npm test` passes on a fresh machine. `.ci/run` installs the programs and sets PI_TEST_REQUIRE_PROGRAMS=1:
 * there a missing program fails the run instead of skipping, so CI always runs these tests.
 */

/** Set by .ci/run: a missing program is an error, not a skip. */
export const REQUIRE_PROGRAMS_ENV = "PI_TEST_REQUIRE_PROGRAMS";

/**
 * Whether the tests that need `program` can run. When it is missing, writes one line naming it and how to install
 * it (and returns false), or throws when {@link REQUIRE_PROGRAMS_ENV} is set.
 */
export function hasSystemProgram(found: boolean, program: string, what: string, install: string): boolean {
	if (found) return true;
	const line = `${program} not found: ${what} skipped (install it with \`${install}\`)`;
	if (process.env[REQUIRE_PROGRAMS_ENV] === "1")
		throw new Error(`${line.replace(" skipped", " cannot run")}; ${REQUIRE_PROGRAMS_ENV}=1 requires it.`);
	console.warn(`NOTICE: ${line}`);
	return false;
}
