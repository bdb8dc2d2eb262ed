#!/usr/bin/env node
/**
 * Stand-alone mock server, so a person can point pi (or any SDK) at scripted model answers:
 *
 *   node packages/ai/dist/testing/mock-server/cli.js --port 8787 --script turns.json [--loop]
 *
 * `turns.json` is a JSON array of MockTurn objects, answered in order (`--loop` starts over when they run out).
 * The URL is printed on stdout; each request is logged to stderr.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { startMockServer } from "./server.js";
import type { MockTurn } from "./types.js";

const USAGE = "Usage: cli.js --script <turns.json> [--port <n>] [--host <addr>] [--loop]";

async function main(): Promise<number> {
	const { values } = parseArgs({
		options: {
			port: { type: "string", default: "0" },
			host: { type: "string", default: "127.0.0.1" },
			script: { type: "string" },
			loop: { type: "boolean", default: false },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (values.help) {
		process.stdout.write(`${USAGE}\n`);
		return 0;
	}
	let turns: MockTurn[] = [];
	if (values.script) {
		try {
			turns = JSON.parse(await readFile(values.script, "utf8"));
		} catch (error) {
			process.stderr.write(`Cannot read the script ${values.script}: ${(error as Error).message}\n${USAGE}\n`);
			return 2;
		}
		if (!Array.isArray(turns)) {
			process.stderr.write(`The script must be a JSON array of turns.\n${USAGE}\n`);
			return 2;
		}
	}
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0) {
		process.stderr.write(`--port must be a non-negative integer.\n${USAGE}\n`);
		return 2;
	}
	const server = await startMockServer({
		port,
		host: values.host,
		onRequest: (request) => {
			process.stderr.write(`${request.method} ${request.path} (${request.protocol}) ${JSON.stringify(request.body)}\n`);
			if (values.loop && server.pending === 0) server.enqueue(...turns);
		},
	});
	server.enqueue(...turns);
	process.stdout.write(`${server.url}\n`);
	const stop = () => void server.close().then(() => process.exit(0));
	process.on("SIGINT", stop);
	process.on("SIGTERM", stop);
	return -1;
}

main().then((code) => {
	if (code >= 0) process.exit(code);
});
