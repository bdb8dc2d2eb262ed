/**
 * What an extension gets for `@mariozechner/pi-tui` (and its aliases): @pi/tui as the running pi has it, plus the
 * original's `Key` table and `SettingsList`.
 */
export * from "@pi/tui";
export { Key } from "./keys.js";
export { type SettingItem, SettingsList, type SettingsListOptions, type SettingsListTheme } from "./settings-list.js";
