import { describe, expect, it } from "vitest";
import {
	encodeCwd,
	generateEntryId,
	getProjectSessionDir,
	getSessionsRoot,
	parseSessionFileName,
	SecretRedactor,
	sessionFileName,
	uuidv7,
} from "../../../src/core/session/index.js";

describe("session locations (§1)", () => {
	it("encodes working directories as in the spec examples", () => {
		expect(encodeCwd("/home/alice/proj")).toBe("--home-alice-proj--");
		expect(encodeCwd("C:\\Users\\bob\\my app")).toBe("--C--Users-bob-my app--");
	});

	it("places project dirs under <agentDir>/sessions", () => {
		expect(getSessionsRoot("/a/.pi/agent")).toBe("/a/.pi/agent/sessions");
		expect(getProjectSessionDir("/a/.pi/agent", "/home/alice/proj")).toBe("/a/.pi/agent/sessions/--home-alice-proj--");
	});

	it("names files after the header stamp and id, and parses such names back", () => {
		const header = { id: "0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f", timestamp: "2026-01-05T09:30:12.345Z" };
		const name = sessionFileName(header);
		expect(name).toBe("2026-01-05T09-30-12-345Z_0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f.jsonl");
		expect(parseSessionFileName(name)).toEqual(header);
		expect(parseSessionFileName("notes.jsonl")).toEqual({});
	});
});

describe("ids (§3, §4)", () => {
	it("draws 8 lowercase hex characters that avoid taken ids", () => {
		const taken = new Set<string>();
		for (let i = 0; i < 500; i++) {
			const id = generateEntryId(taken);
			expect(id).toMatch(/^[0-9a-f]{8}$/);
			expect(taken.has(id)).toBe(false);
			taken.add(id);
		}
	});

	it("falls back to a full UUID after 100 collisions", () => {
		const everything = { has: () => true };
		expect(generateEntryId(everything)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
	});

	it("generates UUID v7 session ids that carry the creation time", () => {
		const now = Date.UTC(2026, 0, 5, 9, 30, 12, 345);
		const id = uuidv7(now);
		expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(now);
		expect(uuidv7(now + 1) > id).toBe(true);
	});
});

describe("redaction (R6)", () => {
	it("replaces secrets of 8+ characters and ignores shorter values", () => {
		const redactor = new SecretRedactor(["sk-ant-12345678", "short"]);
		expect(redactor.redact("key sk-ant-12345678 and short")).toBe("key [REDACTED] and short");
	});
});
