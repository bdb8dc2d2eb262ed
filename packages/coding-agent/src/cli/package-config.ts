/** `pi config`: placeholder until the selector lands. */
export async function runConfigSelector(_options: { cwd: string; agentDir: string; local: boolean }): Promise<number> {
	throw new Error("pi config is not available yet; edit the packages entries of settings.json (see docs/packages.md)");
}
