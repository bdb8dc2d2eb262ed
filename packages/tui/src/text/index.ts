export { type AnsiPart, AnsiStyleState, ansiSequenceLength, splitAnsi, stripAnsi } from "./ansi.js";
export { padToWidth, sliceByColumn, truncateToWidth } from "./truncate.js";
export { graphemeWidth, type StyledUnit, splitGraphemes, splitStyledUnits, visibleWidth } from "./width.js";
export { wrapTextWithAnsi } from "./wrap.js";
