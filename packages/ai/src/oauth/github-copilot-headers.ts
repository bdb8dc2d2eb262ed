/**
 * The editor identity GitHub's Copilot endpoints expect on every request (token exchange, model policy, and the
 * model requests themselves): Copilot serves known editors, so pi presents itself as VS Code's Copilot Chat.
 */
export const GITHUB_COPILOT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
	"User-Agent": "GitHubCopilotChat/0.35.0",
	"Editor-Version": "vscode/1.107.0",
	"Editor-Plugin-Version": "copilot-chat/0.35.0",
	"Copilot-Integration-Id": "vscode-chat",
});

/** Where Copilot model requests go for a Copilot token: the host its `proxy-ep` field names (proxy.X becomes api.X),
 * else the enterprise's `copilot-api.<domain>`, else the individual endpoint. A loopback host (a test's mock) is
 * spoken to over plain http. */
export function getGitHubCopilotBaseUrl(copilotToken: string | undefined, enterpriseDomain?: string): string {
	const proxy = copilotToken ? /(?:^|;)proxy-ep=([^;]+)/.exec(copilotToken)?.[1] : undefined;
	if (proxy) {
		const host = proxy.replace(/^proxy\./, "api.");
		return `${isLoopback(host) ? "http" : "https"}://${host}`;
	}
	if (enterpriseDomain) return `https://copilot-api.${enterpriseDomain}`;
	return "https://api.individual.githubcopilot.com";
}

function isLoopback(host: string): boolean {
	const name = host.replace(/:\d+$/, "");
	return name === "localhost" || name.startsWith("127.") || name === "[::1]";
}
