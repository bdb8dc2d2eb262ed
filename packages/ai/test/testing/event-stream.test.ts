/**
 * The mock server's AWS event-stream encoder: the framing the Bedrock SDK checks (lengths and both CRC32s). The
 * Bedrock adapter tests decode it through the real SDK; these pin the bytes themselves.
 */
import { describe, expect, it } from "vitest";
import { crc32, encodeEventStreamMessage } from "../../src/testing/index.js";

describe("event-stream encoder", () => {
	it("computes the standard CRC-32 check value", () => {
		expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
		expect(crc32(new Uint8Array())).toBe(0);
	});

	it("writes prelude, string headers, payload and both checksums", () => {
		const payload = Buffer.from('{"role":"assistant"}');
		const message = Buffer.from(encodeEventStreamMessage({ ":event-type": "messageStart" }, payload));
		const headerLength = 1 + ":event-type".length + 1 + 2 + "messageStart".length;
		expect(message.readUInt32BE(0)).toBe(message.length);
		expect(message.length).toBe(16 + headerLength + payload.length);
		expect(message.readUInt32BE(4)).toBe(headerLength);
		expect(message.readUInt32BE(8)).toBe(crc32(message.subarray(0, 8)));
		expect(message.readUInt8(12)).toBe(":event-type".length);
		expect(message.subarray(13, 24).toString()).toBe(":event-type");
		expect(message.readUInt8(24)).toBe(7);
		expect(message.readUInt16BE(25)).toBe("messageStart".length);
		expect(message.subarray(12 + headerLength, message.length - 4).toString()).toBe('{"role":"assistant"}');
		expect(message.readUInt32BE(message.length - 4)).toBe(crc32(message.subarray(0, message.length - 4)));
	});
});
