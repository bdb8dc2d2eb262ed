import { readFileSync } from "node:fs";
import { getModels, getProviderInfo, getProviders } from "@pi/ai";
import { describe, expect, it } from "vitest";

const doc = readFileSync(new URL("../../docs/providers.md", import.meta.url), "utf8");

/** The rows of the provider table in providers.md: id, name, wire apis, credentials, model count. */
function overviewRows(): { id: string; name: string; apis: string[]; credentials: string; count: number }[] {
	return doc
		.split("\n")
		.filter((line) => /^\| `[a-z0-9-]+` \|/.test(line))
		.map((line) => {
			const [id, name, apis, credentials, count] = line
				.slice(1, -1)
				.split("|")
				.map((cell) => cell.trim());
			return {
				id: id!.replaceAll("`", ""),
				name: name!,
				apis: apis!.split(", ").map((api) => api.replaceAll("`", "")),
				credentials: credentials!,
				count: Number(count),
			};
		});
}

describe("docs/providers.md overview", () => {
	it("lists every built-in provider with its name, wire apis, key variables and model count", () => {
		const rows = overviewRows();
		expect(rows.map((row) => row.id)).toEqual(getProviders());
		for (const row of rows) {
			const models = getModels(row.id);
			expect(row.count, row.id).toBe(models.length);
			expect(row.name, row.id).toBe(getProviderInfo(row.id).name);
			expect(new Set(row.apis), row.id).toEqual(new Set(models.map((model) => model.api)));
			for (const name of getProviderInfo(row.id).envKeys) expect(row.credentials, row.id).toContain(`\`${name}\``);
		}
		expect(doc).toContain(`${getProviders().length} providers, ${getModels().length} models.`);
	});
});
