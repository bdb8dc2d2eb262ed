/**
 * The README's way to use pi on your own project: `npm install -g ./packages/coding-agent` (here into a temp prefix,
 * offline: npm links the workspace folder, nothing is downloaded), then `pi` in a folder outside the repository
 * answers from the mock server and works in that folder.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { childEnv, MOCK_MODEL, useCliWorld } from "./harness.js";

const execFileAsync = promisify(execFile);

/** Runs a program to completion with stdin closed (pi reads a piped stdin as part of the prompt). */
function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
	const child = execFileAsync(file, args, options);
	child.child.stdin?.end();
	return child;
}
const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const cli = useCliWorld();

it("npm install -g ./packages/coding-agent puts a working `pi` on the PATH for any folder", async () => {
	const root = mkdtempSync(join(tmpdir(), "pi-install-"));
	try {
		const prefix = join(root, "prefix");
		const project = join(root, "my-project");
		mkdirSync(project);
		writeFileSync(join(project, "README.md"), "my project\n");
		const npm = process.platform === "win32" ? "npm.cmd" : "npm";
		await run(npm, ["install", "-g", "--prefix", prefix, "--offline", "--no-audit", "--no-fund", packageDir], {
			cwd: root,
		});
		const pi = join(prefix, "bin", "pi");

		const version = await run(pi, ["--version"], { cwd: project });
		expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);

		cli.server.enqueue({ text: "Hello from your project." });
		const answer = await run(pi, ["-p", "--model", MOCK_MODEL, "hi"], {
			cwd: project,
			env: childEnv(cli.world) as NodeJS.ProcessEnv,
		});
		expect(answer.stdout).toBe("Hello from your project.\n");
		// The agent worked in the project folder, not in the repository.
		const system = JSON.stringify(cli.server.requests.at(-1)?.body);
		expect(system).toContain(`Current working directory: ${realpathSync(project)}`);
	} finally {
		rmSync(root, { recursive: true, force: true });
	}
}, 60_000);
