/**
 * Where Application Default Credentials can come from, looked at without reading a secret: the key file
 * `GOOGLE_APPLICATION_CREDENTIALS` names, gcloud's login file, or the metadata server of Google Cloud.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { homedir, networkInterfaces } from "node:os";
import { join } from "node:path";
import type { Env } from "./config.js";

const ADC_FILE_NAME = "application_default_credentials.json";

const nonEmpty = (value: string | undefined): string | undefined => {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
};

/** The ADC file google-auth-library reads first: `GOOGLE_APPLICATION_CREDENTIALS`, else gcloud's login file. */
function adcFile(env: Env): string {
	return nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS) ?? join(gcloudConfigDir(env), ADC_FILE_NAME);
}

/** gcloud's configuration folder, where `gcloud auth application-default login` writes its file. */
function gcloudConfigDir(env: Env): string {
	const configured = nonEmpty(env.CLOUDSDK_CONFIG);
	if (configured) return configured;
	if (process.platform === "win32") return join(env.APPDATA ?? join(homedir(), "AppData", "Roaming"), "gcloud");
	return join(env.HOME ?? homedir(), ".config", "gcloud");
}

/**
 * The project the ADC file names: a service-account key's `project_id`, a `gcloud auth application-default login`
 * file's `quota_project_id`. Unreadable files name none.
 */
export async function readAdcFileProject(env: Env): Promise<string | undefined> {
	try {
		return adcJsonProject(await readFile(adcFile(env), "utf8"));
	} catch {
		return undefined;
	}
}

/** The project an ADC file's text names (`project_id`, else `quota_project_id`); none for text that is not JSON. */
export function adcJsonProject(text: string): string | undefined {
	try {
		const json = JSON.parse(text) as { project_id?: unknown; quota_project_id?: unknown };
		const project = json.project_id ?? json.quota_project_id;
		return typeof project === "string" && project.trim() !== "" ? project.trim() : undefined;
	} catch {
		return undefined;
	}
}

/** The variables that decide which ADC source google-auth-library picks: a change means other credentials. */
export function adcSources(env: Env = process.env): string[] {
	return [env.GOOGLE_APPLICATION_CREDENTIALS, env.CLOUDSDK_CONFIG, env.HOME, env.APPDATA, env.GCE_METADATA_HOST].map(
		(value) => value ?? "",
	);
}

/**
 * Whether google-auth-library can find credentials here: a key file is named (even a missing one: the library's
 * error names it), gcloud's file exists, a metadata server is configured (`GCE_METADATA_HOST`,
 * `METADATA_SERVER_DETECTION`), or this is Google Cloud by the residency signs the library checks itself
 * (serverless variables, a Google BIOS, a GCE network card). Without any, the library would still ping the metadata
 * server, which off Google Cloud waits for a timeout and prints a MetadataLookupWarning on stderr, over the terminal
 * UI; the caller says "no credentials" at once instead.
 */
export function mayFindAdc(env: Env): boolean {
	if (nonEmpty(env.GOOGLE_APPLICATION_CREDENTIALS) || existsSync(adcFile(env))) return true;
	return mayReachMetadataServer(env);
}

/**
 * Whether google-auth-library would get a token from a metadata server: one is configured, or this is Google Cloud
 * by the signs in {@link mayFindAdc}. No request is made.
 */
export function mayReachMetadataServer(env: Env): boolean {
	if (nonEmpty(env.GCE_METADATA_HOST) || nonEmpty(env.GCE_METADATA_IP)) return true;
	const detection = nonEmpty(env.METADATA_SERVER_DETECTION)?.toLowerCase();
	if (detection) return detection !== "none";
	return Boolean(env.CLOUD_RUN_JOB || env.FUNCTION_NAME || env.K_SERVICE) || onComputeEngine();
}

/** google-auth-library's Compute Engine signs: a Google BIOS (Linux), or a network card with a GCE address. */
function onComputeEngine(): boolean {
	if (process.platform === "linux") {
		try {
			statSync("/sys/class/dmi/id/bios_date");
			if (/Google/.test(readFileSync("/sys/class/dmi/id/bios_vendor", "utf8"))) return true;
		} catch {
			// Not readable: no sign either way.
		}
	}
	return Object.values(networkInterfaces()).some((cards) => cards?.some((card) => /^42:01/.test(card.mac)));
}
