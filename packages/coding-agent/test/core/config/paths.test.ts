import { describe, expect, it } from "vitest";
import { expandHome, getAgentPaths, getProjectPaths, resolveAgentDir } from "../../../src/core/config/paths.js";

describe("agent dir (§1)", () => {
	const base = { homeDir: "/home/alice", cwd: "/work/proj" };
	it("defaults to ~/.pi/agent", () => {
		expect(resolveAgentDir({ ...base, env: {} })).toBe("/home/alice/.pi/agent");
	});
	it("reads PI_CODING_AGENT_DIR with ~ and relative values", () => {
		expect(resolveAgentDir({ ...base, env: { PI_CODING_AGENT_DIR: "/opt/pi" } })).toBe("/opt/pi");
		expect(resolveAgentDir({ ...base, env: { PI_CODING_AGENT_DIR: "~" } })).toBe("/home/alice");
		expect(resolveAgentDir({ ...base, env: { PI_CODING_AGENT_DIR: "~/pi-config" } })).toBe("/home/alice/pi-config");
		expect(resolveAgentDir({ ...base, env: { PI_CODING_AGENT_DIR: "conf/pi" } })).toBe("/work/proj/conf/pi");
		expect(expandHome("~user/x", "/home/alice")).toBe("~user/x");
	});
	it("names the files inside the agent dir and the project .pi dir", () => {
		expect(getAgentPaths("/a")).toMatchObject({
			settings: "/a/settings.json",
			auth: "/a/auth.json",
			prompts: "/a/prompts",
		});
		expect(getProjectPaths("/p")).toMatchObject({ settings: "/p/.pi/settings.json", systemPrompt: "/p/.pi/SYSTEM.md" });
	});
});
