/** Key hints as the original pi formats them for extensions: "Ctrl+C cancel", keys dimmed, text muted. */
import { createKeybindings, formatKeys, ORIGINAL_KEYBINDING_IDS } from "../../modes/interactive/keybindings.js";
import { getExtensionTheme } from "./theme.js";

let keybindings: ReturnType<typeof createKeybindings> | undefined;

/**
 * The keys of an action (pi's name or the original's `app.*` / `tui.*` id), formatted; an unknown name is shown as a
 * key id.
 */
export function keyText(keybinding: string): string {
	keybindings ??= createKeybindings();
	const keys = keybindings.getKeys(ORIGINAL_KEYBINDING_IDS[keybinding] ?? keybinding);
	return formatKeys(keys.length > 0 ? keys : [keybinding]);
}

/** "<keys> <description>" for an action. */
export function keyHint(keybinding: string, description: string): string {
	return rawKeyHint(keyText(keybinding), description);
}

/** "<key> <description>" for a key written out by the caller. */
export function rawKeyHint(key: string, description: string): string {
	const theme = getExtensionTheme();
	return `${theme.fg("dim", key)} ${theme.fg("muted", description)}`;
}
