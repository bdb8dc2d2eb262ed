import { describe, expect, it } from "vitest";
import type { ExtensionUiRequest } from "../../../src/modes/rpc/protocol.js";
import { RpcUiBridge } from "../../../src/modes/rpc/ui.js";

function bridge() {
	const sent: ExtensionUiRequest[] = [];
	return { sent, ui: new RpcUiBridge((request) => sent.push(request)) };
}

describe("RpcUiBridge", () => {
	it("sends dialog requests and settles them with the client's reply", async () => {
		const { sent, ui } = bridge();
		const choice = ui.select("Pick", ["A", "B"]);
		const ok = ui.confirm("Sure?", "Delete it");
		expect(sent.map((r) => r.method)).toEqual(["select", "confirm"]);
		expect(sent[0]).toMatchObject({
			type: "extension_ui_request",
			method: "select",
			title: "Pick",
			options: ["A", "B"],
		});
		ui.handleResponse({ type: "extension_ui_response", id: sent[1]!.id, confirmed: true });
		ui.handleResponse({ type: "extension_ui_response", id: sent[0]!.id, value: "B" });
		expect(await choice).toBe("B");
		expect(await ok).toBe(true);
	});

	it("resolves to the default on timeout and ignores late or unknown replies", async () => {
		const { sent, ui } = bridge();
		const answer = ui.confirm("Sure?", "x", { timeout: 10 });
		expect(sent[0]).toMatchObject({ timeout: 10 });
		expect(await answer).toBe(false);
		ui.handleResponse({ type: "extension_ui_response", id: sent[0]!.id, confirmed: true });
		ui.handleResponse({ type: "extension_ui_response", id: "nope", cancelled: true });
		expect(ui.pendingCount).toBe(0);
	});

	it("cancels open dialogs on close, and every later one at once", async () => {
		const { sent, ui } = bridge();
		const input = ui.input("Name", "your name");
		ui.close();
		expect(await input).toBeUndefined();
		expect(await ui.editor("Edit", "text")).toBeUndefined();
		expect(sent).toHaveLength(1);
	});

	it("posts fire-and-forget requests without optional fields that were not given", () => {
		const { sent, ui } = bridge();
		ui.notify("hello", "warning");
		ui.setStatus("k");
		ui.setWidget("w", ["l1"], "belowEditor");
		ui.setTitle("t");
		ui.setEditorText("draft");
		expect(sent.map(({ id: _id, ...rest }) => rest)).toEqual([
			{ type: "extension_ui_request", method: "notify", message: "hello", notifyType: "warning" },
			{ type: "extension_ui_request", method: "setStatus", statusKey: "k" },
			{
				type: "extension_ui_request",
				method: "setWidget",
				widgetKey: "w",
				widgetLines: ["l1"],
				widgetPlacement: "belowEditor",
			},
			{ type: "extension_ui_request", method: "setTitle", title: "t" },
			{ type: "extension_ui_request", method: "set_editor_text", text: "draft" },
		]);
		expect(ui.getEditorText()).toBe("");
	});
});
