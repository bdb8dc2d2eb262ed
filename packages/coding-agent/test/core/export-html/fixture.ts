import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AssistantMessage, ToolCall, ToolResultMessage, UserMessage } from "@pi/ai";
import { afterEach } from "vitest";
import { SessionManager } from "../../../src/core/session/index.js";

const tempDirs: string[] = [];

/** A fresh temp directory removed after the test. */
export function makeTempDir(): string {
	const dir = mkdtempSync(join(tmpdir(), "pi-export-test-"));
	tempDirs.push(dir);
	return dir;
}

afterEach(() => {
	for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A 48x32 gradient PNG. */
export const PNG_BASE64 =
	"iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAKwklEQVR42hXXn/+7UBzF8a9MJpPJZDKZTCaTK0mSJEmSJEmSXEmSK8mVK1euJFeSJEmSlyRJMplM9k98+9y/4Pm4v97n/PsnOAiOgpPgLLgIroKb4C54CJ6Cl0AIAkEoiASxIBGkgkyQCwpBKagEUlALGoEStAItMAIrcIJO4AW9YBCMgkkwCxAsglWwCd6Cj+Ar+An+/Qs4BBwDTgHngEvANeAWcA94BDwDXgEiIAgIA6KAOCAJSAOygDygCCgDqgAZUAc0ASqgDdABJsAGuIAuwAf0AUPAGDAFzAEELAFrwBbwDvgEfAN+wQ4KOYQcQ04h55BLyDXkFnIPeYQ8Q14hIiQICUOikDgkCUlDspA8pAgpQ6oQGVKHNCEqpA3RISbEhriQLsSH9CFDyBgyhcwhhCwha8gW8g75hHxDfuEOijhEHCNOEeeIS8Q14hZxj3hEPCNeESIiiAgjoog4IolII7KIPKKIKCOqCBlRRzQRKqKN0BEmwka4iC7CR/QRQ8QYMUXMEUQsEWvEFvGO+ER8I37RDoo5xBxjTjHnmEvMNeYWc495xDxjXjEiJogJY6KYOCaJSWOymDymiCljqhgZU8c0MSqmjdExJsbGuJguxsf0MUPMGDPFzDHELDFrzBbzjvnEfGN+8Q5KOCQcE04J54RLwjXhlnBPeCQ8E14JIiFICBOihDghSUgTsoQ8oUgoE6oEmVAnNAkqoU3QCSbBJriELsEn9AlDwpgwJcwJJCwJa8KW8E74JHwTfskOSjmkHFNOKeeUS8o15ZZyT3mkPFNeKSIlSAlTopQ4JUlJU7KUPKVIKVOqFJlSpzQpKqVN0Skmxaa4lC7Fp/QpQ8qYMqXMKaQsKWvKlvJO+aR8U37pDso4ZBwzThnnjEvGNeOWcc94ZDwzXhkiI8gIM6KMOCPJSDOyjDyjyCgzqgyZUWc0GSqjzdAZJsNmuIwuw2f0GUPGmDFlzBlkLBlrxpbxzvhkfDN+2Q7KOeQcc04555xLzjXnlnPPeeQ8c145IifICXOinDgnyUlzspw8p8gpc6ocmVPnNDkqp83ROSbH5ricLsfn9DlDzpgz5cw55Cw5a86W88755HxzfvkOKjgUHAtOBeeCS8G14FZwL3gUPAteBaIgKAgLooK4IClIC7KCvKAoKAuqAllQFzQFqqAt0AWmwBa4gq7AF/QFQ8FYMBXMBRQsBWvBVvAu+BR8C37FDio5lBxLTiXnkkvJteRWci95lDxLXiWiJCgJS6KSuCQpSUuykrykKClLqhJZUpc0JaqkLdElpsSWuJKuxJf0JUPJWDKVzCWULCVryVbyLvmUfEt+5Q6qOFQcK04V54pLxbXiVnGveFQ8K14VoiKoCCuiirgiqUgrsoq8oqgoK6oKWVFXNBWqoq3QFabCVriKrsJX9BVDxVgxVcwVVCwVa8VW8a74VHwrftUOkhwkR8lJcpZcJFfJTXKXPCRPyUsiJIEklESSWJJIUkkmySWFpJRUEimpJY1ESVqJlhiJlThJJ/GSXjJIRskkmSVIFskq2SRvyUfylfzkDqo51BxrTjXnmkvNteZWc6951DxrXjWiJqgJa6KauCapSWuymrymqClrqhpZU9c0NaqmrdE1psbWuJquxtf0NUPNWDPVzDXULDVrzVbzrvnUfGt+9Q5qODQcG04N54ZLw7Xh1nBveDQ8G14NoiFoCBuihrghaUgbsoa8oWgoG6oG2VA3NA2qoW3QDabBNriGrsE39A1Dw9gwNcwNNCwNa8PW8G74NHwbfs0OUhwUR8VJcVZcFFfFTXFXPBRPxUshFIEiVESKWJEoUkWmyBWFolRUCqmoFY1CKVqFVhiFVThFp/CKXjEoRsWkmBUoFsWq2BRvxUfxVfzUDmo5tBxbTi3nlkvLteXWcm95tDxbXi2iJWgJW6KWuCVpSVuylrylaClbqhbZUrc0LaqlbdEtpsW2uJauxbf0LUPL2DK1zC20LC1ry9bybvm0fFt+7Q7SHDRHzUlz1lw0V81Nc9c8NE/NSyM0gSbURJpYk2hSTabJNYWm1FQaqak1jUZpWo3WGI3VOE2n8ZpeM2hGzaSZNWgWzarZNG/NR/PV/PQOMhwMR8PJcDZcDFfDzXA3PAxPw8sgDIEhNESG2JAYUkNmyA2FoTRUBmmoDY1BGVqDNhiDNThDZ/CG3jAYRsNkmA0YFsNq2Axvw8fwNfzMDrIcLEfLyXK2XCxXy81ytzwsT8vLIiyBJbREltiSWFJLZskthaW0VBZpqS2NRVlai7YYi7U4S2fxlt4yWEbLZJktWBbLatksb8vH8rX87A5yHBxHx8lxdlwcV8fNcXc8HE/HyyEcgSN0RI7YkThSR+bIHYWjdFQO6agdjUM5Wod2GId1OEfn8I7eMThGx+SYHTgWx+rYHG/Hx/F1/NwO6jh0HDtOHeeOS8e149Zx73h0PDteHaIj6Ag7oo64I+lIO7KOvKPoKDuqDtlRdzQdqqPt0B2mw3a4jq7Dd/QdQ8fYMXXMHXQsHWvH1vHu+HR8O37dDvIcPEfPyXP2XDxXz81z9zw8T8/LIzyBJ/REntiTeFJP5sk9haf0VB7pqT2NR3laj/YYj/U4T+fxnt4zeEbP5Jk9eBbP6tk8b8/H8/X8/A7qOfQce049555Lz7Xn1nPvefQ8e149oifoCXuinrgn6Ul7sp68p+gpe6oe2VP3ND2qp+3RPabH9riersf39D1Dz9gz9cw99Cw9a8/W8+759Hx7fv0OGjgMHAdOA+eBy8B14DZwH3gMPAdeA2IgGAgHooF4IBlIB7KBfKAYKAeqATlQDzQDaqAd0ANmwA64gW7AD/QDw8A4MA3MAwwsA+vANvAe+Ax8B37DDho5jBxHTiPnkcvIdeQ2ch95jDxHXiNiJBgJR6KReCQZSUeykXykGClHqhE5Uo80I2qkHdEjZsSOuJFuxI/0I8PIODKNzCOMLCPryDbyHvmMfEd+4w6aOEwcJ04T54nLxHXiNnGfeEw8J14TYiKYCCeiiXgimUgnsol8opgoJ6oJOVFPNBNqop3QE2bCTriJbsJP9BPDxDgxTcwTTCwT68Q28Z74THwnftMOmjnMHGdOM+eZy8x15jZzn3nMPGdeM2ImmAlnopl4JplJZ7KZfKaYKWeqGTlTzzQzaqad0TNmxs64mW7Gz/Qzw8w4M83MM8wsM+vMNvOe+cx8Z37zDoIDHOEEZ7jAFW5whwc84fVXw/fiu1fNvdztdWovMHtl2EP6Hov3ILpHvz1s7fFmDxT7CN+H5j6m9sGwf8X757d/N/sD35/Ufon3a7Mf1L41O+ZvLbDCBm/4wBd+7KCFw8Jx4bRwXrgsXBduC/eFx8Jz4bUgFoKFcCFaiBeShXQhW8gXioVyoVqQC/VCs6AW2gW9YBbsglvoFvxCvzAsjAvTwrz8cZaFdWFbeC98Fr4Lv2UHrRxWjiunlfPKZeW6clu5rzxWniuvFbESrIQr0Uq8kqykK9lKvlKslCvVilypV5oVtdKu6BWzYlfcSrfiV/qVYWVcmVbm9W9zlpV1ZVt5r3xWviu/dQdtHDaOG6eN88Zl47px27hvPDaeG68NsRFshBvRRryRbKQb2Ua+UWyUG9WG3Kg3mg210W7oDbNhN9xGt+E3+o1hY9yYNubt76iWjXVj23hvfDa+G7+N/wYkqpdBUa+0AAAAAElFTkSuQmCC";

export const EDIT_DIFF = [
	"--- src/config.ts",
	"+++ src/config.ts",
	"@@ -1,4 +1,4 @@",
	" export const config = {",
	"-  port: 3000,",
	"+  port: Number(process.env.PORT ?? 3000),",
	'   host: "localhost",',
	" };",
].join("\n");

export function user(text: string, image = false): UserMessage {
	const content: UserMessage["content"] = [{ type: "text", text }];
	if (image) content.push({ type: "image", data: PNG_BASE64, mimeType: "image/png" });
	return { role: "user", content, timestamp: Date.now() };
}

export function assistant(
	parts: { text?: string; thinking?: string; calls?: ToolCall[] },
	usage = { input: 1000, output: 200, cost: 0.0123 },
): AssistantMessage {
	const content: AssistantMessage["content"] = [];
	if (parts.thinking) content.push({ type: "thinking", thinking: parts.thinking });
	if (parts.text) content.push({ type: "text", text: parts.text });
	content.push(...(parts.calls ?? []));
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-sonnet-4-5",
		usage: {
			input: usage.input,
			output: usage.output,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: usage.input + usage.output,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: usage.cost },
		},
		stopReason: parts.calls?.length ? "toolUse" : "stop",
		timestamp: Date.now(),
	};
}

export function call(id: string, name: string, args: Record<string, unknown>): ToolCall {
	return { type: "toolCall", id, name, arguments: args };
}

export function result(
	toolCallId: string,
	toolName: string,
	text: string,
	options: { details?: unknown; isError?: boolean } = {},
): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId,
		toolName,
		content: [{ type: "text", text }],
		details: options.details,
		isError: options.isError ?? false,
		timestamp: Date.now(),
	};
}

/** Ids of the interesting entries of {@link buildBranchedSession}. */
export interface BranchedSession {
	manager: SessionManager;
	file: string;
	firstUserId: string;
	forkPointId: string;
	/** Branch A (abandoned): "add tests". */
	testsUserId: string;
	testsDoneId: string;
	/** Branch B (current leaf): a branch summary, then "environment variables". */
	branchSummaryId: string;
	envUserId: string;
	leafId: string;
}

/**
 * A session with two branches after a common start: read/bash/edit tool calls (the edit with a diff), a label on
 * the fork point, branch A writing a test file, then a branch summary and branch B (with an image) as the leaf.
 */
export function buildBranchedSession(dir: string): BranchedSession {
	const manager = SessionManager.create("/home/alice/proj", join(dir, "sessions"), {
		model: { provider: "anthropic", modelId: "claude-sonnet-4-5" },
		thinkingLevel: "medium",
	});
	manager.appendSessionInfo("Config port fix");
	const firstUserId = manager.appendMessage(user("Make the port configurable in src/config.ts"));
	manager.appendMessage(
		assistant({
			thinking: "I should read the config first.",
			text: "Let me look at the **config**.",
			calls: [call("c1", "read", { file_path: "src/config.ts" }), call("c2", "bash", { command: "ls src" })],
		}),
	);
	manager.appendMessage(
		result(
			"c1",
			"read",
			'     1\texport const config = {\n     2\t  port: 3000,\n     3\t  host: "localhost",\n     4\t};',
		),
	);
	manager.appendMessage(result("c2", "bash", "config.ts\nmain.ts"));
	manager.appendMessage(
		assistant({
			text: "Changing the port line.",
			calls: [
				call("c3", "edit", {
					file_path: "src/config.ts",
					old_string: "  port: 3000,",
					new_string: "  port: Number(process.env.PORT ?? 3000),",
				}),
			],
		}),
	);
	manager.appendMessage(
		result("c3", "edit", "Edited src/config.ts: 1 replacement, +1 -1 lines", {
			details: {
				filePath: "/home/alice/proj/src/config.ts",
				diff: EDIT_DIFF,
				firstChangedLine: 2,
				matchCount: 1,
				linesAdded: 1,
				linesRemoved: 1,
			},
		}),
	);
	const forkPointId = manager.appendMessage(assistant({ text: "Done: the port now comes from `PORT`." }));
	manager.appendLabel(forkPointId, "port-fixed");

	const testsUserId = manager.appendMessage(user("Now add tests for it"));
	manager.appendMessage(
		assistant({
			calls: [call("c4", "write", { file_path: "test/config.test.ts", content: "test('port', () => {});\n" })],
		}),
	);
	manager.appendMessage(result("c4", "write", "Created test/config.test.ts (24 bytes)"));
	const testsDoneId = manager.appendMessage(assistant({ text: "Tests added in test/config.test.ts." }));

	const branchSummaryId = manager.branchWithSummary(forkPointId, "Tried adding tests; abandoned.");
	const envUserId = manager.appendMessage(user("Read it from environment variables instead, see screenshot", true));
	const leafId = manager.appendMessage(assistant({ text: "Switched to environment variables." }));
	return {
		manager,
		file: manager.getSessionFile() as string,
		firstUserId,
		forkPointId,
		testsUserId,
		testsDoneId,
		branchSummaryId,
		envUserId,
		leafId,
	};
}
