/**
 * The page's inline stylesheet: a sidebar tree and a conversation column, light and dark through
 * `prefers-color-scheme`. No web fonts or external resources.
 */
export const exportStyles = `
:root {
	--bg: #ffffff; --fg: #1f2328; --muted: #656d76; --border: #d0d7de; --panel: #f6f8fa; --code: #eff1f3;
	--user: #ddf4ff; --user-border: #54aeff; --accent: #0969da; --error: #cf222e; --error-bg: #ffebe9;
	--add: #1a7f37; --add-bg: #dafbe1; --del: #cf222e; --del-bg: #ffebe9; --hunk: #8250df; --hunk-bg: #fbefff;
	--label-bg: #fff8c5; --label-fg: #7d4e00; --selected: #ddf4ff; --leaf-path: #0969da;
	color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
	:root {
		--bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --border: #30363d; --panel: #161b22; --code: #1f242c;
		--user: #0c2d48; --user-border: #1f6feb; --accent: #4493f8; --error: #ff7b72; --error-bg: #3c1618;
		--add: #3fb950; --add-bg: #12261e; --del: #ff7b72; --del-bg: #2d1214; --hunk: #bc8cff; --hunk-bg: #271a3a;
		--label-bg: #3b2e00; --label-fg: #e3b341; --selected: #12263f; --leaf-path: #4493f8;
	}
}
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: var(--bg); color: var(--fg); }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; display: grid; grid-template-columns: minmax(260px, 360px) 1fr; min-height: 100vh; }
code, pre, .diff { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 12.5px; }
#tree { position: sticky; top: 0; height: 100vh; overflow: auto; border-right: 1px solid var(--border); background: var(--panel); padding: 12px 8px; }
#tree h2 { font-size: 13px; margin: 0 4px 2px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
#tree .hint { font-size: 12px; color: var(--muted); margin: 0 4px 8px; }
.node { display: flex; gap: 6px; align-items: baseline; padding: 2px 6px 2px calc(6px + var(--depth) * 14px); border-left: 3px solid transparent; border-radius: 3px; color: var(--fg); text-decoration: none; font-size: 12.5px; white-space: nowrap; }
.node:hover { background: var(--code); }
.node-text { overflow: hidden; text-overflow: ellipsis; flex: 1 1 auto; min-width: 0; }
.node.fork-child { margin-top: 3px; }
.node.fork-child .node-text::before { content: "├ "; color: var(--muted); }
.node.k-meta, .node.k-tool { color: var(--muted); }
.node.k-error { color: var(--error); }
.node.k-user .node-text { font-weight: 600; }
.node.leaf-path { border-left-color: var(--leaf-path); }
.node.selected { background: var(--selected); }
.node.active { outline: 1px solid var(--accent); }
.leaf-mark { font-size: 11px; color: var(--accent); flex: none; }
.label { flex: none; font-size: 11px; padding: 0 6px; border-radius: 8px; background: var(--label-bg); color: var(--label-fg); font-weight: 600; }
main { min-width: 0; padding: 20px 28px 80px; max-width: 980px; }
header h1 { font-size: 20px; margin: 0 0 8px; }
header dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 0 0 16px; font-size: 13px; }
header dt { color: var(--muted); }
header dd { margin: 0; overflow-wrap: anywhere; }
.notice { color: var(--muted); font-size: 12px; }
.entry { margin: 10px 0; }
/* Lets the browser skip layout and paint of off-screen entries: big sessions open and scroll fast. */
#conversation > .entry { content-visibility: auto; contain-intrinsic-size: auto 60px; }
.entry[hidden] { display: none; }
.entry-head { display: flex; gap: 8px; align-items: baseline; font-size: 12px; color: var(--muted); margin-bottom: 4px; }
.entry-head .role { font-weight: 700; color: var(--fg); }
.entry-head time, .entry-note time { margin-left: auto; font-size: 11px; color: var(--muted); }
.entry-body { min-width: 0; }
.entry-user .entry-body { background: var(--user); border-left: 3px solid var(--user-border); padding: 8px 12px; border-radius: 4px; }
.entry-assistant .entry-body, .entry-custom .entry-body { padding: 0 2px; }
.entry-note { display: flex; gap: 8px; font-size: 12px; color: var(--muted); border-top: 1px dashed var(--border); padding-top: 4px; }
.entry-paired { margin: 0; }
.entry-compaction .entry-body, .entry-branch-summary .entry-body, .entry-bash .entry-body, .entry-tool-result .entry-body { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 8px 12px; }
.entry.highlight > .entry-body, .entry.highlight.entry-note { outline: 2px solid var(--accent); outline-offset: 2px; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.model { font-family: ui-monospace, monospace; font-size: 11px; }
.muted { color: var(--muted); font-size: 12px; }
.usage { color: var(--muted); font-size: 11px; margin-top: 2px; }
.markdown > :first-child { margin-top: 0; }
.markdown > :last-child { margin-bottom: 0; }
.markdown pre { background: var(--code); padding: 8px 10px; border-radius: 6px; overflow: auto; }
.markdown code { background: var(--code); padding: 1px 4px; border-radius: 4px; }
.markdown pre code { background: none; padding: 0; }
.markdown table { border-collapse: collapse; }
.markdown th, .markdown td { border: 1px solid var(--border); padding: 3px 8px; }
.markdown blockquote { margin: 0; padding-left: 12px; border-left: 3px solid var(--border); color: var(--muted); }
a { color: var(--accent); }
details > summary { cursor: pointer; color: var(--muted); font-size: 12px; }
.thinking { margin: 4px 0; padding: 4px 10px; border-left: 3px solid var(--border); }
.thinking .text { color: var(--muted); font-style: italic; font-size: 13px; }
.tool { margin: 8px 0; border: 1px solid var(--border); border-radius: 6px; overflow: hidden; }
.tool-head { padding: 5px 10px; background: var(--panel); overflow-wrap: anywhere; }
.entry-bash .tool-head { background: none; padding: 0 0 4px; }
.tool-name { font-weight: 700; font-size: 12px; margin-right: 4px; }
.tool > pre, .tool-result { margin: 0; }
.tool.error { border-color: var(--error); }
.tool.error .tool-head { background: var(--error-bg); }
pre.output, pre.diff { margin: 0; padding: 6px 10px; max-height: 420px; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--bg); }
.entry-bash pre.output, .entry-tool-result pre.output { border: 1px solid var(--border); border-radius: 4px; }
.tool-result { border-top: 1px solid var(--border); }
pre.output.error, .error-box { color: var(--error); background: var(--error-bg); }
.error-box { padding: 6px 10px; border-radius: 4px; margin-top: 6px; white-space: pre-wrap; }
pre.diff { white-space: pre; padding: 0; }
.diff > span { display: block; padding: 0 10px; }
.diff-add { color: var(--add); background: var(--add-bg); }
.diff-del { color: var(--del); background: var(--del-bg); }
.diff-hunk { color: var(--hunk); background: var(--hunk-bg); }
.diff-file { color: var(--muted); font-weight: 700; }
.image { display: block; max-width: 100%; max-height: 480px; margin: 6px 0; border: 1px solid var(--border); border-radius: 4px; }
.files ul { margin: 2px 0 6px; padding-left: 20px; }
@media (max-width: 800px) {
	body { display: block; }
	#tree { position: static; height: auto; max-height: 40vh; border-right: none; border-bottom: 1px solid var(--border); }
	main { padding: 14px; }
}
`;
