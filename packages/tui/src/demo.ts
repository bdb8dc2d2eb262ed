/**
 * A small interactive tour of the components: `npm run demo -w @pi/tui`. Type into the editor and press Enter;
 * "/" opens command completion, /select shows a select list overlay, /image shows an image placeholder,
 * Ctrl+C quits. Not part of the library API.
 */
import chalk from "chalk";
import type { Component } from "./component.js";
import { Box } from "./components/box.js";
import { type AutocompleteProvider, replacePrefix } from "./components/editor/autocomplete.js";
import { Editor } from "./components/editor/editor.js";
import { Loader } from "./components/loader.js";
import { Markdown } from "./components/markdown/markdown.js";
import { SelectList } from "./components/select-list.js";
import { Spacer } from "./components/spacer.js";
import { Text } from "./components/text.js";
import { Container } from "./container.js";
import { matchesKey } from "./input/keys.js";
import { ProcessTerminal } from "./terminal/process-terminal.js";
import { TUI } from "./tui.js";

const SAMPLE_MARKDOWN = `# @pi/tui components

Rendered with **marked** and *highlight.js*: \`inline code\`, ~~strikethrough~~ and a [link](https://example.com/docs).

- Lists, with nesting
  1. ordered items
  2. [x] and task boxes
- Tables fitted to the width:

| Component | Purpose |
|-----------|---------|
| Editor | multi-line prompt with history, undo, kill ring |
| SelectList | fuzzy-filtered picker |

\`\`\`ts
function greet(name: string): string {
	return \`hello \${name}\`; // highlighted
}
\`\`\`

> Resize the terminal: everything re-wraps.`;

const COMMANDS = [
	{ value: "/select", label: "/select", description: "Show a select list overlay" },
	{ value: "/image", label: "/image", description: "Show an image placeholder" },
	{ value: "/loader", label: "/loader", description: "Start or stop the spinner" },
	{ value: "/quit", label: "/quit", description: "Leave the demo" },
];

const commandCompletion: AutocompleteProvider = {
	getSuggestions(lines, cursorLine, cursorCol) {
		const before = lines[cursorLine]!.slice(0, cursorCol);
		if (cursorLine !== 0 || !before.startsWith("/") || before.includes(" ")) return null;
		const items = COMMANDS.filter((command) => command.value.startsWith(before));
		return items.length > 0 ? { items, prefix: before } : null;
	},
	applyCompletion(lines, cursorLine, cursorCol, item, prefix) {
		return replacePrefix(lines, cursorLine, cursorCol, prefix, item.value);
	},
};

const tui = new TUI(new ProcessTerminal());
const transcript = new Container();
const loader = new Loader({ requestRender: () => tui.requestRender(), message: "Waiting for you to type…" });
const editor = new Editor({ prompt: chalk.cyan("› ") });
editor.setAutocompleteProvider(commandCompletion);

tui.addChild(
	new Text(chalk.bold("pi TUI demo") + chalk.dim("  Enter submits · Shift/Alt+Enter newline · Ctrl+C quits")),
);
tui.addChild(
	new Box([new Markdown(SAMPLE_MARKDOWN)], { border: "rounded", title: "Markdown", borderColor: chalk.gray }),
);
tui.addChild(transcript);
tui.addChild(new Spacer());
tui.addChild(loader);
tui.addChild(editor);
tui.setFocus(editor);

function quit(): void {
	loader.stop();
	tui.stop();
	process.exit(0);
}

function showSelectList(): void {
	const list = new SelectList(
		["Claude", "GPT", "Gemini", "Llama", "Mistral", "Qwen", "DeepSeek", "Grok"].map((name) => ({
			value: name,
			label: name,
			description: `${name} models`,
		})),
		{ maxVisible: 5 },
	);
	const box = new Box([new Text(chalk.dim("type to filter, ↑↓ move, Enter picks, Esc closes")), list], {
		border: "single",
		title: "Pick one",
	});
	// The box draws the frame; keys go to the list inside it.
	const overlay: Component = { render: (width) => box.render(width), handleInput: (data) => list.handleInput(data) };
	const handle = tui.showOverlay(overlay, { width: "60%", maxWidth: 60 });
	list.onSelect = (item) => {
		handle.hide();
		transcript.addChild(new Text(`You picked ${chalk.green(item.label)}`));
	};
	list.onCancel = () => handle.hide();
}

editor.onSubmit = (text) => {
	if (text === "/quit") {
		quit();
		return;
	}
	if (text === "/select") {
		showSelectList();
		return;
	}
	if (text === "/loader") {
		if (loader.running) loader.stop();
		else loader.start();
		return;
	}
	if (text === "/image") {
		transcript.addChild(new Text(chalk.dim("[image: 640x480 image/png]")));
		return;
	}
	transcript.addChild(new Box([new Markdown(text)], { background: chalk.bgBlackBright }));
	loader.setMessage(`Received ${text.length} characters`);
};

tui.addInputListener((data) => {
	if (matchesKey(data, "ctrl+c")) {
		quit();
		return true;
	}
	return undefined;
});

tui.start();
