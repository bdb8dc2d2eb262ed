export * from "./component.js";
export * from "./components/index.js";
export { type CommittableComponent, Container, isCommittable, isFinal, markFinal } from "./container.js";
export {
	KEYBINDING_WARNINGS,
	type KeybindingMap,
	type KeybindingOverrides,
	KeybindingsManager,
} from "./input/keybindings.js";
export {
	formatPaste,
	isKeyRelease,
	type KeyEvent,
	type KeyEventType,
	matchesKey,
	normalizeKeyId,
	parseKey,
	parsePaste,
} from "./input/keys.js";
export { StdinBuffer, type StdinBufferOptions } from "./input/stdin-buffer.js";
export {
	layoutOverlay,
	type OverlayAnchor,
	type OverlayHandle,
	type OverlayOptions,
	type OverlayPlacement,
	type OverlaySize,
	type ScreenSpan,
} from "./overlay.js";
export { InlineRenderer, type RowOverflow } from "./renderer/inline-renderer.js";
export {
	type KeyboardProtocol,
	ProcessTerminal,
	type ProcessTerminalOptions,
} from "./terminal/process-terminal.js";
export { TERMINAL_SEQUENCES, type Terminal } from "./terminal/terminal.js";
export * from "./text/index.js";
export { type InputListener, TUI, type TuiOptions } from "./tui.js";
