/**
 * The AWS event-stream binary framing (`application/vnd.amazon.eventstream`), written by the mock server for the
 * Bedrock protocol. One message is:
 *
 *   total length (u32 BE) | headers length (u32 BE) | CRC32 of those 8 bytes | headers | payload | CRC32 of all before
 *
 * and each header is: name length (u8) | name | value type (u8, 7 = string) | value length (u16 BE) | value.
 * The SDK checks both checksums, so a wrong byte anywhere makes it fail the stream rather than misread it.
 */
import * as zlib from "node:zlib";

/** Header value type 7: a UTF-8 string with a 16-bit length. The only type the Bedrock stream uses. */
const STRING_VALUE_TYPE = 7;
/** Prelude (two lengths and their CRC) plus the trailing message CRC. */
const FRAMING_BYTES = 16;

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE, as zlib and the event-stream spec compute it). Node has `zlib.crc32` from 20.15 / 22.2 on. */
export function crc32(data: Uint8Array): number {
	const native = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
	if (typeof native === "function") return native(data) >>> 0;
	if (!crcTable) {
		crcTable = new Uint32Array(256);
		for (let n = 0; n < 256; n++) {
			let c = n;
			for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
			crcTable[n] = c >>> 0;
		}
	}
	let crc = 0xffffffff;
	for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function encodeHeaders(headers: Record<string, string>): Buffer {
	const parts: Buffer[] = [];
	for (const [name, value] of Object.entries(headers)) {
		const nameBytes = Buffer.from(name, "utf8");
		const valueBytes = Buffer.from(value, "utf8");
		const head = Buffer.alloc(1 + nameBytes.length + 1 + 2);
		head.writeUInt8(nameBytes.length, 0);
		nameBytes.copy(head, 1);
		head.writeUInt8(STRING_VALUE_TYPE, 1 + nameBytes.length);
		head.writeUInt16BE(valueBytes.length, 2 + nameBytes.length);
		parts.push(head, valueBytes);
	}
	return Buffer.concat(parts);
}

/** One event-stream message with string headers and a raw payload. */
export function encodeEventStreamMessage(headers: Record<string, string>, payload: Uint8Array): Uint8Array {
	const headerBytes = encodeHeaders(headers);
	const total = FRAMING_BYTES + headerBytes.length + payload.length;
	const message = Buffer.alloc(total);
	message.writeUInt32BE(total, 0);
	message.writeUInt32BE(headerBytes.length, 4);
	message.writeUInt32BE(crc32(message.subarray(0, 8)), 8);
	headerBytes.copy(message, 12);
	Buffer.from(payload).copy(message, 12 + headerBytes.length);
	message.writeUInt32BE(crc32(message.subarray(0, total - 4)), total - 4);
	return message;
}

/** An `event` message: `:event-type` names the union member, the payload is its JSON. */
export function encodeEvent(eventType: string, body: unknown): Uint8Array {
	return encodeEventStreamMessage(
		{ ":event-type": eventType, ":content-type": "application/json", ":message-type": "event" },
		Buffer.from(JSON.stringify(body), "utf8"),
	);
}

/** An `exception` message: `:exception-type` names the error member, the payload carries its `message`. */
export function encodeException(exceptionType: string, message: string): Uint8Array {
	return encodeEventStreamMessage(
		{ ":exception-type": exceptionType, ":content-type": "application/json", ":message-type": "exception" },
		Buffer.from(JSON.stringify({ message }), "utf8"),
	);
}
