import { describe, expect, it } from "vitest";
import type { Component } from "../../src/component.js";
import { Container, markFinal } from "../../src/container.js";
import { startTui } from "./screen-helpers.js";

class Recorder implements Component {
	received: string[] = [];
	focused = false;
	constructor(private readonly label: string) {}
	render(): string[] {
		return [`${this.label}${this.focused ? " (focused)" : ""}`];
	}
	handleInput(data: string): void {
		this.received.push(data);
	}
}

describe("input routing and focus", () => {
	it("sends keys to the focused component, split by key, and marks it focused", () => {
		const { tui, terminal } = startTui(40, 10);
		const editor = new Recorder("editor");
		const other = new Recorder("other");
		tui.addChild(editor);
		tui.addChild(other);
		tui.setFocus(editor);
		expect(editor.focused).toBe(true);
		terminal.sendInput("hi\x1b[A\x1b[200~paste\x1b[201~");
		expect(editor.received).toEqual(["h", "i", "\x1b[A", "\x1b[200~paste\x1b[201~"]);
		expect(other.received).toEqual([]);
		tui.setFocus(other);
		expect(editor.focused).toBe(false);
		expect(other.focused).toBe(true);
	});

	it("drops Kitty key releases before components see them", () => {
		const { tui, terminal } = startTui(40, 10);
		const editor = new Recorder("editor");
		tui.addChild(editor);
		tui.setFocus(editor);
		terminal.sendInput("\x1b[97;5u\x1b[97;5:3u\x1b[97;5:2u");
		expect(editor.received).toEqual(["\x1b[97;5u", "\x1b[97;5:2u"]);
	});

	it("lets input listeners consume keys first", () => {
		const { tui, terminal } = startTui(40, 10);
		const editor = new Recorder("editor");
		tui.addChild(editor);
		tui.setFocus(editor);
		const seen: string[] = [];
		const remove = tui.addInputListener((data) => {
			seen.push(data);
			return data === "\x03" ? true : undefined;
		});
		terminal.sendInput("a\x03b");
		expect(seen).toEqual(["a", "\x03", "b"]);
		expect(editor.received).toEqual(["a", "b"]);
		remove();
		terminal.sendInput("\x03");
		expect(editor.received).toEqual(["a", "b", "\x03"]);
	});

	it("gives stacked overlays focus and hands it back as they close", () => {
		const { tui, terminal } = startTui(40, 10);
		const editor = new Recorder("editor");
		tui.addChild(editor);
		tui.setFocus(editor);
		const dialog = new Recorder("dialog");
		const picker = new Recorder("picker");
		const dialogHandle = tui.showOverlay(dialog);
		const pickerHandle = tui.showOverlay(picker, { anchor: "bottom" });
		terminal.sendInput("x");
		expect(picker.received).toEqual(["x"]);
		pickerHandle.hide();
		expect(pickerHandle.visible).toBe(false);
		terminal.sendInput("y");
		expect(dialog.received).toEqual(["y"]);
		dialogHandle.hide();
		terminal.sendInput("z");
		expect(editor.received).toEqual(["z"]);
		expect(tui.hasOverlay()).toBe(false);
	});

	it("hiding a lower overlay first still returns focus to the editor at the end", () => {
		const { tui } = startTui(40, 10);
		const editor = new Recorder("editor");
		tui.addChild(editor);
		tui.setFocus(editor);
		const lower = tui.showOverlay(new Recorder("lower"));
		const upper = tui.showOverlay(new Recorder("upper"));
		lower.hide();
		upper.hide();
		expect(tui.focused).toBe(editor);
	});

	it("bringToFront draws an overlay above the others and gives it the keys", async () => {
		const { tui, terminal } = startTui(40, 10);
		const editor = new Recorder("editor");
		tui.addChild(editor);
		tui.setFocus(editor);
		const back = new Recorder("back");
		const backHandle = tui.showOverlay(back, { anchor: "top" });
		tui.showOverlay(new Recorder("front"), { anchor: "top" });
		tui.renderNow();
		await terminal.flush();
		expect(terminal.getViewport()[0]).toContain("front");
		backHandle.bringToFront();
		tui.renderNow();
		await terminal.flush();
		expect(terminal.getViewport()[0]).toContain("back (focused)");
		terminal.sendInput("k");
		expect(back.received).toEqual(["k"]);
	});
});

describe("Container", () => {
	it("renders children in order and supports add, insert, remove and clear", () => {
		const container = new Container();
		const a = { render: () => ["a"] };
		const b = { render: () => ["b1", "b2"] };
		const c = { render: () => ["c"] };
		container.addChild(a);
		container.addChild(c);
		container.insertChild(1, b);
		expect(container.render(10)).toEqual(["a", "b1", "b2", "c"]);
		container.removeChild(b);
		expect(container.render(10)).toEqual(["a", "c"]);
		container.clear();
		expect(container.render(10)).toEqual([]);
	});

	it("commits only whole leading final children and stops at live ones", () => {
		const container = new Container();
		let renders = 0;
		const finalChild = markFinal({
			render: () => {
				renders++;
				return ["f1", "f2"];
			},
		});
		const live = { render: () => ["live"] };
		container.addChild(finalChild);
		container.addChild(live);
		container.addChild(markFinal({ render: () => ["after"] }));
		expect(container.renderLive(10)).toEqual(["f1", "f2", "live", "after"]);
		container.renderLive(10);
		expect(renders).toBe(1); // cached per width
		expect(container.commitRows(10, 1)).toBe(0); // would split the final child
		expect(container.commitRows(10, 5)).toBe(2); // stops at the live child
		expect(container.renderLive(10)).toEqual(["live", "after"]);
		expect(container.render(10)).toEqual(["f1", "f2", "live", "after"]);
	});
});
