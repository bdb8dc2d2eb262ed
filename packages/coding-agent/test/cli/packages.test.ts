/**
 * pi packages from the command line, as a user runs them: `pi install` a local package and a git package (a local
 * bare repository reached through an https source rewritten by git config), `pi list`, the package's extension tool
 * used in a prompt against the mock server, its command and skill listed by RPC get_commands with the package named,
 * `pi update` pulling a new commit, `pi remove`, and failures that leave settings.json byte-identical.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createGitRemote, gitRewriteEnv, writeTree } from "../core/packages/fixtures.js";
import { MOCK_MODEL, runPi, startRawRpc, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

const TOOL_EXTENSION = `export default function (pi) {
	pi.registerTool({
		name: "pkg_upper",
		label: "Upper",
		description: "Upper-cases text.",
		promptSnippet: "Upper-cases text.",
		parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
		async execute(_id, params) {
			return { content: [{ type: "text", text: "PKG:" + params.text.toUpperCase() }] };
		},
	});
	pi.registerCommand("pkg-hello", { description: "Hello from a package", handler: async () => {} });
}
`;

function writeToolPackage(dir: string): string {
	return writeTree(dir, {
		"package.json": JSON.stringify({ name: "tool-pkg", pi: { extensions: ["./src/index.js"], skills: ["./skills"] } }),
		"src/index.js": TOOL_EXTENSION,
		"skills/pkg-skill/SKILL.md": "---\nname: pkg-skill\ndescription: A skill from a package\n---\nDo it.\n",
	});
}

const settingsText = () => readFileSync(join(cli.world.agentDir, "settings.json"), "utf8");

async function getCommands(env?: NodeJS.ProcessEnv, args: string[] = []) {
	const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session", ...args], { env });
	rpc.write('{"id":"c","type":"get_commands"}\n');
	const reply = await rpc.waitFor((line) => line.id === "c");
	rpc.endInput();
	await rpc.exited;
	return {
		commands: reply.data.commands as { name: string; sourceInfo?: Record<string, string> }[],
		stderr: rpc.stderr(),
	};
}

describe("pi packages end to end", () => {
	it("install a local package: list it, use its tool in a prompt, list its command and skill with the package named", async () => {
		const pkg = writeToolPackage(join(cli.world.cwd, "..", "tool-pkg"));
		const install = await runPi(cli.world, ["install", pkg]);
		expect(install).toMatchObject({ code: 0, stderr: "" });
		expect(install.stdout).toBe(`Installing ${pkg}...\nInstalled ${pkg} (user)\n`);
		expect(JSON.parse(settingsText()).packages).toEqual(["../tool-pkg"]);

		const list = await runPi(cli.world, ["list"]);
		expect(list.stdout).toBe(`User packages:\n  ../tool-pkg\n    ${pkg}\n`);

		cli.server.enqueue({ toolCalls: [{ name: "pkg_upper", arguments: { text: "hello" } }] }, { text: "done" });
		const run = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "shout hello"]);
		expect(run).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
		const toolMessage = (cli.server.requests[1].body.messages as { role: string; content: unknown }[]).find(
			(m) => m.role === "tool",
		);
		expect(JSON.stringify(toolMessage?.content)).toContain("PKG:HELLO");

		const { commands, stderr } = await getCommands();
		expect(stderr).toBe("");
		const sourceInfo = { scope: "user", source: "../tool-pkg" };
		expect(commands.find((c) => c.name === "pkg-hello")?.sourceInfo).toEqual({
			path: join(pkg, "src", "index.js"),
			...sourceInfo,
		});
		expect(commands.find((c) => c.name === "skill:pkg-skill")?.sourceInfo).toEqual({
			path: join(pkg, "skills", "pkg-skill", "SKILL.md"),
			...sourceInfo,
		});

		// Filtered out with the object form: the skill is gone, the extension stays.
		const settings = JSON.parse(settingsText());
		writeFileSync(
			join(cli.world.agentDir, "settings.json"),
			JSON.stringify({ ...settings, packages: [{ source: "../tool-pkg", skills: [] }] }),
		);
		expect((await runPi(cli.world, ["list"])).stdout).toContain("  ../tool-pkg (filtered)\n");
		const filtered = await getCommands();
		expect(filtered.commands.map((c) => c.name)).toContain("pkg-hello");
		expect(filtered.commands.map((c) => c.name)).not.toContain("skill:pkg-skill");

		const remove = await runPi(cli.world, ["remove", "../tool-pkg"]);
		expect(remove).toMatchObject({ code: 0, stdout: "Removing ../tool-pkg...\nRemoved ../tool-pkg (user)\n" });
		expect(JSON.parse(settingsText()).packages).toEqual([]);
		expect((await getCommands()).commands.map((c) => c.name)).not.toContain("pkg-hello");
	});

	it("a git package in project scope: install, update pulls a new commit, remove", async () => {
		const root = join(cli.world.cwd, "..");
		const env = gitRewriteEnv(root);
		const remote = createGitRemote(root, "team/prompts", {
			"prompts/greet.md": "---\ndescription: Greets\n---\nHello $1\n",
		});
		const install = await runPi(cli.world, ["install", remote.source, "-l"], { env });
		expect(install).toMatchObject({ code: 0, stderr: "" });
		const projectSettings = join(cli.world.cwd, ".pi", "settings.json");
		expect(JSON.parse(readFileSync(projectSettings, "utf8"))).toEqual({ packages: [remote.source] });
		expect((await runPi(cli.world, ["list"], { env })).stdout).toContain(
			`Project packages:\n  ${remote.source}\n    ${join(cli.world.cwd, ".pi", "git", "git.example.test", "team", "prompts")}\n`,
		);
		let commands = (await getCommands(env)).commands;
		expect(commands.find((c) => c.name === "greet")?.sourceInfo).toMatchObject({
			scope: "project",
			source: remote.source,
		});

		remote.commit({ "prompts/bye.md": "Bye\n" }, "second");
		const update = await runPi(cli.world, ["update"], { env });
		expect(update).toMatchObject({
			code: 0,
			stdout: `Updating ${remote.source}...\nUpdated ${remote.source}\n`,
			stderr: "",
		});
		commands = (await getCommands(env)).commands;
		expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(["greet", "bye"]));

		expect(await runPi(cli.world, ["remove", remote.source])).toMatchObject({
			code: 1,
			stderr: `Error: No package ${remote.source} in user settings; it is in project settings: run "pi remove ${remote.source} -l"\n`,
		});
		expect((await runPi(cli.world, ["uninstall", remote.source, "-l"], { env })).code).toBe(0);
		expect(JSON.parse(readFileSync(projectSettings, "utf8"))).toEqual({ packages: [] });
	});

	it("a git package listed in project settings but missing is installed at start-up, unless offline", async () => {
		const root = join(cli.world.cwd, "..");
		const env = gitRewriteEnv(root);
		const remote = createGitRemote(root, "team/shared", { "prompts/shared.md": "Shared $1\n" });
		const projectSettings = join(cli.world.cwd, ".pi", "settings.json");
		const settings = JSON.stringify({ packages: [remote.source] });
		writeFileSync(projectSettings, settings);
		const offline = await getCommands(env);
		expect(offline.stderr).toContain(
			`Package ${remote.source} is listed in settings but not installed: run "pi install ${remote.source} -l"`,
		);
		const online = await getCommands({ ...env, PI_OFFLINE: "0" });
		expect(online.stderr).toContain(`Installed missing package ${remote.source} (project settings)`);
		expect(online.commands.find((c) => c.name === "shared")?.sourceInfo).toMatchObject({
			scope: "project",
			source: remote.source,
		});
		expect(readFileSync(projectSettings, "utf8")).toBe(settings);
		expect((await runPi(cli.world, ["remove", remote.source, "-l"], { env })).code).toBe(0);
	});

	it("-e with a git source tries the package for one run: cached for the next, never in settings", async () => {
		const root = join(cli.world.cwd, "..");
		const env = gitRewriteEnv(root);
		const remote = createGitRemote(root, "team/trial", {
			"extensions/trial.js":
				'export default function (pi) { pi.registerCommand("trial-cmd", { handler: async () => {} }); }\n',
			"prompts/trial.md": "Trial $1\n",
		});
		const before = settingsText();
		const first = await getCommands(env, ["-e", remote.source]);
		expect(first.stderr).toBe("");
		expect(first.commands.find((c) => c.name === "trial-cmd")?.sourceInfo).toEqual({
			path: join(
				cli.world.agentDir,
				"tmp",
				"packages",
				"git",
				"git.example.test",
				"team",
				"trial",
				"extensions",
				"trial.js",
			),
			scope: "path",
			source: remote.source,
		});
		expect(first.commands.map((c) => c.name)).toContain("trial");
		expect(settingsText()).toBe(before);
		// The clone is reused (the remote is gone now), and -e packages load even with --no-extensions.
		rmSync(join(root, "remotes", "team", "trial"), { recursive: true, force: true });
		const second = await getCommands(env, ["-e", remote.source, "--no-extensions"]);
		expect(second.stderr).toBe("");
		expect(second.commands.map((c) => c.name)).toContain("trial-cmd");
	});

	it("flags a package's extension registers are listed by --help and accepted on the command line", async () => {
		const pkg = writeTree(join(cli.world.cwd, "..", "flag-pkg"), {
			"extensions/flag.js":
				'export default function (pi) { pi.registerFlag("pkg-loud", { type: "boolean", description: "Shout (from a package)" }); }\n',
		});
		expect((await runPi(cli.world, ["install", pkg])).code).toBe(0);
		expect((await runPi(cli.world, ["--help"])).stdout).toMatch(
			/\nExtension flags:\n {2}--pkg-loud +Shout \(from a package\)\n$/,
		);
		cli.server.enqueue({ text: "ok" });
		expect(await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "--pkg-loud", "hi"])).toMatchObject({
			code: 0,
			stdout: "ok\n",
		});
		expect((await runPi(cli.world, ["remove", pkg])).code).toBe(0);
	});

	it("failures name the problem, exit 1 and leave settings.json byte-identical", async () => {
		const before = settingsText();
		const unknown = await runPi(cli.world, ["install", "pi-tools"]);
		expect(unknown).toMatchObject({ code: 1, stdout: "" });
		expect(unknown.stderr).toMatch(/^Error: Unknown package source "pi-tools": use npm:<name>/);
		const empty = writeTree(join(cli.world.cwd, "..", "empty-pkg"), { "README.md": "x" });
		const noResources = await runPi(cli.world, ["install", empty]);
		expect(noResources.stderr).toMatch(/^Error: Package .*empty-pkg has no resources: /);
		const usage = await runPi(cli.world, ["install"]);
		expect(usage).toMatchObject({
			code: 2,
			stderr: "Error: Missing package source. Usage: pi install <source> [-l]\n",
		});
		expect(settingsText()).toBe(before);
	});

	it("an extension of a package that fails to load or throws later is reported with its package", async () => {
		const pkg = writeTree(join(cli.world.cwd, "..", "bad-pkg"), {
			"extensions/bad.js": "export default function () { throw new Error('boom'); }\n",
			"extensions/late.js":
				"export default function (pi) { pi.on('session_start', () => { throw new Error('late'); }); }\n",
		});
		const before = settingsText();
		expect((await runPi(cli.world, ["install", pkg])).code).toBe(0);
		cli.server.enqueue({ text: "ok" });
		const run = await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(run.stderr).toContain(`Extension error (${join(pkg, "extensions", "bad.js")}): boom (package ../bad-pkg)`);
		// Also an error of a handler at run time (reported as an extension_error event).
		expect(run.stderr).toContain(`Extension error (${join(pkg, "extensions", "late.js")}): late (package ../bad-pkg)`);
		expect((await runPi(cli.world, ["remove", pkg])).code).toBe(0);
		expect(JSON.parse(settingsText()).packages).toEqual(JSON.parse(before).packages ?? []);
	});
});
