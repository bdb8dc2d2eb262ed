/**
 * HTML export of a session: one self-contained page with the whole tree and the conversation of each branch.
 */
export { defaultExportFileName, type ExportSessionFileOptions, exportSessionFile } from "./export-file.js";
export { exportMessages } from "./messages.js";
export { type RenderSessionHtmlInput, renderSessionHtml, SESSION_DATA_ELEMENT_ID } from "./render.js";
