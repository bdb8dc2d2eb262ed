import { describe, expect, it } from "vitest";
import { isKeyRelease, matchesKey, normalizeKeyId, parseKey, parsePaste } from "../../src/input/keys.js";

describe("legacy encoding", () => {
	const table: Array<[string, string]> = [
		["\r", "enter"],
		["\t", "tab"],
		["\x1b", "escape"],
		["\x7f", "backspace"],
		["\x1b[Z", "shift+tab"],
		["\x1b[A", "up"],
		["\x1b[B", "down"],
		["\x1b[C", "right"],
		["\x1b[D", "left"],
		["\x1bOA", "up"],
		["\x1bOD", "left"],
		["\x1b[H", "home"],
		["\x1b[F", "end"],
		["\x1bOH", "home"],
		["\x1bOF", "end"],
		["\x1b[1~", "home"],
		["\x1b[4~", "end"],
		["\x1b[7~", "home"],
		["\x1b[8~", "end"],
		["\x1b[2~", "insert"],
		["\x1b[3~", "delete"],
		["\x1b[5~", "pageUp"],
		["\x1b[6~", "pageDown"],
		["\x1bOP", "f1"],
		["\x1b[15~", "f5"],
		["\x1b[24~", "f12"],
		["\x1b[1;5C", "ctrl+right"],
		["\x1b[1;5D", "ctrl+left"],
		["\x1b[1;3D", "alt+left"],
		["\x1b[1;2A", "shift+up"],
		["\x1b[1;6B", "ctrl+shift+down"],
		["\x1b[3;5~", "ctrl+delete"],
		["\x1b[5;2~", "shift+pageUp"],
		["\x1b[a", "shift+up"],
		["\x1bOd", "ctrl+left"],
		["\x1b[3^", "ctrl+delete"],
		["\x01", "ctrl+a"],
		["\x03", "ctrl+c"],
		["\x0f", "ctrl+o"],
		["\x10", "ctrl+p"],
		["\x14", "ctrl+t"],
		["\x1a", "ctrl+z"],
		["\n", "ctrl+j"],
		["\x00", "ctrl+space"],
		["\x1f", "ctrl+_"],
		["\x1bb", "alt+b"],
		["\x1bf", "alt+f"],
		["\x1bB", "alt+shift+b"],
		["\x1b\x7f", "alt+backspace"],
		["\x1b\r", "alt+enter"],
		["\x1b\x01", "ctrl+alt+a"],
		["\x1b\x1b", "alt+escape"],
		["\x1b\x1b[A", "alt+up"],
		["a", "a"],
		["A", "shift+a"],
		["/", "/"],
		[" ", "space"],
		["é", "é"],
	];
	it.each(table)("%j is %s", (data, id) => {
		expect(parseKey(data)?.id).toBe(id);
		expect(matchesKey(data, id)).toBe(true);
	});

	it("knows the legacy aliases of control bytes", () => {
		expect(matchesKey("\t", "ctrl+i")).toBe(true);
		expect(matchesKey("\r", "ctrl+m")).toBe(true);
		expect(matchesKey("\x08", "ctrl+h")).toBe(true);
		expect(matchesKey("\x08", "ctrl+backspace")).toBe(true);
		expect(matchesKey("\x1b\x08", "alt+backspace")).toBe(true);
	});

	it("reports the text of printable keys only", () => {
		expect(parseKey("x")?.text).toBe("x");
		expect(parseKey("X")?.text).toBe("X");
		expect(parseKey("👍🏽")?.text).toBe("👍🏽");
		expect(parseKey("\x01")?.text).toBeUndefined();
		expect(parseKey("\x1bb")?.text).toBeUndefined();
	});

	it("rejects data that is not a single key", () => {
		expect(parseKey("ab")).toBeUndefined();
		expect(parseKey("")).toBeUndefined();
		expect(parseKey("\x1b[200~hi\x1b[201~")).toBeUndefined();
		expect(parseKey("\x1b[<0;10;5M")).toBeUndefined();
		expect(parseKey("\x1b[?1u")).toBeUndefined();
		expect(matchesKey("ab", "a")).toBe(false);
	});
});

describe("Kitty keyboard protocol (CSI u)", () => {
	const table: Array<[string, string]> = [
		["\x1b[13u", "enter"],
		["\x1b[13;2u", "shift+enter"],
		["\x1b[13;3u", "alt+enter"],
		["\x1b[13;5u", "ctrl+enter"],
		["\x1b[9;2u", "shift+tab"],
		["\x1b[27u", "escape"],
		["\x1b[127u", "backspace"],
		["\x1b[127;3u", "alt+backspace"],
		["\x1b[127;5u", "ctrl+backspace"],
		["\x1b[32;5u", "ctrl+space"],
		["\x1b[97;5u", "ctrl+a"],
		["\x1b[99;5u", "ctrl+c"],
		["\x1b[116;5u", "ctrl+t"],
		["\x1b[112;6u", "ctrl+shift+p"],
		["\x1b[112:80;6u", "ctrl+shift+p"],
		["\x1b[98;3u", "alt+b"],
		["\x1b[102;3u", "alt+f"],
		["\x1b[105;5u", "ctrl+i"],
		["\x1b[109;5u", "ctrl+m"],
		["\x1b[97;9u", "super+a"],
		["\x1b[97;33u", "alt+a"],
		["\x1b[97;69u", "ctrl+a"], // caps lock bit ignored
		["\x1b[97;133u", "ctrl+a"], // num lock bit ignored
		["\x1b[57414u", "enter"], // keypad enter
		["\x1b[57399u", "0"],
		["\x1b[1;5A", "ctrl+up"],
		["\x1b[1;5:1A", "ctrl+up"],
		["\x1b[3;1:2~", "delete"],
		["\x1b[47;5u", "ctrl+/"],
	];
	it.each(table)("%j is %s", (data, id) => {
		expect(parseKey(data)?.id).toBe(id);
		expect(matchesKey(data, id)).toBe(true);
	});

	it("keeps the Kitty encoding of tab and enter apart from ctrl+i and ctrl+m", () => {
		expect(matchesKey("\x1b[105;5u", "tab")).toBe(false);
		expect(matchesKey("\x1b[109;5u", "enter")).toBe(false);
		expect(matchesKey("\x1b[13;2u", "enter")).toBe(false);
	});

	it("decodes event types and matches presses and repeats, never releases", () => {
		expect(parseKey("\x1b[97;5:1u")?.eventType).toBe("press");
		expect(parseKey("\x1b[97;5:2u")?.eventType).toBe("repeat");
		expect(parseKey("\x1b[97;5:3u")?.eventType).toBe("release");
		expect(matchesKey("\x1b[97;5:2u", "ctrl+a")).toBe(true);
		expect(matchesKey("\x1b[97;5:3u", "ctrl+a")).toBe(false);
		expect(matchesKey("\x1b[1;1:3A", "up")).toBe(false);
		expect(isKeyRelease("\x1b[13;1:3u")).toBe(true);
		expect(isKeyRelease("\x1b[13u")).toBe(false);
	});

	it("reports text for unmodified or shifted printable keys", () => {
		expect(parseKey("\x1b[97u")?.text).toBe("a");
		expect(parseKey("\x1b[97;2u")?.text).toBe("A");
		expect(parseKey("\x1b[49:33;2u")?.text).toBe("!");
		expect(parseKey("\x1b[97;1;228u")?.text).toBe("ä");
		expect(parseKey("\x1b[97;5u")?.text).toBeUndefined();
	});
});

describe("xterm modifyOtherKeys (CSI 27;mod;code ~)", () => {
	const table: Array<[string, string]> = [
		["\x1b[27;2;13~", "shift+enter"],
		["\x1b[27;5;13~", "ctrl+enter"],
		["\x1b[27;3;13~", "alt+enter"],
		["\x1b[27;5;97~", "ctrl+a"],
		["\x1b[27;6;80~", "ctrl+shift+p"],
		["\x1b[27;6;112~", "ctrl+shift+p"],
		["\x1b[27;2;9~", "shift+tab"],
		["\x1b[27;5;9~", "ctrl+tab"],
		["\x1b[27;3;127~", "alt+backspace"],
		["\x1b[27;5;27~", "ctrl+escape"],
		["\x1b[27;3;98~", "alt+b"],
		["\x1b[27;5;111~", "ctrl+o"],
	];
	it.each(table)("%j is %s", (data, id) => {
		expect(parseKey(data)?.id).toBe(id);
		expect(matchesKey(data, id)).toBe(true);
	});
});

describe("key ids", () => {
	it("normalizes modifier order, case and aliases", () => {
		expect(normalizeKeyId("Shift+Ctrl+P")).toBe("ctrl+shift+p");
		expect(normalizeKeyId("ctrl+PageUp")).toBe("ctrl+pageUp");
		expect(normalizeKeyId("meta+b")).toBe("alt+b");
		expect(normalizeKeyId("esc")).toBe("escape");
		expect(normalizeKeyId("return")).toBe("enter");
		expect(normalizeKeyId("A")).toBe("shift+a");
		expect(normalizeKeyId("ctrl++")).toBe("ctrl++");
		expect(normalizeKeyId("F5")).toBe("f5");
		expect(normalizeKeyId("Ctrl+S")).toBe("ctrl+s");
		expect(normalizeKeyId("hyperdrive+x")).toBeUndefined();
		expect(normalizeKeyId("ctrl+nosuchkey")).toBeUndefined();
	});

	it("matches ids written in any order and case", () => {
		expect(matchesKey("\x1b[112;6u", "Shift+Ctrl+P")).toBe(true);
		expect(matchesKey("\x1b[5~", "pageup")).toBe(true);
		expect(matchesKey("\x1b[A", "down")).toBe(false);
		expect(matchesKey("\x01", "ctrl+b")).toBe(false);
		expect(matchesKey("a", "ctrl+a")).toBe(false);
		expect(matchesKey("\x1b[1;5C", "right")).toBe(false);
	});
});

describe("pastes", () => {
	it("extracts bracketed paste text", () => {
		expect(parsePaste("\x1b[200~hello\nworld\x1b[201~")).toBe("hello\nworld");
		expect(parsePaste("hello")).toBeUndefined();
	});
});
