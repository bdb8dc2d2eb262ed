/**
 * /mcp: each MCP server's state and tools, and reconnecting, enabling or disabling one for this session
 * (docs/mcp.md). `/mcp` alone shows the list and offers a server picker, then its actions;
 * `/mcp reconnect|enable|disable <server>` and `/mcp tools [server]` do it directly.
 */
import { type McpManager, type McpServerStatus, mcpTexts } from "../../../core/mcp/index.js";
import type { CommandRun, ModeContext } from "./types.js";

/** Texts of /mcp. */
export const MCP_COMMAND_TEXT = {
	none: "No MCP servers are configured. Add them to ~/.pi/agent/mcp.json or .pi/mcp.json (see docs/mcp.md).",
	usage: "Usage: /mcp [tools [server] | reconnect <server> | enable <server> | disable <server>]",
	heading: "MCP servers",
	pickServer: "MCP server",
	pickAction: (server: string) => `MCP server ${server}`,
	working: (action: string, server: string) => `${action} MCP server ${server}…`,
	result: (status: McpServerStatus) =>
		status.state === "connected"
			? `MCP server ${status.name}: connected, ${toolCount(status.tools.length)}`
			: `MCP server ${status.name}: ${status.state}${status.error ? ` (${status.error})` : ""}`,
	noTools: "(no tools)",
} as const;

const ACTIONS = {
	reconnect: { label: "Reconnect", run: (mcp: McpManager, name: string) => mcp.reconnect(name) },
	enable: { label: "Enable", run: (mcp: McpManager, name: string) => mcp.enable(name) },
	disable: { label: "Disable", run: (mcp: McpManager, name: string) => mcp.disable(name) },
} as const;
type ActionName = keyof typeof ACTIONS;

function toolCount(count: number): string {
	return count === 1 ? "1 tool" : `${count} tools`;
}

/** One server's line: name, state, transport, tool count, and the reason when it failed. */
function statusLine(status: McpServerStatus): string {
	const tools = status.state === "connected" ? ` · ${toolCount(status.tools.length)}` : "";
	const error = status.error ? `\n  ${status.error.split("\n").join("\n  ")}` : "";
	return `- **${status.name}**: ${status.state} · ${status.transport}${tools}${error}`;
}

function statusMarkdown(servers: readonly McpServerStatus[]): string {
	return [`**${MCP_COMMAND_TEXT.heading}**`, "", ...servers.map(statusLine)].join("\n");
}

function toolsMarkdown(servers: readonly McpServerStatus[]): string {
	return servers
		.map((server) => {
			const tools = server.tools.length > 0 ? server.tools.map((tool) => `- ${tool}`) : [MCP_COMMAND_TEXT.noTools];
			return [`**${server.name}** (${server.state})`, ...tools].join("\n");
		})
		.join("\n\n");
}

/** Runs an action and reports the server's state afterwards. */
async function runAction(context: ModeContext, mcp: McpManager, action: ActionName, name: string): Promise<void> {
	context.notify("info", MCP_COMMAND_TEXT.working(ACTIONS[action].label, name));
	const status = await ACTIONS[action].run(mcp, name);
	context.notify(status.state === "failed" ? "error" : "success", MCP_COMMAND_TEXT.result(status));
	context.refreshFooter();
}

/** The picker path of `/mcp`: a server, then what to do with it. */
async function pickAndRun(context: ModeContext, mcp: McpManager): Promise<void> {
	const servers = mcp.getStatus();
	const name = await context.dialogs.select(
		MCP_COMMAND_TEXT.pickServer,
		servers.map((server) => ({
			value: server.name,
			label: server.name,
			description: `${server.state} · ${server.transport}${server.state === "connected" ? ` · ${toolCount(server.tools.length)}` : ""}`,
		})),
	);
	if (!name) return;
	const state = servers.find((server) => server.name === name)?.state;
	const offered: ActionName[] = state === "disabled" ? ["enable"] : ["reconnect", "disable"];
	const action = await context.dialogs.select(
		MCP_COMMAND_TEXT.pickAction(name),
		offered.map((value) => ({ value, label: ACTIONS[value].label })),
	);
	if (action) await runAction(context, mcp, action as ActionName, name);
}

/** The implementation of /mcp. */
export const mcpCommandRuns = {
	async mcp(context, args) {
		const mcp = context.session.mcp;
		if (!mcp) {
			context.notify("info", MCP_COMMAND_TEXT.none);
			return;
		}
		const [verb, name, ...rest] = args.split(/\s+/).filter(Boolean);
		if (!verb) {
			context.showMarkdown(statusMarkdown(mcp.getStatus()));
			await pickAndRun(context, mcp);
			return;
		}
		if (verb === "tools" && rest.length === 0) {
			const all = mcp.getStatus();
			const servers = all.filter((server) => !name || server.name === name);
			if (name && servers.length === 0) {
				context.notify(
					"error",
					mcpTexts.unknownServer(
						name,
						all.map((server) => server.name),
					),
				);
				return;
			}
			context.showMarkdown(toolsMarkdown(servers));
			return;
		}
		if (verb in ACTIONS && name && rest.length === 0) {
			await runAction(context, mcp, verb as ActionName, name);
			return;
		}
		context.notify("error", MCP_COMMAND_TEXT.usage);
	},
} satisfies Record<string, CommandRun>;
