/**
 * Everything `main` needs to run print, JSON or RPC mode, behind one import. In the start-up bundle every
 * dynamically imported module starts its own set of chunk files, so one entry for these modes means fewer files to
 * load (and no import waiting on another) than importing each piece when it is reached.
 */
export { runJsonMode } from "../modes/json.js";
export { runPrintMode } from "../modes/print.js";
export { runRpcMode } from "../modes/rpc/index.js";
export { assemblePrompts, readFileArguments, readPipedStdin } from "./prompt-input.js";
export { createCliSession } from "./session-setup.js";
export { onTerminationSignals } from "./signals.js";
