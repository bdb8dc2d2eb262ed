/**
 * The `pi` executable. Kept tiny: everything is imported on demand by main, which decides what the invocation
 * needs. Flushes stdout before exiting so piped output is never cut short.
 */
const { main } = await import("./main.js");
const code = await main(process.argv.slice(2));
// Exit explicitly: keep-alive sockets or a stdin listener must not keep a finished run alive.
process.stdout.write("", () => process.exit(code));
