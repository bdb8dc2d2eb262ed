import { describe, expect, it } from "vitest";
import { type CommandOrigin, commandSourceInfo } from "../../src/core/session-events.js";

describe("commandSourceInfo (rpc.md §5 CommandInfo)", () => {
	it("maps every origin to its scope and source, path first", () => {
		const origins: CommandOrigin[] = ["cli", "settings", "project", "ancestor", "user", "home", "sdk"];
		expect(origins.map((origin) => commandSourceInfo("/x.md", origin))).toEqual([
			{ path: "/x.md", scope: "path", source: "cli" },
			{ path: "/x.md", scope: "path", source: "settings" },
			{ path: "/x.md", scope: "project", source: "auto" },
			{ path: "/x.md", scope: "project", source: "auto" },
			{ path: "/x.md", scope: "user", source: "auto" },
			{ path: "/x.md", scope: "user", source: "auto" },
			{ path: "/x.md", scope: "path", source: "sdk" },
		]);
		// Key order is part of the wire output.
		expect(Object.keys(commandSourceInfo("/x.md", "home"))).toEqual(["path", "scope", "source"]);
	});
});
