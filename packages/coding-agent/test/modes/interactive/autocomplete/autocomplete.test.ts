import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Editor } from "@pi/tui";
import { describe, expect, it } from "vitest";
import {
	CombinedAutocompleteProvider,
	FileMentionProvider,
	listProjectFiles,
	SlashCommandProvider,
} from "../../../../src/modes/interactive/autocomplete/index.js";
import { KEYS, plain, typeKeys } from "../components/helpers.js";

const explicit = { explicit: false };

describe("SlashCommandProvider", () => {
	const provider = new SlashCommandProvider({
		commands: [
			{ name: "model", description: "Select a model" },
			{ name: "compact", description: "Summarise the conversation" },
			{ name: "new", description: "Start a new session" },
		],
		templates: [{ name: "review", description: "Review the diff" }],
		skills: [{ name: "pdf", description: "Work with PDF files" }],
	});

	it("lists commands, templates and skills with descriptions for a leading slash", () => {
		const all = provider.getSuggestions(["/"], 0, 1, explicit);
		expect(all?.items.map((item) => item.label)).toEqual(["/model", "/compact", "/new", "/review", "/skill:pdf"]);
		expect(all?.items[0]?.description).toBe("Select a model");
		expect(all?.items[3]?.description).toBe("(template) Review the diff");
		const mo = provider.getSuggestions(["/mo"], 0, 3, explicit);
		expect(mo?.items[0]?.value).toBe("/model");
		expect(mo?.prefix).toBe("/mo");
	});

	it("only completes at the start of the first line, and applies with a trailing space", () => {
		expect(provider.getSuggestions(["say /mo"], 0, 7, explicit)).toBeNull();
		expect(provider.getSuggestions(["x", "/mo"], 1, 3, explicit)).toBeNull();
		expect(provider.getSuggestions(["/model x"], 0, 8, explicit)).toBeNull();
		const applied = provider.applyCompletion(["/mo"], 0, 3, { value: "/model", label: "/model" }, "/mo");
		expect(applied).toEqual({ lines: ["/model "], cursorLine: 0, cursorCol: 7 });
	});

	it("completes an extension command's arguments (getArgumentCompletions), also when they arrive later", async () => {
		const envs = ["dev", "prod"];
		const withArgs = new SlashCommandProvider({
			commands: [],
			extensions: [{ name: "deploy" }, { name: "slow" }],
			argumentCompletions: (name, prefix) => {
				const items = envs.filter((env) => env.startsWith(prefix)).map((env) => ({ value: env, label: env }));
				if (name === "deploy") return items;
				return name === "slow" ? Promise.resolve(items) : undefined;
			},
		});
		const suggestions = withArgs.getSuggestions(["/deploy p"], 0, 9, explicit);
		expect(suggestions).toEqual({ items: [{ value: "/deploy prod", label: "prod" }], prefix: "/deploy p" });
		const applied = withArgs.applyCompletion(["/deploy p"], 0, 9, suggestions!.items[0]!, suggestions!.prefix);
		expect(applied.lines).toEqual(["/deploy prod"]);
		expect(withArgs.getSuggestions(["/slow d"], 0, 7, explicit)).toBeNull();
		await Promise.resolve();
		expect(withArgs.getSuggestions(["/slow d"], 0, 7, explicit)?.items.map((item) => item.label)).toEqual(["dev"]);
		expect(withArgs.getSuggestions(["/other x"], 0, 8, explicit)).toBeNull();
	});

	it("leaves out skills when skill commands are disabled", () => {
		const noSkills = new SlashCommandProvider({ commands: [], skills: [{ name: "pdf" }], enableSkillCommands: false });
		expect(noSkills.getSuggestions(["/"], 0, 1, explicit)).toBeNull();
	});
});

describe("FileMentionProvider", () => {
	function project(): string {
		const dir = mkdtempSync(join(tmpdir(), "pi-mention-"));
		mkdirSync(join(dir, ".git"));
		mkdirSync(join(dir, "src", "components"), { recursive: true });
		mkdirSync(join(dir, "node_modules", "lib"), { recursive: true });
		writeFileSync(join(dir, ".gitignore"), "node_modules/\n*.log\n");
		writeFileSync(join(dir, "src", "components", "footer.ts"), "");
		writeFileSync(join(dir, "src", "main.ts"), "");
		writeFileSync(join(dir, "debug.log"), "");
		writeFileSync(join(dir, "node_modules", "lib", "footer.js"), "");
		writeFileSync(join(dir, "my notes.md"), "");
		return dir;
	}

	it("completes @ fuzzily over the files .gitignore leaves visible", async () => {
		const cwd = project();
		const provider = new FileMentionProvider({ cwd });
		await provider.refresh();
		const files = await listProjectFiles(cwd);
		expect(files).toContain("src/components/footer.ts");
		expect(files).not.toContain("debug.log");
		expect(files.some((file) => file.startsWith("node_modules"))).toBe(false);
		expect(files.some((file) => file.startsWith(".git/"))).toBe(false);

		const suggestions = provider.getSuggestions(["look at @foot"], 0, 13, explicit);
		expect(suggestions?.prefix).toBe("@foot");
		expect(suggestions?.items.map((item) => item.value)).toEqual(["src/components/footer.ts"]);
		expect(provider.getSuggestions(["@debug"], 0, 6, explicit)).toBeNull();
		expect(provider.getSuggestions(["email@foot"], 0, 10, explicit)).toBeNull();

		const applied = provider.applyCompletion(["look at @foot"], 0, 13, suggestions!.items[0]!, "@foot");
		expect(applied.lines).toEqual(["look at @src/components/footer.ts "]);
		const spaced = provider.applyCompletion(["@my"], 0, 3, { value: "my notes.md", label: "my notes.md" }, "@my");
		expect(spaced.lines).toEqual(['@"my notes.md" ']);
	});

	it("uses the cached list and refreshes it when stale", async () => {
		let calls = 0;
		let now = 0;
		const provider = new FileMentionProvider({
			cwd: "/unused",
			listFiles: async () => {
				calls++;
				return calls === 1 ? ["a.ts"] : ["a.ts", "b.ts"];
			},
			maxAgeMs: 1000,
			now: () => now,
		});
		await provider.refresh();
		expect(provider.getSuggestions(["@"], 0, 1, explicit)?.items).toHaveLength(1);
		expect(provider.getSuggestions(["@"], 0, 1, explicit)?.items).toHaveLength(1);
		expect(calls).toBe(1);
		now = 5000;
		provider.getSuggestions(["@"], 0, 1, explicit);
		await provider.refresh();
		expect(calls).toBe(2);
		expect(provider.getSuggestions(["@"], 0, 1, explicit)?.items).toHaveLength(2);
	});

	it("works inside the editor together with slash commands", async () => {
		const files = new FileMentionProvider({ cwd: "/unused", listFiles: async () => ["src/app.ts", "README.md"] });
		await files.refresh();
		const editor = new Editor();
		editor.setAutocompleteProvider(
			new CombinedAutocompleteProvider([
				new SlashCommandProvider({ commands: [{ name: "model", description: "Select a model" }] }),
				files,
			]),
		);
		typeKeys(editor, "/mod");
		expect(plain(editor.render(60)).join("\n")).toContain("Select a model");
		editor.handleInput(KEYS.tab);
		expect(editor.getText()).toBe("/model ");
		typeKeys(editor, "@app");
		editor.handleInput(KEYS.tab);
		expect(editor.getText()).toBe("/model @src/app.ts ");
	});
});
