/** Opening a sign-in URL in the user's browser (`pi auth login`, /login). */
import { spawn } from "node:child_process";

/** Why the browser was not opened, or that it was. */
export type BrowserOpenResult = "opened" | "disabled" | "no-display" | "failed";

/**
 * Opens `url` with the platform's opener (xdg-open, open, start), unless `noBrowser` or (on Linux and the BSDs)
 * there is no display to show it on. Never throws; resolves once the opener started or failed to.
 */
export function openBrowser(
	url: string,
	options: { noBrowser: boolean; hasDisplay: boolean },
): Promise<BrowserOpenResult> {
	if (options.noBrowser) return Promise.resolve("disabled");
	const platform = process.platform;
	if (platform !== "darwin" && platform !== "win32" && !options.hasDisplay) return Promise.resolve("no-display");
	const [command, args] =
		platform === "darwin"
			? ["open", [url]]
			: platform === "win32"
				? ["cmd", ["/c", "start", "", url.replace(/&/g, "^&")]]
				: ["xdg-open", [url]];
	return new Promise((resolve) => {
		try {
			const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
			child.once("error", () => resolve("failed"));
			child.once("spawn", () => {
				child.unref();
				resolve("opened");
			});
		} catch {
			resolve("failed");
		}
	});
}
