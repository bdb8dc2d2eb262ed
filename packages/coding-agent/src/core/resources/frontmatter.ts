/** YAML frontmatter of markdown resources (prompt templates, skills): a first line `---`, YAML, a `---` line. */
import { createRequire } from "node:module";

type YamlModule = typeof import("yaml");

let yaml: YamlModule | undefined;

/** The YAML parser, loaded when the first file with a frontmatter block is read (it is ~70 files). */
function parseYaml(text: string): unknown {
	// yaml is CommonJS, so require() gives the same instance an import would.
	yaml ??= createRequire(import.meta.url)("yaml") as YamlModule;
	return yaml.parse(text);
}

export type FrontmatterResult =
	| { ok: true; frontmatter: Record<string, unknown>; body: string }
	| { ok: false; error: string; body: string };

/**
 * Splits a markdown file into frontmatter and body (trimmed). A file without a frontmatter block has empty
 * frontmatter; invalid YAML or a non-mapping block is an error.
 */
export function parseFrontmatter(text: string): FrontmatterResult {
	const normalized = text.replace(/\r\n/g, "\n");
	const lines = normalized.split("\n");
	if (lines[0]?.trimEnd() !== "---") return { ok: true, frontmatter: {}, body: normalized.trim() };
	const end = lines.findIndex((line, index) => index > 0 && line.trimEnd() === "---");
	if (end === -1) return { ok: true, frontmatter: {}, body: normalized.trim() };
	const body = lines
		.slice(end + 1)
		.join("\n")
		.trim();
	try {
		const data: unknown = parseYaml(lines.slice(1, end).join("\n"));
		if (data === null || data === undefined) return { ok: true, frontmatter: {}, body };
		if (typeof data !== "object" || Array.isArray(data))
			return { ok: false, error: "frontmatter is not a mapping", body };
		return { ok: true, frontmatter: data as Record<string, unknown>, body };
	} catch (error) {
		return { ok: false, error: (error as Error).message.split("\n")[0]!, body };
	}
}
