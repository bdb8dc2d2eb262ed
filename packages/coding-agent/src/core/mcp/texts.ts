/**
 * Every user- and model-visible text of the MCP client in one place, so tests can assert them and a change of
 * wording happens once.
 */

/** Texts about configuration files (warnings name the file and the field, like settings.json does). */
export const mcpConfigTexts = {
	ignoredFile: (file: string, reason: string) => `Ignoring ${file}: ${reason}`,
	notAnObject: "the content is not a JSON object",
	noServersObject: '"mcpServers" is not an object',
	ignoredServer: (file: string, name: string, reason: string) => `Ignoring MCP server "${name}" in ${file}: ${reason}`,
	ignoredField: (file: string, name: string, field: string, expected: string) =>
		`Ignoring field "${field}" of MCP server "${name}" in ${file}: expected ${expected}`,
	badName: "its name may only contain letters, digits, '-' and '_'",
	noTransport: 'it has neither "command" (stdio) nor "url" (HTTP)',
	bothTransports: 'it has both "command" and "url"; keep one',
	badUrl: (url: string) => `"url" is not an http(s) URL: ${url}`,
	unknownType: (type: string) => `unknown "type" ${JSON.stringify(type)} (stdio, http or sse)`,
	typeMismatch: (type: string) =>
		type === "stdio" ? '"type" is "stdio" but there is no "command"' : `"type" is "${type}" but there is no "url"`,
} as const;

/** Texts about servers and their state (warnings, /mcp, errors of tool calls). */
export const mcpTexts = {
	startFailed: (server: string, reason: string) =>
		`MCP server "${server}" could not start: ${reason}. Its tools are unavailable; /mcp shows its state.`,
	died: (server: string, reason: string) =>
		`MCP server "${server}" stopped: ${reason}. Its tools were removed; /mcp reconnect ${server} starts it again.`,
	startupTimeout: (ms: number) => `no answer within ${ms} ms (raise "startupTimeout" in mcp.json if it is slow)`,
	exited: (detail: string) => (detail ? `the connection closed (${detail})` : "the connection closed"),
	httpFailure: (message: string, status: number) => `${message.replace(/[:\s]+$/, "")} (HTTP ${status})`,
	noCwd: (cwd: string) => `its working directory ${cwd} does not exist (check "cwd" in mcp.json)`,
	spawnFailed: (command: string, reason: string) => `could not run ${JSON.stringify(command)}: ${reason}`,
	garbage: (server: string) =>
		`MCP server "${server}" wrote output that is not MCP protocol (JSON-RPC) on stdout; pi ignores such lines. A server must log to stderr.`,
	toolSkipped: (server: string, tool: string, reason: string) =>
		`MCP server "${server}": tool "${tool}" skipped: ${reason}`,
	schemaNotObject: 'its input schema is not a JSON object schema with "type": "object"',
	schemaNotJson: "its input schema cannot be sent as JSON",
	nameTooLong: (name: string, max: number) => `the tool name "${name}" is longer than ${max} characters`,
	duplicateName: (name: string) => `another tool is already named "${name}"`,
	/** Model-visible: the tool's server is not connected when the tool is called. */
	notConnected: (server: string) =>
		`MCP server "${server}" is not connected, so this tool is unavailable right now. Continue without it.`,
	/** Model-visible: the call took longer than the server's timeout. */
	callTimeout: (server: string, tool: string, ms: number) =>
		`MCP tool "${tool}" of server "${server}" did not answer within ${ms} ms; the call was cancelled.`,
	/** Model-visible: the server went away during the call. */
	callLost: (server: string, reason: string) => `MCP server "${server}" failed during the call: ${reason}`,
	/** Model-visible: the server answered the call with a protocol error. */
	callFailed: (server: string, tool: string, reason: string) =>
		`MCP tool "${tool}" of server "${server}" failed: ${reason}`,
	/** Model-visible: the user aborted the call. */
	callCancelled: "The MCP tool call was cancelled.",
	/** Model-visible: appended when a result's text was cut to the output limit. */
	truncated: (shownBytes: number, totalBytes: number) =>
		`[MCP output truncated: the first ${shownBytes} of ${totalBytes} bytes are shown. Ask the tool for less, e.g. a narrower query or a page.]`,
	/** Model-visible: an error result without any text. */
	emptyError: "The MCP tool reported an error without a message.",
	/** Text stand-ins for content pi cannot pass on as text or image. */
	audioOmitted: (mimeType: string) => `[audio content (${mimeType}) omitted]`,
	resourceLink: (uri: string, name?: string) => `[resource${name ? ` ${name}` : ""}: ${uri}]`,
	binaryResource: (uri: string, mimeType?: string) =>
		`[binary resource ${uri}${mimeType ? ` (${mimeType})` : ""} omitted]`,
	unknownServer: (name: string, known: string[]) =>
		known.length > 0
			? `No MCP server named "${name}". Configured: ${known.join(", ")}.`
			: `No MCP server named "${name}": no MCP servers are configured (see docs/mcp.md).`,
} as const;
