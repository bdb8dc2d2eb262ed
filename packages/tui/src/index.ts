export * from "./component.js";
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
export * from "./text/index.js";
