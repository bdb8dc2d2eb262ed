/**
 * Credentials a provider's SDK finds on its own, without an API key: the AWS credential chain for Amazon Bedrock and
 * Google Application Default Credentials for Vertex AI. Detection looks at the environment and at whether a file
 * exists; the only file it reads is Google's ADC file, for the project it names, and only when the environment names
 * none. No network, so asking is cheap and safe at start-up.
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { adcJsonProject, mayReachMetadataServer } from "../providers/google-vertex/adc.js";
import type { Provider } from "../types.js";

/** What detection may look at; tests pass their own. */
export interface AmbientProbe {
	env?: NodeJS.ProcessEnv;
	/** Default `existsSync`. */
	fileExists?: (path: string) => boolean;
	/** Default `readFileSync(path, "utf8")`; a throw counts as an unreadable file. */
	readFile?: (path: string) => string;
	/** Default `os.homedir()`. */
	home?: string;
	/** Whether a Google metadata server can give tokens (configured, or on Google Cloud); default the adapter's check. */
	metadataServer?: (env: NodeJS.ProcessEnv) => boolean;
}

/** Human-readable description of each ambient chain, for docs, `--list-models` and error messages. */
export const AMBIENT_CREDENTIALS: Readonly<Record<string, string>> = {
	"amazon-bedrock":
		"AWS_PROFILE, AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, AWS_BEARER_TOKEN_BEDROCK, ECS task role " +
		"(AWS_CONTAINER_CREDENTIALS_RELATIVE_URI / _FULL_URI), IRSA (AWS_WEB_IDENTITY_TOKEN_FILE) or AWS_BEDROCK_SKIP_AUTH=1",
	"google-vertex":
		"Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, `gcloud auth application-default login` or " +
		"the metadata server on Google Cloud) plus GOOGLE_CLOUD_LOCATION and a project (GOOGLE_CLOUD_PROJECT, " +
		"GCLOUD_PROJECT or the one the ADC file names)",
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
	// What the adapter accepts (google-vertex/config.ts resolveVertexAuth): a location, a project from the environment
	// or the ADC file, and credentials from that file or a metadata server. Express mode (GOOGLE_CLOUD_API_KEY) is a
	// key variable, counted by env-keys.ts.
	"google-vertex": ({ env, fileExists, readFile, home, metadataServer }) => {
		if (!nonEmpty(env.GOOGLE_CLOUD_LOCATION)) return false;
		const project = nonEmpty(env.GOOGLE_CLOUD_PROJECT) ?? nonEmpty(env.GCLOUD_PROJECT);
		const named = nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS);
		const file = named ?? adcPath(env, home);
		if (fileExists(file)) return project !== undefined || projectInFile(file, readFile) !== undefined;
		// No file: only a metadata server can sign in, and it is not asked when the named key file is missing; the
		// project must then come from the environment.
		return !named && project !== undefined && metadataServer(env);
	},
};

function nonEmpty(value: string | undefined): string | undefined {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
}

/** The project the ADC file names, if it can be read. */
function projectInFile(path: string, readFile: (path: string) => string): string | undefined {
	try {
		return adcJsonProject(readFile(path));
	} catch {
		return undefined;
	}
}

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
		readFile: probe.readFile ?? ((path) => readFileSync(path, "utf8")),
		home: probe.home ?? homedir(),
		metadataServer: probe.metadataServer ?? mayReachMetadataServer,
	});
}

/** Providers that can authenticate through an ambient chain. */
export function getAmbientProviders(): Provider[] {
	return Object.keys(DETECTORS);
}
