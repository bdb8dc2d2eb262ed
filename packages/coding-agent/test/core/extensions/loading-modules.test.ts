/**
 * Module names inside extensions (extensions.md "Module names"): the original pi's package names under both scopes,
 * ours, and TypeBox resolve to the running pi's own modules (the same classes and objects, not a second copy).
 */
import { join } from "node:path";
import * as agentCore from "@pi/agent-core";
import * as ai from "@pi/ai";
import * as tui from "@pi/tui";
import * as typebox from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { describe, expect, it } from "vitest";
import { ALIASED_PACKAGES, aliasFor } from "../../../src/core/extensions/loading/aliases.js";
import { loadingTexts } from "../../../src/core/extensions/loading/texts.js";
import { SessionManager } from "../../../src/core/session/index.js";
import { loadInto, takeSeen, useLoadingWorld, write } from "./loading-helpers.js";

const world = useLoadingWorld();

/** An extension that imports `imports` and leaves `seen` on globalThis.__loadingSeen. */
function extension(name: string, imports: string[], seen: string): string {
	return write(
		join(world.root, `${name}.ts`),
		`${imports.join("\n")}\nexport default function (): void {\n\t(globalThis as any).__loadingSeen = ${seen};\n}\n`,
	);
}

describe("the alias table", () => {
	it("covers the four packages under @mariozechner, @earendil-works and @pi, plus both TypeBox names", () => {
		for (const scope of ["@mariozechner/pi-", "@earendil-works/pi-", "@pi/"]) {
			for (const name of ["coding-agent", "ai", "agent-core", "tui"]) {
				expect(ALIASED_PACKAGES).toContain(`${scope}${name}`);
				expect(aliasFor(`${scope}${name}`)?.kind).toBe("namespaces");
			}
		}
		expect(aliasFor("typebox")).toEqual({ kind: "namespaces", namespaces: ["typebox"] });
		expect(aliasFor("typebox/compile")).toEqual({ kind: "namespaces", namespaces: ["typebox/compiler"] });
		expect(aliasFor("@sinclair/typebox/value")).toEqual({ kind: "namespaces", namespaces: ["typebox/value"] });
		expect(aliasFor("@sinclair/typebox/system")).toEqual({ kind: "package", specifier: "@sinclair/typebox/system" });
		expect(aliasFor("@earendil-works/pi-ai/compat")).toEqual({ kind: "namespaces", namespaces: ["ai"] });
		expect(aliasFor("@mariozechner/pi-ai/oauth")).toBeUndefined();
		expect(aliasFor("@mariozechner/pi-web-ui")).toBeUndefined();
		expect(aliasFor("zod")).toBeUndefined();
	});
});

describe("aliased imports resolve to the running pi's modules", () => {
	it("@mariozechner names: the same classes and functions as ours", async () => {
		const file = extension(
			"mario",
			[
				'import { StringEnum, getModel } from "@mariozechner/pi-ai";',
				'import { Agent } from "@mariozechner/pi-agent-core";',
				'import { Text, Box, matchesKey, Key, truncateToWidth, visibleWidth } from "@mariozechner/pi-tui";',
				'import { SessionManager, defineTool, isToolCallEventType, withFileMutationQueue, truncateHead, DEFAULT_MAX_BYTES } from "@mariozechner/pi-coding-agent";',
			],
			"{ StringEnum, getModel, Agent, Text, Box, matchesKey, Key, truncateToWidth, visibleWidth, SessionManager, defineTool, isToolCallEventType, withFileMutationQueue, truncateHead, DEFAULT_MAX_BYTES }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		expect(seen.getModel).toBe(ai.getModel);
		expect(seen.Agent).toBe(agentCore.Agent);
		expect(seen.Text).toBe(tui.Text);
		expect(seen.Box).toBe(tui.Box);
		expect(seen.matchesKey).toBe(tui.matchesKey);
		expect(seen.SessionManager).toBe(SessionManager);
		expect(seen.Key.ctrl("c")).toBe("ctrl+c");
		expect(tui.matchesKey("\x1b", seen.Key.escape)).toBe(true);
		expect(seen.StringEnum(["a", "b"])).toMatchObject({ type: "string", enum: ["a", "b"] });
		expect(seen.isToolCallEventType("bash", { type: "tool_call", toolCallId: "1", toolName: "bash", input: {} })).toBe(
			true,
		);
		expect(seen.truncateHead("a\nb\nc", { maxLines: 2 })).toMatchObject({ content: "a\nb", truncatedBy: "lines" });
		expect(seen.DEFAULT_MAX_BYTES).toBe(50 * 1024);
	});

	it("@earendil-works and @pi names, typebox and @sinclair/typebox (with subpaths)", async () => {
		const file = extension(
			"earendil",
			[
				'import { complete } from "@earendil-works/pi-ai";',
				'import { Text } from "@earendil-works/pi-tui";',
				'import { Container } from "@pi/tui";',
				'import { SessionManager } from "@earendil-works/pi-coding-agent";',
				'import { Type } from "typebox";',
				'import { Kind } from "@sinclair/typebox";',
				'import { TypeCompiler } from "typebox/compile";',
				'import { Value } from "@sinclair/typebox/value";',
			],
			"{ complete, Text, Container, SessionManager, Type, Kind, TypeCompiler, Value }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		expect(seen.complete).toBe(ai.complete);
		expect(seen.Text).toBe(tui.Text);
		expect(seen.Container).toBe(tui.Container);
		expect(seen.SessionManager).toBe(SessionManager);
		expect(seen.Type).toBe(typebox.Type);
		expect(seen.Kind).toBe(typebox.Kind);
		expect(seen.TypeCompiler).toBe(TypeCompiler);
		const schema = seen.Type.Object({ name: seen.Type.String() });
		expect(seen.Value.Check(schema, { name: "x" })).toBe(true);
	});

	it("names newer originals export: uuidv7 from pi-ai, CONFIG_DIR_NAME from pi-coding-agent", async () => {
		const file = extension(
			"newer-names",
			[
				'import { uuidv7 } from "@earendil-works/pi-ai";',
				'import { CONFIG_DIR_NAME } from "@earendil-works/pi-coding-agent";',
			],
			"{ id: uuidv7(), CONFIG_DIR_NAME }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<{ id: string; CONFIG_DIR_NAME: string }>("__loadingSeen");
		expect(seen.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(seen.CONFIG_DIR_NAME).toBe(".pi");
	});

	it("typebox/value has TypeBox 1.x's Errors(schema, value): an array of AJV-shaped errors (pi-mcp-adapter uses it)", async () => {
		const file = extension(
			"errors-1x",
			['import { Type } from "typebox";', 'import { Check, Errors } from "typebox/value";'],
			"{ Type, Check, Errors }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		const schema = seen.Type.Object({ name: seen.Type.String({ minLength: 2 }), size: seen.Type.Number() });
		const value = { name: "x" };
		expect(seen.Check(schema, value)).toBe(false);
		const found = seen.Errors(schema, value);
		expect(Array.isArray(found)).toBe(true);
		expect(found.map((error: any) => [error.keyword, error.instancePath])).toEqual([
			["required", "/size"],
			["minLength", "/name"],
			["type", "/size"],
		]);
		expect(found[1].message).toMatch(/length/);
		// The three-argument form (a context first) reports the same.
		expect(seen.Errors({}, schema, value)).toEqual(found);
	});

	it("an extension that installed TypeBox 1.x itself (`typebox`) gets its own; @sinclair/typebox stays pi's", async () => {
		const dir = join(world.root, "own-typebox");
		write(
			join(dir, "node_modules", "typebox", "package.json"),
			JSON.stringify({
				name: "typebox",
				version: "1.1.0",
				type: "module",
				exports: { ".": "./index.js", "./compile": "./compile.js" },
			}),
		);
		write(join(dir, "node_modules", "typebox", "index.js"), 'export const Type = { name: "own typebox" };\n');
		write(join(dir, "node_modules", "typebox", "compile.js"), "export const Compile = (schema) => ({ schema });\n");
		write(
			join(dir, "index.ts"),
			[
				'import { Type } from "typebox";',
				'import { Compile } from "typebox/compile";',
				'import { Kind } from "@sinclair/typebox";',
				"export default () => { (globalThis as any).__loadingSeen = { Type, Compile, Kind }; };",
			].join("\n"),
		);
		const { errors } = await loadInto(world, [join(dir, "index.ts")]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		expect(seen.Type).toEqual({ name: "own typebox" });
		expect(seen.Compile("s")).toEqual({ schema: "s" });
		expect(seen.Kind).toBe(typebox.Kind);
	});

	it("UI helpers are real components on @pi/tui", async () => {
		const file = extension(
			"ui",
			[
				'import { DynamicBorder, BorderedLoader, CustomEditor, getMarkdownTheme, keyHint } from "@mariozechner/pi-coding-agent";',
				'import { Container, Editor, Markdown } from "@mariozechner/pi-tui";',
			],
			"{ DynamicBorder, BorderedLoader, CustomEditor, getMarkdownTheme, keyHint, Container, Editor, Markdown }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		const border = new seen.DynamicBorder((text: string) => `<${text}>`);
		expect(border.render(3)).toEqual(["<───>"]);
		expect(Object.getPrototypeOf(seen.BorderedLoader.prototype)).toBe(tui.Container.prototype);
		expect(Object.getPrototypeOf(seen.CustomEditor.prototype)).toBe(tui.Editor.prototype);
		const markdown = new seen.Markdown("# Title", { theme: seen.getMarkdownTheme() });
		expect(tui.stripAnsi(markdown.render(20).join("\n"))).toContain("Title");
		expect(tui.stripAnsi(seen.keyHint("ctrl+x", "close"))).toBe("Ctrl+X close");
	});

	it("SettingsList cycles a row's values and reports the change", async () => {
		const file = extension(
			"settings",
			[
				'import { SettingsList } from "@earendil-works/pi-tui";',
				'import { getSettingsListTheme } from "@earendil-works/pi-coding-agent";',
			],
			"{ SettingsList, getSettingsListTheme }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const seen = takeSeen<Record<string, any>>("__loadingSeen");
		const changes: string[] = [];
		const items = [
			{ id: "mode", label: "Mode", currentValue: "fast", values: ["fast", "slow"] },
			{ id: "color", label: "Color", currentValue: "on", values: ["on", "off"], description: "Use colours" },
		];
		const list = new seen.SettingsList(items, 5, seen.getSettingsListTheme(), (id: string, value: string) =>
			changes.push(`${id}=${value}`),
		);
		list.handleInput("\x1b[B"); // down
		list.handleInput("\r"); // enter
		list.handleInput(" ");
		expect(changes).toEqual(["color=off", "color=on"]);
		const screen = tui.stripAnsi(list.render(40).join("\n"));
		expect(screen).toContain("Color  on");
		expect(screen).toContain("Use colours");
	});

	it("resizeImage fits an image within the given width", async () => {
		const file = extension("resize", ['import { resizeImage } from "@earendil-works/pi-coding-agent";'], "resizeImage");
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		const resizeImage = takeSeen<(image: object, options: object) => Promise<Record<string, unknown>>>("__loadingSeen");
		const { Jimp } = await import("jimp");
		const png = await new Jimp({ width: 100, height: 50, color: 0xff0000ff }).getBuffer("image/png");
		const resized = await resizeImage(
			{ type: "image", data: Buffer.from(png).toString("base64"), mimeType: "image/png" },
			{ maxWidth: 20 },
		);
		expect(resized).toMatchObject({ originalWidth: 100, originalHeight: 50, width: 20, height: 10, wasResized: true });
	});

	it("a name pi does not export is reported with the module it was imported from", async () => {
		const file = extension(
			"missing-export",
			['import { notAThing } from "@mariozechner/pi-coding-agent";'],
			"notAThing",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors[0]?.error).toContain(
			`${file}:1:10: ${loadingTexts.missingExport("notAThing", "@mariozechner/pi-coding-agent")}`,
		);
	});

	it("a type-only import of a pi package needs no module at run time", async () => {
		const file = extension(
			"types-only",
			[
				'import type { ExtensionAPI } from "@mariozechner/pi-coding-agent";',
				"const api: ExtensionAPI | undefined = undefined;",
			],
			"{ api }",
		);
		const { errors } = await loadInto(world, [file]);
		expect(errors).toEqual([]);
		expect(takeSeen("__loadingSeen")).toEqual({ api: undefined });
	});
});
