/**
 * What an extension gets for `@mariozechner/pi-tui` (and its aliases): @pi/tui as the running pi has it, plus the
 * original's `Key` table.
 */
export * from "@pi/tui";
export { Key } from "./keys.js";
