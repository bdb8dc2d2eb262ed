/**
 * The extension UI (`UiContext`, core/extensions/ui-context.ts) over the RPC line protocol: dialogs go to the client
 * as `extension_ui_request` lines and settle with its `extension_ui_response` (rpc.md §7).
 */
import { randomUUID } from "node:crypto";
import type { DialogOptions, UiContext } from "../../core/extensions/ui-context.js";
import type { ExtensionUiRequest, ExtensionUiResponse } from "./protocol.js";

export type { DialogOptions, UiContext };

/** Distributes `Omit` over the request union so each method keeps its own fields. */
type RequestBody = ExtensionUiRequest extends infer R
	? R extends ExtensionUiRequest
		? Omit<R, "type" | "id">
		: never
	: never;

/** The text a select, input or editor reply carries; undefined when cancelled or timed out. */
const replyValue = (reply: ExtensionUiResponse | undefined) => (reply && "value" in reply ? reply.value : undefined);

interface PendingDialog {
	settle: (reply: ExtensionUiResponse | undefined) => void;
}

/**
 * `UiContext` over the RPC line protocol. Dialog requests carry a fresh uuid; the client's
 * `extension_ui_response` with that id settles them. Timeouts, aborts and stdin EOF resolve to the defaults.
 */
export class RpcUiBridge implements UiContext {
	private readonly pending = new Map<string, PendingDialog>();
	private closed = false;

	constructor(private readonly send: (request: ExtensionUiRequest) => void) {}

	select(title: string, options: string[], dialog: DialogOptions = {}): Promise<string | undefined> {
		const body = { method: "select", title, options, ...timeoutField(dialog) } as const;
		return this.ask(body, dialog, replyValue);
	}

	confirm(title: string, message: string, dialog: DialogOptions = {}): Promise<boolean> {
		const body = { method: "confirm", title, message, ...timeoutField(dialog) } as const;
		return this.ask(body, dialog, (reply) => (reply && "confirmed" in reply ? reply.confirmed === true : false));
	}

	input(title: string, placeholder?: string, dialog: DialogOptions = {}): Promise<string | undefined> {
		const body = {
			method: "input",
			title,
			...(placeholder === undefined ? {} : { placeholder }),
			...timeoutField(dialog),
		};
		return this.ask(body as RequestBody, dialog, replyValue);
	}

	editor(title: string, prefill?: string): Promise<string | undefined> {
		const body = { method: "editor", title, ...(prefill === undefined ? {} : { prefill }) };
		return this.ask(body as RequestBody, {}, replyValue);
	}

	notify(message: string, notifyType?: "info" | "warning" | "error"): void {
		this.post({ method: "notify", message, ...(notifyType ? { notifyType } : {}) });
	}

	setStatus(statusKey: string, statusText?: string): void {
		this.post({ method: "setStatus", statusKey, ...(statusText === undefined ? {} : { statusText }) });
	}

	setWidget(widgetKey: string, widgetLines?: string[], placement?: "aboveEditor" | "belowEditor"): void {
		this.post({
			method: "setWidget",
			widgetKey,
			...(widgetLines === undefined ? {} : { widgetLines }),
			...(placement === undefined ? {} : { widgetPlacement: placement }),
		});
	}

	setTitle(title: string): void {
		this.post({ method: "setTitle", title });
	}

	setEditorText(text: string): void {
		this.post({ method: "set_editor_text", text });
	}

	getEditorText(): string {
		return "";
	}

	/** Settles the dialog a client reply names; replies to unknown or forgotten ids are ignored. */
	handleResponse(reply: ExtensionUiResponse): void {
		const dialog = this.pending.get(reply.id);
		if (!dialog) return;
		dialog.settle(reply);
	}

	/** stdin ended: every open dialog and every later one resolves as cancelled. */
	close(): void {
		this.closed = true;
		this.cancelAll();
	}

	/** Resolves every open dialog as cancelled. */
	cancelAll(): void {
		for (const [id, dialog] of [...this.pending]) dialog.settle({ type: "extension_ui_response", id, cancelled: true });
	}

	/** Dialogs waiting for a reply. */
	get pendingCount(): number {
		return this.pending.size;
	}

	private post(body: RequestBody): void {
		this.send({ type: "extension_ui_request", id: randomUUID(), ...body } as ExtensionUiRequest);
	}

	private ask<T>(
		body: RequestBody,
		dialog: DialogOptions,
		read: (reply: ExtensionUiResponse | undefined) => T,
	): Promise<T> {
		const id = randomUUID();
		return new Promise<T>((resolve) => {
			let timer: NodeJS.Timeout | undefined;
			const onAbort = () => settle(undefined);
			const settle = (reply: ExtensionUiResponse | undefined) => {
				if (!this.pending.delete(id)) return;
				if (timer) clearTimeout(timer);
				dialog.signal?.removeEventListener("abort", onAbort);
				resolve(read(reply));
			};
			this.pending.set(id, { settle });
			if (this.closed) return settle({ type: "extension_ui_response", id, cancelled: true });
			if (dialog.signal?.aborted) return settle(undefined);
			dialog.signal?.addEventListener("abort", onAbort, { once: true });
			if (dialog.timeout !== undefined && dialog.timeout > 0)
				timer = setTimeout(() => settle(undefined), dialog.timeout);
			this.send({ type: "extension_ui_request", id, ...body } as ExtensionUiRequest);
		});
	}
}

function timeoutField(dialog: DialogOptions): { timeout?: number } {
	return dialog.timeout === undefined ? {} : { timeout: dialog.timeout };
}
