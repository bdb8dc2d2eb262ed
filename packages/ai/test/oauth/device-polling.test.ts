/**
 * The device-code poll loop's pacing, on fake timers: a server that names no usable interval is still polled at
 * most once a second.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { pollDeviceAuthorization } from "../../src/oauth/device-code.js";

afterEach(() => {
	vi.useRealTimers();
});

describe("device authorization polling", () => {
	it("polls a server that names interval 0 once a second, not in a tight loop", async () => {
		vi.useFakeTimers();
		let polls = 0;
		const done = pollDeviceAuthorization({
			providerName: "Test",
			intervalSeconds: 0,
			expiresInSeconds: 60,
			poll: async () => {
				polls++;
				return polls < 3 ? { status: "pending" } : { status: "complete", value: "token" };
			},
		});
		await vi.advanceTimersByTimeAsync(999);
		expect(polls).toBe(0);
		await vi.advanceTimersByTimeAsync(1);
		expect(polls).toBe(1);
		await vi.advanceTimersByTimeAsync(2000);
		await expect(done).resolves.toBe("token");
		expect(polls).toBe(3);
	});

	it("keeps a longer interval the server names, and a slow_down's new one", async () => {
		vi.useFakeTimers();
		const pollTimes: number[] = [];
		const start = Date.now();
		const done = pollDeviceAuthorization({
			providerName: "Test",
			intervalSeconds: 5,
			expiresInSeconds: 120,
			poll: async () => {
				pollTimes.push(Date.now() - start);
				if (pollTimes.length === 1) return { status: "slow_down", intervalSeconds: 0.2 };
				return { status: "complete", value: "ok" };
			},
		});
		await vi.advanceTimersByTimeAsync(10_000);
		await expect(done).resolves.toBe("ok");
		// 5 s, then the server's 0.2 s raised to the 1 s floor.
		expect(pollTimes).toEqual([5000, 6000]);
	});
});
