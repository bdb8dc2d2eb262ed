/**
 * Killing everything a command started (tools.md §3.2 "Timeout and abort"): the shell's process group, plus —
 * on Linux — processes that left the group (setsid, nohup into a new session) but still hold the command's
 * output pipes.
 */
import { readdirSync, readlinkSync } from "node:fs";

/** Grace period between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 1000;

function signalQuietly(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(pid, signal);
	} catch {
		// Already gone.
	}
}

/**
 * Identities (`pipe:[inode]`, `socket:[inode]`) of a command's output channels, Linux only: our ends (`ourFds`)
 * and the child's ends (its fds 1 and 2, read right after spawn, before the script can redirect them). Node
 * connects stdio through socketpairs, whose two ends have different inodes, hence both sides.
 */
export function outputChannelIds(childPid: number | undefined, ourFds: number[]): Set<string> {
	const ids = new Set<string>();
	if (process.platform !== "linux") return ids;
	const links = ourFds.map((fd) => `/proc/self/fd/${fd}`);
	if (childPid !== undefined) links.push(`/proc/${childPid}/fd/1`, `/proc/${childPid}/fd/2`);
	for (const link of links) {
		try {
			const target = readlinkSync(link);
			if (target.startsWith("pipe:") || target.startsWith("socket:")) ids.add(target);
		} catch {
			// closed or gone
		}
	}
	return ids;
}

/** Pids (other than ours) that have one of the given pipes open. */
function findPipeHolders(pipes: Set<string>): number[] {
	if (pipes.size === 0) return [];
	const holders: number[] = [];
	let procEntries: string[];
	try {
		procEntries = readdirSync("/proc");
	} catch {
		return holders;
	}
	for (const entry of procEntries) {
		const pid = Number(entry);
		if (!Number.isInteger(pid) || pid === process.pid) continue;
		let fds: string[];
		try {
			fds = readdirSync(`/proc/${pid}/fd`);
		} catch {
			continue; // not ours to inspect, or gone
		}
		for (const fd of fds) {
			try {
				if (pipes.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) {
					holders.push(pid);
					break;
				}
			} catch {
				// fd closed meanwhile
			}
		}
	}
	return holders;
}

/** SIGKILL steps not taken yet; pi takes them all when it exits before their grace period ran out. */
const pendingKills = new Set<() => void>();
let exitHookInstalled = false;

function killPendingOnExit(): void {
	for (const kill of [...pendingKills]) kill();
}

/**
 * Sends SIGTERM to the process group `pgid` and to every process holding one of `pipes`, then SIGKILL to
 * whatever of them is left after {@link KILL_GRACE_MS}, or at once when pi exits earlier (a process that ignores
 * SIGTERM must not outlive pi: RPC stdin EOF and signals exit within seconds). Returns a function that cancels the
 * SIGKILL step.
 */
export function killProcessTree(pgid: number, pipes: Set<string>): () => void {
	const stragglers = findPipeHolders(pipes);
	signalQuietly(-pgid, "SIGTERM");
	for (const pid of stragglers) signalQuietly(pid, "SIGTERM");
	const kill = () => {
		clearTimeout(timer);
		pendingKills.delete(kill);
		signalQuietly(-pgid, "SIGKILL");
		for (const pid of new Set([...stragglers, ...findPipeHolders(pipes)])) signalQuietly(pid, "SIGKILL");
	};
	const timer = setTimeout(kill, KILL_GRACE_MS);
	// The SIGKILL step must not keep a finished pi process alive; the exit hook takes it instead.
	timer.unref();
	pendingKills.add(kill);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.on("exit", killPendingOnExit);
	}
	return () => {
		clearTimeout(timer);
		pendingKills.delete(kill);
	};
}
