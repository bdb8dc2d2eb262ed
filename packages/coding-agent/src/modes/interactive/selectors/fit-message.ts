/**
 * A dialog on a short screen: its message gives up rows first, so the title, the field or the answers and the key
 * hint stay on screen (an overlay is cut to the screen's height from the bottom).
 */

/** `rows` of a message cut to `room` rows, the last of them `ellipsis` when something was left out. */
export function fitMessageRows(rows: readonly string[], room: number, ellipsis: string): string[] {
	if (rows.length <= room) return [...rows];
	if (room <= 0) return [];
	return [...rows.slice(0, room - 1), ellipsis];
}
