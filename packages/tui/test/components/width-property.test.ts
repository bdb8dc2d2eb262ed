import { describe, expect, it } from "vitest";
import type { Component } from "../../src/component.js";
import { Box } from "../../src/components/box.js";
import { Editor } from "../../src/components/editor/editor.js";
import { Image } from "../../src/components/image/image.js";
import { Input } from "../../src/components/input.js";
import { Loader } from "../../src/components/loader.js";
import { Markdown } from "../../src/components/markdown/markdown.js";
import { SelectList } from "../../src/components/select-list.js";
import { Spacer } from "../../src/components/spacer.js";
import { Text } from "../../src/components/text.js";
import { TruncatedText } from "../../src/components/truncated-text.js";
import { visibleWidth } from "../../src/text/width.js";

const INPUTS = [
	"",
	"plain words that go on for a while and then some more words",
	"\x1b[1mbold\x1b[0m \x1b[31mred text that wraps\x1b[39m and \x1b]8;;https://x.io\x1b\\a link\x1b]8;;\x1b\\",
	"日本語のテキストと English mixed 한국어 텍스트",
	"emoji 😀 👨‍👩‍👧 🇯🇵 ❤️ and combining e\u0301 marks",
	"averyveryverylongwordwithoutanyspacesatallthatmustbebroken",
	"tabs\tand\ttabs\nand\nnewlines",
	"# Heading\n\n- item **one**\n- item `two`\n\n| a | b |\n|---|---|\n| long cell text | 日本 |\n\n```js\nconst x = 'a very long line of code that needs wrapping';\n```\n\n> quote",
];

function componentsFor(text: string): Component[] {
	const editor = new Editor({ prompt: "> " });
	editor.focused = true;
	editor.setText(text);
	const input = new Input({ prompt: "$ " });
	input.focused = true;
	input.setValue(text);
	const items = text.split(/\s+/).map((word, i) => ({ value: String(i), label: word || "(empty)", description: text }));
	return [
		new Text(text, { paddingX: 2, paddingY: 1 }),
		new TruncatedText(text, { paddingX: 1 }),
		new Spacer(1),
		new Box([new Text(text), new Markdown(text)], { border: "rounded", title: text, paddingX: 1 }),
		new Loader({ requestRender: () => {}, message: text, autoStart: false }),
		new Markdown(text, { paddingX: 1 }),
		new SelectList(items, { maxVisible: 4 }),
		editor,
		input,
		new Image({ data: Buffer.from(text).toString("base64"), mimeType: "image/png", protocol: "kitty" }),
	];
}

describe("every component", () => {
	it("never renders a row wider than the width, over many widths and inputs", () => {
		for (const text of INPUTS) {
			for (const component of componentsFor(text)) {
				for (const width of [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]) {
					for (const row of component.render(width)) {
						expect(
							visibleWidth(row),
							`${component.constructor.name} @${width}: ${JSON.stringify(row)}`,
						).toBeLessThanOrEqual(width);
					}
				}
			}
		}
	});
});
