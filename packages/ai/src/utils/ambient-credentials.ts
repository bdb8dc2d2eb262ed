/**
 * Credentials a provider's SDK finds on its own, without an API key: the AWS credential chain for Amazon Bedrock and
 * Google Application Default Credentials for Vertex AI. Detection only looks at the environment and at whether a
 * file exists; it never reads a secret, so asking is cheap and safe at start-up.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Provider } from "../types.js";

/** What detection may look at; tests pass their own. */
export interface AmbientProbe {
	env?: NodeJS.ProcessEnv;
	/** Default `existsSync`. */
	fileExists?: (path: string) => boolean;
	/** Default `os.homedir()`. */
	home?: string;
}

/** Human-readable description of each ambient chain, for docs, `--list-models` and error messages. */
export const AMBIENT_CREDENTIALS: Readonly<Record<string, string>> = {
	"amazon-bedrock":
		"AWS_PROFILE, AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, AWS_BEARER_TOKEN_BEDROCK, ECS task role " +
		"(AWS_CONTAINER_CREDENTIALS_RELATIVE_URI / _FULL_URI), IRSA (AWS_WEB_IDENTITY_TOKEN_FILE) or AWS_BEDROCK_SKIP_AUTH=1",
	"google-vertex":
		"Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS or `gcloud auth application-default login`) " +
		"plus GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT) and GOOGLE_CLOUD_LOCATION",
};

const DETECTORS: Record<string, (probe: Required<AmbientProbe>) => boolean> = {
	"amazon-bedrock": ({ env }) =>
		Boolean(
			/^(1|true)$/i.test(env.AWS_BEDROCK_SKIP_AUTH ?? "") ||
				env.AWS_PROFILE ||
				(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) ||
				env.AWS_BEARER_TOKEN_BEDROCK ||
				env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI ||
				env.AWS_CONTAINER_CREDENTIALS_FULL_URI ||
				env.AWS_WEB_IDENTITY_TOKEN_FILE,
		),
	"google-vertex": ({ env, fileExists, home }) => {
		// The SDK needs a project and a region besides the credentials; without them every request fails.
		if (!(env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT) || !env.GOOGLE_CLOUD_LOCATION) return false;
		return fileExists(env.GOOGLE_APPLICATION_CREDENTIALS || adcPath(env, home));
	},
};

/** Where `gcloud auth application-default login` writes its file. */
function adcPath(env: NodeJS.ProcessEnv, home: string): string {
	if (process.platform === "win32" && env.APPDATA) {
		return join(env.APPDATA, "gcloud", "application_default_credentials.json");
	}
	return join(env.CLOUDSDK_CONFIG || join(home, ".config", "gcloud"), "application_default_credentials.json");
}

/** Whether the provider's SDK can find credentials of its own here (false for providers without a chain). */
export function hasAmbientCredentials(provider: Provider, probe: AmbientProbe = {}): boolean {
	const detect = Object.hasOwn(DETECTORS, provider) ? DETECTORS[provider] : undefined;
	if (!detect) return false;
	return detect({
		env: probe.env ?? process.env,
		fileExists: probe.fileExists ?? existsSync,
		home: probe.home ?? homedir(),
	});
}

/** Providers that can authenticate through an ambient chain. */
export function getAmbientProviders(): Provider[] {
	return Object.keys(DETECTORS);
}
