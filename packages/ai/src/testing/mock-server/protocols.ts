import { anthropicProtocol } from "./anthropic.js";
import type { WireProtocol } from "./types.js";

/**
 * The wire protocols the mock server speaks when none are given, tried in order. One entry per file in this
 * folder; adding an API means adding its file and one line here.
 */
export const DEFAULT_PROTOCOLS: WireProtocol[] = [anthropicProtocol];
