import { createRequire } from "node:module";

/**
 * Loads a provider SDK through its CommonJS build. Every official SDK ships one beside its ES module build, and
 * Node loads it in about half the time (a synchronous require per file instead of the ES module loader's
 * resolve/read/compile/link pipeline): 50–90 ms less on the first request of a one-shot `pi -p`. Adapters take
 * every runtime value of an SDK (client and error classes) from here, so `new` and `instanceof` meet one instance.
 */
export const requireSdk = createRequire(import.meta.url);
