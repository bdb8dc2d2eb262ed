// API keys never leak: one key from an environment variable named by models.json, one literal in models.json, one
// in auth.json, one from a models.json `!command`, and OPENAI_API_KEY set in the environment (a provider variable pi
// knows, unused here). Each provider runs `pi -p` whose model calls the bash tool with `env` and with an `echo` of
// the variables; one more run gets an HTTP 401 whose message echoes the key, as some providers do. Then every
// session is exported to HTML. No key may appear in: what the tools returned to the model (the bash tool's
// environment, docs/tools.md), session files, HTML exports, stdout/stderr of every run (logs, error messages), or any
// other file pi wrote in the agent dir or project.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, modelFor, modelsJson, runPi, sessionFiles } from "../lib/world.mjs";

export const budgetMs = 3 * 60_000;

const token = (label) => `sk-${label}-${randomBytes(12).toString("hex")}`;

/** Every file under `dir`, recursively. */
function walk(dir) {
	const out = [];
	for (const name of readdirSync(dir)) {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) out.push(...walk(path));
		else out.push(path);
	}
	return out;
}

export async function run() {
	const secrets = {
		"env var named by models.json": token("env"),
		"models.json literal": token("models"),
		"auth.json": token("auth"),
		"models.json !command": token("cmd"),
		"OPENAI_API_KEY (unused)": token("openaienv"),
	};
	const server = await startFaultServer();
	const models = modelsJson(server.url, {
		"mock-openai": "FAULT_SECRET_ENV",
		"mock-responses": secrets["models.json literal"],
		"mock-anthropic": "placeholder-overridden-by-auth",
		"mock-google": `!echo ${secrets["models.json !command"]}`,
	});
	const world = createWorld(server.url, { models });
	writeFileSync(
		join(world.agentDir, "auth.json"),
		JSON.stringify({ "mock-anthropic": { type: "api_key", key: secrets["auth.json"] } }),
	);
	const env = {
		FAULT_SECRET_ENV: secrets["env var named by models.json"],
		OPENAI_API_KEY: secrets["OPENAI_API_KEY (unused)"],
	};
	const expectedKey = {
		"openai-completions": secrets["env var named by models.json"],
		"openai-responses": secrets["models.json literal"],
		"anthropic-messages": secrets["auth.json"],
		"google-generative-ai": secrets["models.json !command"],
	};
	const outputs = [];
	const toolResults = [];
	const notes = [];
	let keysUsed = 0;
	try {
		for (const [api, key] of Object.entries(expectedKey)) {
			server.reset();
			server.enqueue(
				{ toolCalls: [{ id: "call_env", name: "bash", arguments: { command: "env" } }] },
				{
					toolCalls: [
						{ id: "call_echo", name: "bash", arguments: { command: 'echo "[$FAULT_SECRET_ENV][$OPENAI_API_KEY]"' } },
					],
				},
				{ text: "done" },
			);
			const result = await runPi(world, ["-p", "--model", modelFor(api), "show me the environment"], { env });
			outputs.push(result.stdout, result.stderr);
			if (result.code !== 0) notes.push(`${api}: pi -p exited ${result.code}: ${result.stderr.trim().slice(0, 200)}`);
			const sent = JSON.stringify(server.requests.map((r) => r.headers));
			if (sent.includes(key)) keysUsed++;
			else notes.push(`${api}: the request did not carry the configured key (case broken)`);
			// What the model was given back: every request body after the tool calls.
			toolResults.push(JSON.stringify(server.requests.slice(1).map((r) => r.body)));
		}
		// A provider error that echoes the key.
		server.reset();
		server.enqueue({
			httpError: {
				status: 401,
				type: "invalid_request_error",
				message: `Incorrect API key provided: ${secrets["env var named by models.json"]}`,
			},
		});
		const failed = await runPi(world, ["-p", "--model", modelFor("openai-completions"), "fail please"], { env });
		outputs.push(failed.stdout, failed.stderr);

		for (const [index, file] of sessionFiles(world).entries()) {
			const html = join(world.root, `export-${index}.html`);
			const exported = await runPi(world, ["--export", file, html], { env });
			outputs.push(exported.stdout, exported.stderr);
			if (exported.code !== 0) notes.push(`export of ${file} exited ${exported.code}: ${exported.stderr.trim()}`);
		}

		const where = {
			"tool results sent to the model": toolResults.join("\n"),
			"stdout/stderr": outputs.join("\n"),
		};
		const skip = new Set([join(world.agentDir, "models.json"), join(world.agentDir, "auth.json")]);
		for (const file of walk(world.root)) {
			if (skip.has(file)) continue;
			where[file.replace(world.root, "<world>")] = readFileSync(file, "latin1");
		}
		const leaks = [];
		for (const [source, secret] of Object.entries(secrets)) {
			for (const [place, text] of Object.entries(where)) if (text.includes(secret)) leaks.push(`${source} in ${place}`);
		}
		// The echo ran and printed both variables empty: the bash tool's environment lacks them (not merely redacted).
		const echoedEmpty = toolResults.filter((text) => text.includes("[][]")).length;
		notes.push(`bash echo of both variables printed "[][]" in ${echoedEmpty}/4 runs`);
		const exports = Object.keys(where).filter((place) => place.endsWith(".html")).length;
		const sessions = Object.keys(where).filter((place) => place.endsWith(".jsonl")).length;
		notes.push(`searched ${Object.keys(where).length} places (${sessions} session files, ${exports} HTML exports)`);
		for (const leak of leaks.slice(0, 6)) notes.push(`LEAK: ${leak}`);
		return [
			row("secrets: 5 keys in env, models.json, auth.json, !command", {
				trials: Object.keys(where).length,
				outcomes: `${leaks.length} leaks; ${keysUsed}/4 keys used by the requests`,
				goal: "0 leaks; 4/4 used",
				met: leaks.length === 0 && keysUsed === 4 && exports > 0 && echoedEmpty === 4,
				notes,
			}),
		];
	} finally {
		await server.close();
		world.cleanup();
	}
}
