/** What an extension gets for `@mariozechner/pi-agent-core` (and its aliases): @pi/agent-core as the running pi has it. */
export * from "@pi/agent-core";
