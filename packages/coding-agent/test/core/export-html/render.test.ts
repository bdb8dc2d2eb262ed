import { describe, expect, it } from "vitest";
import { exportMessages, renderSessionHtml } from "../../../src/core/export-html/index.js";
import type { SessionEntry, SessionHeader } from "../../../src/core/session/index.js";
import { assistant, buildBranchedSession, call, makeTempDir, PNG_BASE64, result, user } from "./fixture.js";

const header: SessionHeader = {
	type: "session",
	version: 3,
	id: "0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f",
	timestamp: "2026-01-05T09:00:00.000Z",
	cwd: "/home/alice/proj",
};

/** A linear chain of entries built from payloads (ids e1, e2, ...; one second apart). */
function chain(payloads: Record<string, unknown>[]): SessionEntry[] {
	return payloads.map(
		(payload, i) =>
			({
				id: `e${i + 1}`,
				parentId: i === 0 ? null : `e${i}`,
				timestamp: new Date(Date.UTC(2026, 0, 5, 9, 0, i)).toISOString(),
				...payload,
			}) as unknown as SessionEntry,
	);
}

function render(entries: SessionEntry[], leafId = entries.at(-1)?.id ?? null): string {
	return renderSessionHtml({ header, entries, leafId });
}

/** The HTML of the conversation area only (between its container and the data block). */
function conversation(html: string): string {
	const start = html.indexOf('<div id="conversation">');
	const end = html.indexOf('<script type="application/json"');
	return html.slice(start, end);
}

/** The fragment of one entry in the conversation (from its opening tag to the next entry). */
function fragment(html: string, id: string): string {
	const convo = conversation(html);
	const at = convo.indexOf(`id="e-${id}"`);
	expect(at, `fragment of ${id}`).toBeGreaterThan(-1);
	const start = convo.lastIndexOf("<", at);
	const next = convo.indexOf('id="e-', at + 1);
	return convo.slice(start, next === -1 ? undefined : convo.lastIndexOf("<", next));
}

const INJECTION = "</script><script>alert(1)</script><img src=x onerror=alert(2)><b>bold</b>";

describe("escaping", () => {
	const entries = chain([
		{ type: "message", message: user(INJECTION) },
		{ type: "message", message: assistant({ text: INJECTION, calls: [call("t1", "bash", { command: INJECTION })] }) },
		{ type: "message", message: result("t1", "bash", INJECTION) },
		{ type: "session_info", name: INJECTION },
		{ type: "label", targetId: "e1", label: INJECTION },
	]);
	const html = render(entries);

	it("has exactly the page's two script elements, however often the session contains </script><script>", () => {
		expect(html.match(/<script/gi)).toHaveLength(2);
		expect(html.match(/<\/script>/gi)).toHaveLength(2);
		expect(html).not.toContain("<script>alert");
		expect(html).not.toMatch(/<img src=x/i);
		expect(html).not.toContain("<b>bold</b>");
	});

	it("shows markup in messages, tool calls, outputs, names and labels as text", () => {
		const escaped =
			"&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&lt;b&gt;bold&lt;/b&gt;";
		expect(fragment(html, "e1")).toContain(escaped);
		expect(fragment(html, "e2")).toContain(escaped);
		expect(fragment(html, "e2")).toContain(`$ ${escaped}`);
		expect(html).toContain(`<title>${escaped}</title>`);
		expect(html).toContain(`<span class="label">${escaped}</span>`);
	});

	it("embeds the entries as JSON that a script block cannot terminate and that parses back unchanged", () => {
		const match = /<script type="application\/json" id="pi-session-data">([\s\S]*?)<\/script>/.exec(html);
		expect(match).not.toBeNull();
		const json = match?.[1] ?? "";
		expect(json).not.toMatch(/[<>]/);
		const data = JSON.parse(json);
		expect(data.entries[0].message.content[0].text).toBe(INJECTION);
		expect(data.leafId).toBe("e5");
		expect(data.labels).toEqual({ e1: INJECTION });
	});

	it("renders markdown without passing raw HTML or script links through", () => {
		const markdown = chain([
			{
				type: "message",
				message: assistant({
					text: '# Title\n\n<div onclick="x()">raw</div>\n\n[bad](javascript:alert(1)) [good](https://example.com) ![pic](https://example.com/a.png)\n\n```ts\nconst a = 1 < 2;\n```',
				}),
			},
		]);
		const body = fragment(render(markdown), "e1");
		expect(body).toContain("<h1>Title</h1>");
		expect(body).toContain("&lt;div onclick=&quot;x()&quot;&gt;raw&lt;/div&gt;");
		expect(body).not.toContain("javascript:");
		expect(body).toContain('<a href="https://example.com" rel="noopener noreferrer">good</a>');
		expect(body).not.toMatch(/<img[^>]*example\.com/);
		expect(body).toContain("const a = 1 &lt; 2;");
	});

	it("only embeds raster images given as base64 data URIs", () => {
		const images = chain([
			{
				type: "message",
				message: {
					role: "user",
					content: [
						{ type: "image", mimeType: "image/png", data: PNG_BASE64 },
						{ type: "image", mimeType: "image/svg+xml", data: "PHN2Zz48L3N2Zz4=" },
						{ type: "image", mimeType: "image/png", data: '"><script>alert(1)</script>' },
					],
					timestamp: 1,
				},
			},
		]);
		const body = fragment(render(images), "e1");
		expect(body.match(/<img /g)).toHaveLength(1);
		expect(body).toContain(`src="data:image/png;base64,${PNG_BASE64}"`);
		expect(body).toContain(exportMessages.invalidImage("image/svg+xml"));
	});

	it("forbids every script but its own and all network loads through a Content-Security-Policy", () => {
		expect(html).toMatch(
			/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'sha256-[A-Za-z0-9+/=]+'">/,
		);
	});
});

describe("entry types and message roles", () => {
	const entries = chain([
		{ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" },
		{ type: "thinking_level_change", thinkingLevel: "high" },
		{ type: "session_info", name: "Refactor" },
		{ type: "message", message: user("hello there", true) },
		{
			type: "message",
			message: assistant({
				thinking: "pondering deeply",
				text: "Some **bold** answer",
				calls: [
					call("r1", "read", { path: "src/a.ts", offset: 10, limit: 5 }),
					call("w1", "write", { file_path: "notes.md", content: "# Notes\n" }),
					call("g1", "grep", { pattern: "TODO", path: "src" }),
					call("x1", "mcp_search", { query: "q" }),
				],
			}),
		},
		{ type: "message", message: result("r1", "read", "    10\tline ten") },
		{ type: "message", message: result("w1", "write", "Created notes.md (8 bytes)") },
		{ type: "message", message: result("g1", "grep", "No matches found") },
		{ type: "message", message: result("x1", "mcp_search", "Tool mcp_search failed badly", { isError: true }) },
		{
			type: "message",
			message: {
				role: "bashExecution",
				command: "ls nope",
				output: "ls: cannot access 'nope'",
				exitCode: 2,
				cancelled: false,
				truncated: true,
				fullOutputPath: "/tmp/pi-bash-1.log",
				excludeFromContext: true,
				timestamp: 1,
			},
		},
		{
			type: "compaction",
			summary: "## Goal\nShip it",
			firstKeptEntryId: "e4",
			tokensBefore: 183000,
			details: { readFiles: ["src/a.ts"], modifiedFiles: ["notes.md"] },
		},
		{ type: "branch_summary", fromId: "abcd1234", summary: "Tried *another* way" },
		{ type: "custom_message", customType: "reminder", content: "Remember the tests", display: true },
		{ type: "custom_message", customType: "secret-state", content: "invisible", display: false },
		{ type: "custom", customType: "ext-state", data: { a: 1 } },
		{ type: "label", targetId: "e4", label: "start" },
		{ type: "future_type", something: 1 },
		{
			type: "message",
			message: { ...assistant({ text: "partial" }), stopReason: "error", errorMessage: "Provider overloaded (529)" },
		},
	]);
	const html = render(entries);
	const text = (id: string) => fragment(html, id);

	it("renders model, thinking level and session name changes as notes", () => {
		expect(text("e1")).toContain("Model: anthropic/claude-sonnet-4-5");
		expect(text("e2")).toContain("Thinking level: high");
		expect(text("e3")).toContain("Session named “Refactor”");
	});

	it("renders user text verbatim and images as data URIs", () => {
		expect(text("e4")).toContain('class="entry entry-user"');
		expect(text("e4")).toContain("hello there");
		expect(text("e4")).toContain(`src="data:image/png;base64,${PNG_BASE64}"`);
	});

	it("renders assistant markdown, a collapsible thinking block, usage and the model", () => {
		const body = text("e5");
		expect(body).toContain("<strong>bold</strong>");
		expect(body).toMatch(
			/<details class="thinking"><summary>Thinking<\/summary><div class="text">pondering deeply<\/div><\/details>/,
		);
		expect(body).toContain("anthropic/claude-sonnet-4-5");
		expect(body).toContain("↑1000 ↓200 · $0.0123");
	});

	it("shows each tool call with its arguments and its result inside the call", () => {
		const body = text("e5");
		expect(body).toContain("<code>src/a.ts:10-14</code>");
		expect(body).toContain("line ten");
		expect(body).toContain("# Notes");
		expect(body).toContain("Created notes.md (8 bytes)");
		expect(body).toContain("<code>TODO in src</code>");
		expect(body).toContain("&quot;query&quot;: &quot;q&quot;");
		expect(body).toMatch(/<div class="tool tool-mcp_search error">/);
		expect(body).toContain('<pre class="output error">Tool mcp_search failed badly</pre>');
		// Paired results leave only an empty anchor of their own.
		expect(text("e6")).toMatch(/^<div class="entry entry-paired" id="e-e6" data-id="e6" data-owner="e5"><\/div>/);
	});

	it("renders user shell commands with output, exit code, truncation and exclusion", () => {
		const body = text("e10");
		expect(body).toContain("User shell command");
		expect(body).toContain("$ ls nope");
		expect(body).toContain("ls: cannot access &#39;nope&#39;");
		expect(body).toContain("exit code 2 · output truncated; full output in /tmp/pi-bash-1.log · not sent to the model");
	});

	it("renders compaction and branch summaries with their files", () => {
		expect(text("e11")).toContain("Earlier conversation compacted (183,000 tokens before)");
		expect(text("e11")).toContain("<h2>Goal</h2>");
		expect(text("e11")).toContain("<code>src/a.ts</code>");
		expect(text("e12")).toContain("Came back from abcd1234");
		expect(text("e12")).toContain("<em>another</em>");
	});

	it("renders extension messages, hidden ones as a note, extension state, labels and unknown types", () => {
		expect(text("e13")).toContain("Remember the tests");
		expect(text("e14")).toContain("Extension message (hidden in the UI): secret-state");
		expect(text("e14")).not.toContain("invisible");
		expect(text("e15")).toContain("Extension state: ext-state");
		expect(text("e16")).toContain("Label “start” set on e4");
		expect(text("e17")).toContain("Entry of unknown type “future_type”");
	});

	it("shows assistant errors in red", () => {
		expect(text("e18")).toContain('<div class="error-box">Provider overloaded (529)</div>');
	});

	it("shows header info and usage totals over the whole session", () => {
		expect(html).toContain("<dt>Session id</dt><dd>0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f</dd>");
		expect(html).toContain("<dt>Working directory</dt><dd>/home/alice/proj</dd>");
		expect(html).toContain("<dt>Created</dt><dd>2026-01-05T09:00:00.000Z</dd>");
		expect(html).toContain("<dt>Tokens</dt><dd>2,400 (↑2,000 ↓400 cache read 0 cache write 0)</dd>");
		expect(html).toContain("<dt>Cost</dt><dd>$0.0246</dd>");
		expect(html).toContain("<title>Refactor</title>");
	});
});

describe("edit diffs", () => {
	it("colours additions, deletions, hunk and file headers of details.diff", () => {
		const { manager } = buildBranchedSession(makeTempDir());
		const html = renderSessionHtml({
			header: manager.getHeader(),
			entries: [...manager.getEntries()],
			leafId: manager.getLeafId(),
		});
		expect(html).toContain('<span class="diff-file">--- src/config.ts</span>');
		expect(html).toContain('<span class="diff-hunk">@@ -1,4 +1,4 @@</span>');
		expect(html).toContain('<span class="diff-del">-  port: 3000,</span>');
		expect(html).toContain('<span class="diff-add">+  port: Number(process.env.PORT ?? 3000),</span>');
		expect(html).toContain('<span class="diff-ctx">   host: &quot;localhost&quot;,</span>');
	});

	it("shows the edit's old and new text as removed and added lines when no diff was recorded", () => {
		const entries = chain([
			{
				type: "message",
				message: assistant({
					calls: [call("e", "edit", { file_path: "a.ts", oldText: "old line", newText: "new line" })],
				}),
			},
			{ type: "message", message: result("e", "edit", "Could not find old_string in a.ts", { isError: true }) },
		]);
		const body = fragment(render(entries), "e1");
		expect(body).toContain('<span class="diff-del">-old line</span>');
		expect(body).toContain('<span class="diff-add">+new line</span>');
		expect(body).toContain('<pre class="output error">Could not find old_string in a.ts</pre>');
	});
});

describe("the tree of a branched session", () => {
	const session = () => {
		const built = buildBranchedSession(makeTempDir());
		const entries = [...built.manager.getEntries()];
		return {
			built,
			entries,
			html: renderSessionHtml({ header: built.manager.getHeader(), entries, leafId: built.leafId }),
		};
	};

	it("lists every entry of both branches, with labels, the leaf marked and its path selected", () => {
		const { built, entries, html } = session();
		const nav = html.slice(html.indexOf('<nav id="tree"'), html.indexOf("</nav>"));
		const rows = [...nav.matchAll(/<a class="([^"]*)" href="#e-([^"]+)"/g)];
		expect(rows.map((row) => row[2]).sort()).toEqual(entries.map((entry) => entry.id).sort());
		const classes = new Map(rows.map((row) => [row[2], row[1].split(" ")]));
		expect(classes.get(built.leafId)).toContain("leaf");
		expect(classes.get(built.envUserId)).toContain("selected");
		expect(classes.get(built.forkPointId)).toContain("leaf-path");
		expect(classes.get(built.testsUserId)).not.toContain("selected");
		expect(classes.get(built.branchSummaryId)).toContain("fork-child");
		expect(nav).toContain("User: Now add tests for it");
		expect(nav).toContain("User: Read it from environment variables instead, see screenshot");
		expect(nav).toMatch(
			new RegExp(
				`data-id="${built.forkPointId}"[^>]*><span class="node-text">[^<]*</span><span class="label">port-fixed</span>`,
			),
		);
		expect(nav).toContain('<span class="leaf-mark">current leaf</span>');
	});

	it("orders the tree depth-first with the older branch first, forks indented", () => {
		const { built, html } = session();
		const nav = html.slice(html.indexOf('<nav id="tree"'), html.indexOf("</nav>"));
		const order = [...nav.matchAll(/data-id="([^"]+)" style="--depth:(\d+)"/g)].map((m) => [m[1], Number(m[2])]);
		const index = (id: string) => order.findIndex(([entryId]) => entryId === id);
		expect(index(built.firstUserId)).toBeLessThan(index(built.forkPointId));
		expect(index(built.testsDoneId)).toBeLessThan(index(built.envUserId));
		expect(order[index(built.forkPointId)][1]).toBe(0);
		expect(order[index(built.testsUserId)][1]).toBe(1);
		expect(order[index(built.testsDoneId)][1]).toBe(1);
	});

	it("shows the leaf's branch in path order and keeps the other branch's entries hidden", () => {
		const { built, entries, html } = session();
		const convo = conversation(html);
		const visible = [...convo.matchAll(/<(?:section|div) class="entry[^"]*" id="e-([^"]+)"/g)].map((m) => m[1]);
		expect(visible).toEqual(built.manager.getBranch(built.leafId).map((entry) => entry.id));
		const hidden = [...convo.matchAll(/<(?:section|div) hidden class="entry[^"]*" id="e-([^"]+)"/g)].map((m) => m[1]);
		expect(hidden).toContain(built.testsUserId);
		expect(visible.length + hidden.length).toBe(entries.length);
		expect(fragment(html, built.testsUserId)).toContain("Now add tests for it");
	});

	it("uses labels given by the caller over the label entries", () => {
		const { built, entries } = session();
		const html = renderSessionHtml({
			header: built.manager.getHeader(),
			entries,
			leafId: built.leafId,
			labels: new Map([[built.testsUserId, "caller-label"]]),
			title: "My export",
		});
		expect(html).toContain('<span class="label">caller-label</span>');
		expect(html).not.toContain('<span class="label">port-fixed</span>');
		expect(html).toContain("<title>My export</title>");
	});

	it("renders the leaf's path in path order when a hand-edited file lists a child before its parent", () => {
		const entries = [
			{ type: "message", id: "b1", parentId: "a1", timestamp: "2026-01-05T09:00:02.000Z", message: user("second") },
			{ type: "message", id: "a1", parentId: null, timestamp: "2026-01-05T09:00:01.000Z", message: user("first") },
			{ type: "message", id: "c1", parentId: "a1", timestamp: "2026-01-05T09:00:03.000Z", message: user("other") },
		] as SessionEntry[];
		const html = render(entries, "b1");
		const convo = conversation(html);
		expect(convo.indexOf("first")).toBeLessThan(convo.indexOf("second"));
		expect(convo).toMatch(/<section hidden class="entry entry-user" id="e-c1"/);
		expect(html).toContain('"fileOrdered":false');
	});
});
