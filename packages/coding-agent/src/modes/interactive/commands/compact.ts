/** /compact [instructions] and /autocompact. */
import { NOTICE_TEXT } from "../notices.js";
import type { SlashCommand } from "./types.js";

export const compactCommands: SlashCommand[] = [
	{
		name: "compact",
		description: "Summarise older messages to free context",
		argumentHint: "[instructions]",
		async run(context, args) {
			try {
				// The result is shown by the compaction_end event; failures are reported here.
				await context.session.compact(args || undefined);
			} catch (error) {
				context.notify("error", (error as Error).message);
			}
			context.refreshFooter();
		},
	},
	{
		name: "autocompact",
		description: "Turn automatic compaction on or off",
		argumentHint: "[on|off]",
		run(context, args) {
			const { session } = context;
			const enabled = args === "on" ? true : args === "off" ? false : !session.autoCompactionEnabled;
			session.setAutoCompactionEnabled(enabled);
			context.notify("success", NOTICE_TEXT.autocompact(enabled));
		},
	},
];
