import { describe, expect, it } from "vitest";
import { parseAuthorizationInput } from "../../src/oauth/authorization-code.js";
import { generatePkce, generateState, pkceChallenge } from "../../src/oauth/pkce.js";

describe("PKCE", () => {
	it("derives the S256 challenge of RFC 7636's example verifier", () => {
		expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
			"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
		);
	});

	it("makes a fresh 43-character base64url verifier each time", () => {
		const a = generatePkce();
		const b = generatePkce();
		expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(a.challenge).toBe(pkceChallenge(a.verifier));
		expect(a.verifier).not.toBe(b.verifier);
		expect(generateState()).not.toBe(generateState());
	});
});

describe("reading a pasted sign-in answer", () => {
	it.each([
		["http://localhost:53692/callback?code=abc&state=xyz", { code: "abc", state: "xyz" }],
		["abc#xyz", { code: "abc", state: "xyz" }],
		["code=abc&state=xyz", { code: "abc", state: "xyz" }],
		["?code=abc", { code: "abc" }],
		["  abc  ", { code: "abc" }],
		["http://localhost:1455/auth/callback?error=access_denied&state=xyz", { error: "access_denied", state: "xyz" }],
		["", {}],
	])("%j", (input, expected) => {
		const parsed = parseAuthorizationInput(input);
		expect(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))).toEqual(expected);
	});
});
