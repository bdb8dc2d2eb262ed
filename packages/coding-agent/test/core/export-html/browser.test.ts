/**
 * End to end: the exported file opened in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core).
 * Skipped with a notice where Chromium is not installed (see test/system-programs.ts); CI installs it.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSessionFile, renderSessionHtml } from "../../../src/core/export-html/index.js";
import { type SessionEntry, SessionManager } from "../../../src/core/session/index.js";
import { hasSystemProgram } from "../../system-programs.js";
import { assistant, type BranchedSession, buildBranchedSession, call, makeTempDir, result, user } from "./fixture.js";

const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOT = "/tmp/export.png";
const hasChromium = hasSystemProgram(
	existsSync(CHROMIUM),
	CHROMIUM,
	"the HTML export browser test",
	"apt-get install chromium",
);

let context: BrowserContext;
let profileDir: string;

beforeAll(async () => {
	if (!hasChromium) return;
	profileDir = mkdtempSync(join(tmpdir(), "pi-export-chromium-"));
	context = await chromium.launchPersistentContext(profileDir, {
		executablePath: CHROMIUM,
		headless: true,
		viewport: { width: 1280, height: 900 },
		args: [
			"--headless",
			"--no-sandbox",
			"--disable-gpu",
			"--disable-quic",
			"--no-first-run",
			"--disable-background-networking",
			"--disable-component-update",
			"--disable-sync",
		],
	});
}, 60_000);

afterAll(async () => {
	await context?.close();
	if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

/** Opens a file and records script errors, console errors, dialogs and any request that leaves the file. */
async function open(path: string): Promise<{ page: Page; problems: string[]; dialogs: string[]; requests: string[] }> {
	const page = await context.newPage();
	const problems: string[] = [];
	const dialogs: string[] = [];
	const requests: string[] = [];
	page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
	page.on("console", (message) => {
		if (message.type() === "error") problems.push(`console: ${message.text()}`);
	});
	page.on("dialog", (dialog) => {
		dialogs.push(dialog.message());
		void dialog.dismiss();
	});
	page.on("request", (request) => {
		if (!/^(file|data):/.test(request.url())) requests.push(request.url());
	});
	await page.goto(pathToFileURL(path).href);
	return { page, problems, dialogs, requests };
}

/** What a reader sees: innerText leaves out the hidden entries of other branches (textContent would not). */
// biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point of this check
const visibleConversation = (page: Page) => page.locator("#conversation").innerText();
/** The conversation once it shows `text`: a click re-renders it asynchronously, so reading at once can race. */
async function conversationShowing(page: Page, text: string): Promise<string> {
	await page.locator("#conversation").getByText(text).first().waitFor();
	return visibleConversation(page);
}

describe.skipIf(!hasChromium)("exported branched session in a browser", () => {
	let session: BranchedSession;
	let page: Page;
	let problems: string[];
	let requests: string[];

	beforeAll(async () => {
		const dir = makeTempDir();
		session = buildBranchedSession(dir);
		const written = await exportSessionFile(session.file, join(dir, "export.html"), { cwd: dir });
		({ page, problems, requests } = await open(written));
	});

	it("shows the current leaf's branch without script errors or network requests", async () => {
		const text = await visibleConversation(page);
		expect(text).toContain("Make the port configurable in src/config.ts");
		expect(text).toContain("Let me look at the config.");
		expect(text).toContain("Tried adding tests; abandoned.");
		expect(text).toContain("Read it from environment variables instead, see screenshot");
		expect(text).toContain("Switched to environment variables.");
		expect(text).not.toContain("Now add tests for it");
		expect(text).not.toContain("Tests added in test/config.test.ts.");
		// The edit's diff is visible and coloured.
		const added = page.locator(".diff-add").first();
		expect(await added.textContent()).toBe("+  port: Number(process.env.PORT ?? 3000),");
		const addColor = await added.evaluate((el) => getComputedStyle(el).backgroundColor);
		const contextColor = await page
			.locator(".diff-ctx")
			.first()
			.evaluate((el) => getComputedStyle(el).backgroundColor);
		expect(addColor).not.toBe(contextColor);
		// The user's image is decoded from its data URI.
		const imageWidth = await page
			.locator(".entry-user img.image")
			.evaluate((img) => (img as HTMLImageElement).naturalWidth);
		expect(imageWidth).toBe(48);
		// The thinking block starts collapsed.
		expect(await page.locator("details.thinking").first().getAttribute("open")).toBeNull();
		expect(await page.locator(`a.node[data-id="${session.forkPointId}"] .label`).textContent()).toBe("port-fixed");
		await page.screenshot({ path: SCREENSHOT, fullPage: false });
		expect(problems).toEqual([]);
		expect(requests).toEqual([]);
	});

	it("switches the conversation to the other branch when one of its tree nodes is clicked, and back", async () => {
		await page.locator(`a.node[data-id="${session.testsUserId}"]`).click();
		let text = await conversationShowing(page, "Now add tests for it");
		expect(text).toContain("Make the port configurable in src/config.ts");
		expect(text).toContain("Now add tests for it");
		expect(text).toContain("Tests added in test/config.test.ts.");
		expect(text).toContain("test('port', () => {});");
		expect(text).not.toContain("Switched to environment variables.");
		expect(text).not.toContain("Tried adding tests; abandoned.");
		// Shared entries come before the branch's own, in path order.
		expect(text.indexOf("Done: the port now comes from")).toBeLessThan(text.indexOf("Now add tests for it"));
		expect(await page.locator(`a.node[data-id="${session.testsDoneId}"]`).getAttribute("class")).toContain("selected");
		expect(await page.locator(`a.node[data-id="${session.leafId}"]`).getAttribute("class")).not.toContain("selected");

		// A result shown inside its call: selecting it highlights the message holding the call.
		const editResultId = session.manager.getBranch(session.forkPointId).at(-2)?.id as string;
		await page.locator(`a.node[data-id="${editResultId}"]`).click();
		const highlighted = page.locator("#conversation > .entry.highlight");
		expect(await highlighted.count()).toBe(1);
		expect(await highlighted.locator(".tool-edit").count()).toBe(1);

		await page.locator(`a.node[data-id="${session.firstUserId}"]`).click();
		text = await conversationShowing(page, "Switched to environment variables.");
		expect(text).toContain("Switched to environment variables.");
		expect(text).not.toContain("Now add tests for it");
		expect(problems).toEqual([]);
	});
});

describe.skipIf(!hasChromium)("hostile session content in a browser", () => {
	it("shows script and markup as text and never runs it", async () => {
		const dir = makeTempDir();
		const hostile = "</script><script>alert(1)</script><img src=x onerror=alert(2)><b>bold</b>";
		const manager = SessionManager.inMemory("/p");
		manager.appendMessage(user(hostile));
		manager.appendMessage(assistant({ text: hostile, calls: [call("t", "bash", { command: hostile })] }));
		manager.appendMessage(result("t", "bash", hostile));
		const html = renderSessionHtml({
			header: manager.getHeader(),
			entries: [...manager.getEntries()],
			leafId: manager.getLeafId(),
		});
		const path = join(dir, "hostile.html");
		await writeFile(path, html);
		const { page, problems, dialogs, requests } = await open(path);
		const text = await visibleConversation(page);
		expect(text).toContain("</script><script>alert(1)</script><img src=x onerror=alert(2)><b>bold</b>");
		expect(await page.locator("#conversation b").count()).toBe(0);
		expect(await page.locator("#conversation img").count()).toBe(0);
		expect(await page.locator("script").count()).toBe(2);
		expect(dialogs).toEqual([]);
		expect(problems).toEqual([]);
		expect(requests).toEqual([]);
		await page.close();
	});
});

describe.skipIf(!hasChromium)("a hand-edited session whose entries are not in tree order", () => {
	it("still shows each branch in path order after switching", async () => {
		const dir = makeTempDir();
		const at = (second: number) => `2026-01-05T09:00:0${second}.000Z`;
		const entries = [
			{ type: "message", id: "b1", parentId: "a1", timestamp: at(2), message: user("Second on branch B") },
			{ type: "message", id: "c1", parentId: "a1", timestamp: at(3), message: user("Second on branch C") },
			{ type: "message", id: "a1", parentId: null, timestamp: at(1), message: user("First for both") },
			{ type: "message", id: "c2", parentId: "c1", timestamp: at(4), message: user("Third on branch C") },
		] as SessionEntry[];
		const header = SessionManager.inMemory("/p").getHeader();
		const path = join(dir, "unordered.html");
		await writeFile(path, renderSessionHtml({ header, entries, leafId: "b1" }));
		const { page, problems } = await open(path);
		let text = await visibleConversation(page);
		expect(text.indexOf("First for both")).toBeLessThan(text.indexOf("Second on branch B"));
		expect(text).not.toContain("branch C");
		await page.locator('a.node[data-id="c1"]').click();
		text = await conversationShowing(page, "Third on branch C");
		const order = ["First for both", "Second on branch C", "Third on branch C"].map((t) => text.indexOf(t));
		expect(order[0]).toBeGreaterThan(-1);
		expect(order).toEqual([...order].sort((a, b) => a - b));
		expect(text).not.toContain("branch B");
		expect(problems).toEqual([]);
		await page.close();
	});
});
