/**
 * Reading and validating `models.json` (config.md §3). Any error rejects the whole file; the caller then offers
 * only built-in models. Errors are complete user-facing lines: `Invalid models.json (<path>): <json path>: <problem>`.
 */
import type { AgentLevel, KnownApi, ModelCompat, ModelCost } from "@pi/ai";
import { readJsonFile } from "./atomic-json.js";
import { isPlainObject } from "./json-path.js";
import { isThinkingLevel, THINKING_LEVEL_NAMES } from "./model-resolver.js";

export const SUPPORTED_APIS: readonly KnownApi[] = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
	"openai-codex-responses",
	"mistral-conversations",
	"bedrock-converse-stream",
];

type ThinkingLevelMap = Partial<Record<AgentLevel, string | null>>;

/** A model to add (`providers.<name>.models[]`). */
export interface ModelDefinition {
	id: string;
	name?: string;
	api?: KnownApi;
	baseUrl?: string;
	reasoning?: boolean;
	input?: ("text" | "image")[];
	cost?: Partial<ModelCost>;
	contextWindow?: number;
	maxTokens?: number;
	headers?: Record<string, string>;
	compat?: ModelCompat;
	thinkingLevelMap?: ThinkingLevelMap;
	/** Legacy name of `thinkingLevelMap`. */
	reasoningEffortMap?: ThinkingLevelMap;
}

/** Adjustments of a built-in model (`providers.<name>.modelOverrides.<id>`). */
export type ModelOverride = Omit<ModelDefinition, "id" | "api" | "baseUrl">;

export interface ProviderConfig {
	baseUrl?: string;
	apiKey?: string;
	api?: KnownApi;
	headers?: Record<string, string>;
	authHeader?: boolean;
	compat?: ModelCompat;
	models?: ModelDefinition[];
	modelOverrides?: Record<string, ModelOverride>;
}

export type ModelsJson = { providers: Record<string, ProviderConfig> };

export type ModelsJsonLoad =
	| { status: "missing" }
	| { status: "ok"; config: ModelsJson }
	| { status: "invalid"; errors: string[] };

/** The error line for one problem. */
export function modelsJsonErrorMessage(file: string, jsonPath: string, problem: string): string {
	return `Invalid models.json (${file}): ${jsonPath}: ${problem}`;
}

function child(path: string, key: string | number): string {
	if (typeof key === "number") return `${path}[${key}]`;
	return /^[A-Za-z0-9_-]+$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

const COMPAT_BOOLEANS = [
	"supportsStore",
	"supportsDeveloperRole",
	"supportsReasoningEffort",
	"supportsUsageInStreaming",
	"requiresToolResultName",
	"requiresAssistantAfterToolResult",
	"requiresThinkingAsText",
	"supportsStrictMode",
	"supportsLongCacheRetention",
	"zaiToolStream",
	"requiresReasoningContentOnAssistantMessages",
	"sendSessionAffinityHeaders",
	"supportsEagerToolInputStreaming",
];
const COMPAT_ENUMS: Record<string, string[]> = {
	maxTokensField: ["max_completion_tokens", "max_tokens"],
	thinkingFormat: ["openai", "zai", "qwen", "qwen-chat-template", "openrouter", "deepseek"],
	cacheControlFormat: ["anthropic", "none"],
	sessionAffinityFormat: ["openai", "openai-nosession", "openrouter"],
};

class Validator {
	readonly problems: { path: string; problem: string }[] = [];

	fail(path: string, problem: string): void {
		this.problems.push({ path, problem });
	}

	string(obj: Record<string, unknown>, key: string, path: string, nonEmpty = false): void {
		if (obj[key] === undefined) return;
		if (typeof obj[key] !== "string" || (nonEmpty && obj[key] === "")) {
			this.fail(child(path, key), nonEmpty ? "expected a non-empty string" : "expected a string");
		}
	}

	boolean(obj: Record<string, unknown>, key: string, path: string): void {
		if (obj[key] !== undefined && typeof obj[key] !== "boolean") this.fail(child(path, key), "expected true or false");
	}

	positiveInteger(obj: Record<string, unknown>, key: string, path: string): void {
		const v = obj[key];
		if (v !== undefined && !(Number.isInteger(v) && (v as number) > 0)) {
			this.fail(child(path, key), "expected a positive integer");
		}
	}

	api(obj: Record<string, unknown>, path: string): void {
		if (obj.api !== undefined && !SUPPORTED_APIS.includes(obj.api as KnownApi)) {
			this.fail(child(path, "api"), `expected one of ${SUPPORTED_APIS.join(", ")}`);
		}
	}

	headers(obj: Record<string, unknown>, path: string): void {
		const headers = obj.headers;
		if (headers === undefined) return;
		if (!isPlainObject(headers)) {
			this.fail(child(path, "headers"), "expected an object of strings");
			return;
		}
		for (const [name, value] of Object.entries(headers)) {
			if (typeof value !== "string") this.fail(child(child(path, "headers"), name), "expected a string");
		}
	}

	compat(obj: Record<string, unknown>, path: string): void {
		const compat = obj.compat;
		if (compat === undefined) return;
		const at = child(path, "compat");
		if (!isPlainObject(compat)) {
			this.fail(at, "expected an object");
			return;
		}
		for (const flag of COMPAT_BOOLEANS) this.boolean(compat, flag, at);
		for (const [flag, values] of Object.entries(COMPAT_ENUMS)) {
			if (compat[flag] !== undefined && !values.includes(compat[flag] as string)) {
				this.fail(child(at, flag), `expected one of ${values.join(", ")}`);
			}
		}
		if (compat.openRouterRouting !== undefined && !isPlainObject(compat.openRouterRouting)) {
			this.fail(child(at, "openRouterRouting"), "expected an object");
		}
		const gateway = compat.vercelGatewayRouting;
		if (gateway !== undefined) {
			const gatewayPath = child(at, "vercelGatewayRouting");
			if (!isPlainObject(gateway)) this.fail(gatewayPath, "expected an object");
			else {
				for (const key of ["only", "order"]) {
					const list = gateway[key];
					if (list !== undefined && !(Array.isArray(list) && list.every((v) => typeof v === "string"))) {
						this.fail(child(gatewayPath, key), "expected an array of strings");
					}
				}
			}
		}
	}

	levelMap(obj: Record<string, unknown>, key: string, path: string): void {
		const map = obj[key];
		if (map === undefined) return;
		const at = child(path, key);
		if (!isPlainObject(map)) {
			this.fail(at, "expected an object");
			return;
		}
		for (const [level, value] of Object.entries(map)) {
			if (!isThinkingLevel(level))
				this.fail(child(at, level), `unknown thinking level (use ${THINKING_LEVEL_NAMES.join(", ")})`);
			else if (value !== null && typeof value !== "string") this.fail(child(at, level), "expected a string or null");
		}
	}

	/** Fields shared by model definitions and overrides. */
	modelFields(model: Record<string, unknown>, path: string): void {
		this.string(model, "name", path);
		this.boolean(model, "reasoning", path);
		const input = model.input;
		if (input !== undefined && !(Array.isArray(input) && input.every((v) => v === "text" || v === "image"))) {
			this.fail(child(path, "input"), 'expected an array of "text" and "image"');
		}
		const cost = model.cost;
		if (cost !== undefined) {
			if (!isPlainObject(cost)) this.fail(child(path, "cost"), "expected an object");
			else {
				for (const [key, value] of Object.entries(cost)) {
					if (!["input", "output", "cacheRead", "cacheWrite"].includes(key)) {
						this.fail(child(child(path, "cost"), key), "unknown cost field (use input, output, cacheRead, cacheWrite)");
					} else if (typeof value !== "number" || !(value >= 0)) {
						this.fail(child(child(path, "cost"), key), "expected a number >= 0");
					}
				}
			}
		}
		this.positiveInteger(model, "contextWindow", path);
		this.positiveInteger(model, "maxTokens", path);
		this.headers(model, path);
		this.compat(model, path);
		this.levelMap(model, "thinkingLevelMap", path);
		this.levelMap(model, "reasoningEffortMap", path);
	}

	provider(name: string, config: unknown, builtInProviders: ReadonlySet<string>): void {
		const path = child("$.providers", name);
		if (!isPlainObject(config)) {
			this.fail(path, "expected an object");
			return;
		}
		this.string(config, "baseUrl", path, true);
		this.string(config, "apiKey", path);
		this.api(config, path);
		this.headers(config, path);
		this.boolean(config, "authHeader", path);
		this.compat(config, path);
		if (config.models !== undefined) this.models(config, path);
		else if (!builtInProviders.has(name)) {
			this.fail(path, `"${name}" is not a built-in provider; a custom provider needs "models"`);
		} else if (["baseUrl", "headers", "compat", "modelOverrides"].every((key) => config[key] === undefined)) {
			this.fail(path, 'set at least one of "baseUrl", "headers", "compat", "modelOverrides" (or add "models")');
		}
		const overrides = config.modelOverrides;
		if (overrides !== undefined) {
			const at = child(path, "modelOverrides");
			if (!isPlainObject(overrides)) {
				this.fail(at, "expected an object keyed by model id");
				return;
			}
			for (const [id, override] of Object.entries(overrides)) {
				const overridePath = child(at, id);
				if (!isPlainObject(override)) {
					this.fail(overridePath, "expected an object");
					continue;
				}
				for (const forbidden of ["id", "api", "baseUrl"]) {
					if (override[forbidden] !== undefined) this.fail(child(overridePath, forbidden), "cannot be overridden");
				}
				this.modelFields(override, overridePath);
			}
		}
	}

	private models(config: Record<string, unknown>, path: string): void {
		if (config.baseUrl === undefined) this.fail(child(path, "baseUrl"), 'required when "models" is set');
		if (config.apiKey === undefined) {
			this.fail(child(path, "apiKey"), 'required when "models" is set (use a placeholder for servers without keys)');
		}
		const models = config.models;
		const at = child(path, "models");
		if (!Array.isArray(models)) {
			this.fail(at, "expected an array");
			return;
		}
		for (const [index, model] of models.entries()) {
			const modelPath = child(at, index);
			if (!isPlainObject(model)) {
				this.fail(modelPath, "expected an object");
				continue;
			}
			if (typeof model.id !== "string" || model.id === "")
				this.fail(child(modelPath, "id"), "required non-empty string");
			this.api(model, modelPath);
			if (model.api === undefined && config.api === undefined) {
				this.fail(child(modelPath, "api"), 'required (set "api" on the model or its provider)');
			}
			this.string(model, "baseUrl", modelPath, true);
			this.modelFields(model, modelPath);
		}
	}
}

/** Validates parsed models.json content. */
export function validateModelsJson(
	value: unknown,
	file: string,
	builtInProviders: Iterable<string>,
): { config: ModelsJson; errors: [] } | { config?: undefined; errors: string[] } {
	const validator = new Validator();
	const builtIns = new Set(builtInProviders);
	if (!isPlainObject(value)) validator.fail("$", "expected a JSON object");
	else if (value.providers !== undefined && !isPlainObject(value.providers)) {
		validator.fail("$.providers", "expected an object keyed by provider name");
	} else {
		for (const [name, config] of Object.entries(value.providers ?? {})) validator.provider(name, config, builtIns);
	}
	if (validator.problems.length > 0) {
		return { errors: validator.problems.map((p) => modelsJsonErrorMessage(file, p.path, p.problem)) };
	}
	const providers = (
		isPlainObject(value) && isPlainObject(value.providers) ? value.providers : {}
	) as ModelsJson["providers"];
	return { config: { providers }, errors: [] };
}

/** Reads and validates `models.json`. Creates nothing. */
export function loadModelsJson(file: string, builtInProviders: Iterable<string>): ModelsJsonLoad {
	const read = readJsonFile(file);
	if (read.status === "missing") return { status: "missing" };
	if (read.status === "invalid") return { status: "invalid", errors: [modelsJsonErrorMessage(file, "$", read.error)] };
	const result = validateModelsJson(read.value, file, builtInProviders);
	return result.config ? { status: "ok", config: result.config } : { status: "invalid", errors: result.errors };
}
