// Child process for crash.test.ts: appends entries forever and reports each completed append on stdout.
// Runs the built package (spawned processes use dist/).
// Usage: node crash-child.mjs create <dir> | open <file>
import { SessionManager } from "../../../dist/core/session/index.js";

const [mode, target] = process.argv.slice(2);
const manager =
	mode === "create"
		? SessionManager.create("/crash/test", target, { model: { provider: "faux", modelId: "m" }, thinkingLevel: "off" })
		: SessionManager.open(target, "/crash/test");

const write = (line) => process.stdout.write(`${line}\n`);
let counter = 0;

function appendOne() {
	counter++;
	const size = Math.floor(Math.random() * 8 * 1024);
	let id;
	switch (counter % 3) {
		case 0:
			id = manager.appendMessage({
				role: "user",
				content: [{ type: "text", text: `u${counter}` }],
				timestamp: Date.now(),
			});
			break;
		case 1:
			id = manager.appendMessage({
				role: "toolResult",
				toolCallId: `c${counter}`,
				toolName: "read",
				content: [{ type: "text", text: "x".repeat(size) }],
				isError: false,
				timestamp: Date.now(),
			});
			break;
		default:
			id = manager.appendCustomEntry("crash", { counter, pad: "y".repeat(size >> 4) });
	}
	// Reported only after the write call returned: whatever is reported must survive a kill.
	write(`OK ${id} ${manager.getEntry(id).parentId}`);
}

if (mode === "create") {
	manager.appendMessage({ role: "user", content: [{ type: "text", text: "start" }], timestamp: Date.now() });
	write(`FILE ${manager.getSessionFile()}`);
}
write(`LEAF ${manager.getLeafId()}`);
const loop = () => {
	appendOne();
	setImmediate(loop);
};
loop();
