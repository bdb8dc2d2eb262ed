/**
 * Dialog titles come from extensions too ("Dangerous command:\n\n  rm -rf build\n\nAllow?"): each line of a title is a
 * row of its own, long lines wrap, and on a short screen the title gives up rows before the answers and the hint.
 */
import { describe, expect, it } from "vitest";
import { ConfirmDialog, SearchList, TextInputDialog } from "../../../../src/modes/interactive/selectors/index.js";
import { MultiLineInputDialog } from "../../../../src/modes/interactive/selectors/multi-line-input-dialog.js";
import { renderPlain, testTheme } from "../components/helpers.js";

const theme = testTheme();
const TITLE = "Dangerous command:\n\n  rm -rf build\n\nAllow?";
const TITLE_ROWS = [" Dangerous command:", "", "   rm -rf build", "", " Allow?"];

function dialogs() {
	const noop = () => {};
	return {
		select: new SearchList<string>({
			theme,
			title: TITLE,
			entries: ["Yes", "No"],
			toItem: (entry) => ({ value: entry, label: entry }),
			onSelect: noop,
			onCancel: noop,
		}),
		confirm: new ConfirmDialog({ theme, title: TITLE, onConfirm: noop, onCancel: noop }),
		input: new TextInputDialog({ theme, title: TITLE, onSubmit: noop, onCancel: noop }),
		editor: new MultiLineInputDialog({ theme, title: TITLE, onSubmit: noop, onCancel: noop }),
	};
}

describe("dialog titles", () => {
	it.each(Object.keys(dialogs()))("%s shows each line of a multi-line title on a row of its own", (name) => {
		const dialog = dialogs()[name as keyof ReturnType<typeof dialogs>];
		const raw = dialog.render(60);
		expect(raw.some((row) => /[\r\n]/.test(row))).toBe(false);
		const rows = renderPlain(dialog, 60).split("\n");
		const start = rows.indexOf(TITLE_ROWS[0]!);
		expect(start).not.toBe(-1);
		expect(rows.slice(start, start + TITLE_ROWS.length)).toEqual(TITLE_ROWS);
	});

	it("a title wider than the dialog wraps instead of being cut", () => {
		const wide = new ConfirmDialog({
			theme,
			title: "Allow the command that removes every generated file under the build folder?",
			onConfirm: () => {},
			onCancel: () => {},
		});
		const rows = renderPlain(wide, 40).split("\n");
		expect(rows.slice(1, 3)).toEqual([
			" Allow the command that removes every",
			" generated file under the build folder?",
		]);
	});

	it("on a short screen the title gives up rows first: the list keeps an entry, the hint and the border", () => {
		const { select, confirm, input } = dialogs();
		for (const dialog of [select, confirm, input]) {
			dialog.setMaxRows(10);
			const rows = renderPlain(dialog, 60).split("\n");
			expect(rows.length).toBeLessThanOrEqual(10);
			expect(rows).toContain(" …");
			expect(rows[rows.length - 1]).toMatch(/^─+$/);
			expect(rows.join("\n")).toContain("esc cancel");
		}
		expect(renderPlain(select, 60)).toContain("→ Yes");
		expect(renderPlain(confirm, 60)).toMatch(/Yes\s+No/);
	});
});
