/** /compact [instructions] and /autocompact. */
import { NOTICE_TEXT } from "../notices.js";
import type { CommandRun } from "./types.js";

/** The implementations of /compact and /autocompact. */
export const compactCommandRuns = {
	async compact(context, args) {
		try {
			// The result is shown by the compaction_end event; failures are reported here.
			await context.session.compact(args || undefined);
		} catch (error) {
			context.notify("error", (error as Error).message);
		}
		context.refreshFooter();
	},
	autocompact(context, args) {
		const { session } = context;
		const enabled = args === "on" ? true : args === "off" ? false : !session.autoCompactionEnabled;
		session.setAutoCompactionEnabled(enabled);
		context.notify("success", NOTICE_TEXT.autocompact(enabled));
	},
} satisfies Record<string, CommandRun>;
