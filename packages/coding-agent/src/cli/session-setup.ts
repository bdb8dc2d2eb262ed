/**
 * Maps the command line and environment onto the SDK entry (`createAgentSession`) and turns its start-up failures
 * into CLI errors. This is the only bridge between flags and session setup.
 */
import type { CliArgs } from "./args.js";
import type { EnvOptions } from "./env.js";
import { CliError } from "./errors.js";

export interface CliSessionInput {
	args: CliArgs;
	env: EnvOptions;
	cwd: string;
	agentDir: string;
	mode: "text" | "json" | "rpc";
	stderr: NodeJS.WritableStream;
}

const notYetSupported = (flag: string) => `Warning: extensions and themes are not supported yet; ignoring ${flag}.`;

/** Creates the session for a non-interactive mode; start-up failures become `CliError` (exit 1). */
export async function createCliSession(input: CliSessionInput) {
	const { args, env, cwd, agentDir, stderr } = input;
	const warn = (message: string) => stderr.write(`${message}\n`);
	for (const path of args.extensions) warn(notYetSupported(`-e ${path}`));
	for (const path of args.themes) warn(notYetSupported(`--theme ${path}`));
	const { createAgentSession } = await import("../sdk.js");
	try {
		return await createAgentSession({
			cwd,
			agentDir,
			sessionDir: args.sessionDir ?? env.sessionDir,
			provider: args.provider,
			model: args.model,
			models: args.models,
			thinkingLevel: args.thinking,
			apiKey: args.apiKey,
			systemPrompt: args.systemPrompt,
			appendSystemPrompt: args.appendSystemPrompt,
			tools: args.tools,
			noTools: args.noTools,
			noBuiltinTools: args.noBuiltinTools,
			skills: args.skills,
			noSkills: args.noSkills,
			promptTemplates: args.promptTemplates,
			noPromptTemplates: args.noPromptTemplates,
			noContextFiles: args.noContextFiles,
			session: args.noSession
				? { kind: "memory" }
				: args.fork !== undefined
					? { kind: "fork", target: args.fork }
					: args.session !== undefined
						? { kind: "open", target: args.session }
						: args.continue
							? { kind: "continue" }
							: { kind: "new" },
			cacheRetention: env.cacheRetention,
			requireModel: true,
			onWarning: warn,
		});
	} catch (error) {
		if (error instanceof CliError) throw error;
		throw new CliError((error as Error).message);
	}
}
