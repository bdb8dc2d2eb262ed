// Malformed settings.json, models.json, auth.json and keybindings.json in the agent dir: bad JSON, wrong types, a
// directory where the file should be, and a file without read permission (as root, which reads such a file anyway,
// those variants run pi as uid 65534 through setpriv). settings,
// models and auth are read by a one-shot `pi -p` against the mock server; keybindings.json only by the terminal UI,
// so that file (and settings.json a second time, since the UI writes settings: Ctrl+P switches the model, which is
// saved) is checked with `pi` in a pty.
// Per variant: pi ends by itself (no hang, no stack trace), a message names the file (and the field, for wrong
// types), and the file is left byte-identical (a directory stays an empty directory). The exit code is reported.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { plainText, startPiInPty } from "../lib/pty.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, FAST_SETTINGS, giveToNobody, modelFor, modelsJson, runPi, sleep, until } from "../lib/world.mjs";

export const budgetMs = 5 * 60_000;
const API = "openai-completions";
const REPLY = "config survived";
const AS_ROOT = process.getuid?.() === 0;

/** The variants of one file: `content` (string), `directory: true` or `unreadable: true`, and the field to name. */
function variants(serverUrl) {
	const models = modelsJson(serverUrl);
	const settings = { ...FAST_SETTINGS, defaultProvider: "mock-openai", defaultModel: "mock-model" };
	const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
	return {
		"settings.json": {
			valid: json(settings),
			cases: [
				{ name: "bad JSON", content: '{"retry": {"maxRetries": 1,\n' },
				{
					name: "wrong types",
					content: json({ ...settings, retry: { baseDelayMs: 1, maxRetries: "three" }, theme: 7 }),
					field: "retry.maxRetries",
				},
				{ name: "a directory", directory: true },
				{ name: "unreadable", unreadable: true },
			],
		},
		"models.json": {
			valid: json(models),
			cases: [
				{ name: "bad JSON", content: json(models).slice(0, 200) },
				{
					name: "wrong types",
					content: json({
						providers: {
							...models.providers,
							broken: { api: "openai-completions", baseUrl: 42, apiKey: "k", models: [{ id: 7 }] },
						},
					}),
					field: "broken",
				},
				{ name: "a directory", directory: true },
				{ name: "unreadable", unreadable: true },
			],
		},
		"auth.json": {
			valid: json({}),
			cases: [
				{ name: "bad JSON", content: '{"mock-openai": {"type": "api_key", "key": ' },
				{
					name: "wrong types",
					content: json({ "mock-openai": { type: "api_key", key: 42 }, "mock-google": "a string" }),
					field: "mock-openai",
				},
				{ name: "a directory", directory: true },
				{ name: "unreadable", unreadable: true },
			],
		},
		"keybindings.json": {
			valid: undefined,
			cases: [
				{ name: "bad JSON", content: '{"interrupt": ["escape"' },
				{ name: "wrong types", content: json({ interrupt: 42, exit: { key: "ctrl+d" } }), field: "interrupt" },
				{ name: "a directory", directory: true },
				{ name: "unreadable", unreadable: true },
			],
		},
	};
}

/** Puts the variant in place; returns a function telling whether it is still exactly as written. */
function plant(path, variant) {
	rmSync(path, { recursive: true, force: true });
	if (variant.directory) {
		mkdirSync(path);
		return () => existsSync(path) && statSync(path).isDirectory() && readdirSync(path).length === 0;
	}
	const content = variant.content ?? '{"valid": "json but unreadable"}\n';
	writeFileSync(path, content);
	if (variant.unreadable) chmodSync(path, 0o000);
	return () => {
		if (!existsSync(path)) return false;
		const same = readFileSync(path, "utf8") === content;
		return variant.unreadable ? same && (statSync(path).mode & 0o777) === 0 : same;
	};
}

/** Whether the file at `path` equals the variant's JSON content except for defaultProvider/defaultModel. */
function keptExceptModel(path, variant) {
	if (variant.content === undefined || variant.unreadable) return false;
	const strip = (text) => {
		const { defaultProvider: _p, defaultModel: _m, ...rest } = JSON.parse(text);
		return JSON.stringify(rest);
	};
	try {
		return strip(readFileSync(path, "utf8")) === strip(variant.content);
	} catch {
		return false;
	}
}

/** Runs `pi -p` (or the UI in a pty) with the variant planted; returns what the row needs. */
async function check(server, world, file, variant, { pty, asNobody }) {
	const path = join(world.agentDir, file);
	const unchanged = plant(path, variant);
	const env = asNobody ? giveToNobody(world) : {};
	const notes = [];
	server.reset();
	server.enqueue({ text: REPLY });
	let text;
	let exit;
	let ended;
	if (pty) {
		const term = await startPiInPty(world, [], { cols: 400, rows: 40, env, asNobody });
		try {
			await until(() => term.output().includes("\x1b[?2004h") || /PI-EXIT/.test(term.output()), 20_000, "the UI");
			await sleep(800);
			if (file === "settings.json") {
				// Ctrl+P switches the model, which saves defaultProvider/defaultModel: a write over the broken file.
				term.write("\x10");
				await sleep(800);
			}
			process.kill(await term.piPid(), "SIGTERM");
			ended = await Promise.race([term.exited.then(() => true), sleep(10_000).then(() => false)]);
		} finally {
			term.kill();
		}
		text = plainText(term.output());
		exit = /PI-EXIT:(\d+)/.exec(term.output())?.[1] ?? "?";
	} else {
		const result = await runPi(world, ["-p", "--model", modelFor(API), "hello"], { timeoutMs: 30_000, env, asNobody });
		text = result.stderr + result.stdout;
		exit = result.timedOut ? "timeout" : String(result.code);
		ended = !result.timedOut;
	}
	const problems = [];
	if (!ended) problems.push("did not end");
	if (/\n\s+at .+:\d+:\d+/.test(text)) problems.push("stack trace");
	if (!text.includes(file)) problems.push("file not named");
	if (variant.field && !text.includes(variant.field)) problems.push(`field ${variant.field} not named`);
	// In the UI, Ctrl+P saved the model it switched to. Into a valid JSON file that is allowed, as long as only the
	// model keys changed and the user's wrong-typed values are still there as written; a broken file stays as it is.
	const saved = pty && file === "settings.json" && keptExceptModel(path, variant);
	if (!unchanged() && !saved) problems.push("file changed");
	if (saved && !unchanged()) notes.push("the model switch was saved; every other value kept as written");
	if (variant.unreadable) chmodSync(path, 0o600);
	const message = text
		.split("\n")
		.find((line) => line.includes(file))
		?.trim();
	return { exit, problems, message, notes, kept: saved && !unchanged() ? "model saved, rest kept" : "unchanged" };
}

export async function run() {
	const server = await startFaultServer();
	const all = variants(server.url);
	const rows = [];
	for (const [file, { valid, cases }] of Object.entries(all)) {
		for (const variant of cases) {
			const modes = file === "keybindings.json" ? [true] : file === "settings.json" ? [false, true] : [false];
			for (const pty of modes) {
				const name = `${file}: ${variant.name}${pty ? " (terminal UI)" : ""}`;
				const world = createWorld(server.url, {
					settings: { ...FAST_SETTINGS, defaultProvider: "mock-openai", defaultModel: "mock-model" },
				});
				try {
					if (valid !== undefined) writeFileSync(join(world.agentDir, file), valid);
					// Root reads a mode-000 file: the unreadable variants run pi as an unprivileged user instead.
					const asNobody = Boolean(variant.unreadable && AS_ROOT);
					const result = await check(server, world, file, variant, { pty, asNobody });
					if (asNobody) result.notes.push("run as uid 65534 through setpriv (root would read the file)");
					rows.push(
						row(name, {
							trials: 1,
							outcomes:
								result.problems.length === 0
									? `exit ${result.exit}, named, ${result.kept}`
									: `exit ${result.exit}: ${result.problems.join(", ")}`,
							goal: "named, unchanged",
							met: result.problems.length === 0,
							notes: [...(result.message ? [`message: ${result.message.slice(0, 220)}`] : []), ...result.notes],
						}),
					);
				} finally {
					world.cleanup();
				}
			}
		}
	}
	await server.close();
	return rows;
}
