/**
 * `pi.events`: one bus shared by every extension of a session, so extensions can talk to each other. Delivery is
 * synchronous in subscription order; a throwing handler is reported and the others still run.
 */
import type { EventBus } from "./api-types.js";

/** The bus plus what the host needs to reset it on reload. */
export interface EventBusController extends EventBus {
	/** Drops every handler (the extensions that added them were unloaded). */
	clear(): void;
}

/** Creates a bus; `onError` receives handler failures with the channel they were emitted on. */
export function createEventBus(onError: (channel: string, error: unknown) => void): EventBusController {
	const handlers = new Map<string, ((data: unknown) => void)[]>();
	return {
		emit(channel, data) {
			for (const handler of [...(handlers.get(channel) ?? [])]) {
				try {
					handler(data);
				} catch (error) {
					onError(channel, error);
				}
			}
		},
		on(channel, handler) {
			const list = handlers.get(channel) ?? [];
			list.push(handler);
			handlers.set(channel, list);
			return () => {
				const current = handlers.get(channel);
				const index = current?.indexOf(handler) ?? -1;
				if (index !== -1) current!.splice(index, 1);
			};
		},
		clear: () => handlers.clear(),
	};
}
