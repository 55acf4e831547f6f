import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveDocs } from "../../scripts/serve-docs.mjs";
import { CHROMIUM_FLAGS, chromiumPath } from "../support/chromium.js";

// the docs page rendered by scripts/docs.mjs, opened in headless chromium over loopback http
// (and once from file://), checked against the bundled spec so the test follows the spec

const root = fileURLToPath(new URL("../../", import.meta.url));
const site = resolve(root, "site");
const pageFile = pathToFileURL(resolve(site, "index.html")).href;
const screenshot = resolve(root, "test-results/docs/index.png");

interface Tag {
  name: string;
  description?: string;
}
interface Operation {
  operationId: string;
  summary: string;
  tag: string;
}
interface Server {
  url: string;
  close: () => Promise<void>;
}

const spec = JSON.parse(readFileSync(resolve(root, "generated/openapi.json"), "utf8"));
const tags: Tag[] = spec.tags;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations: Operation[] = Object.values<Record<string, { operationId: string; summary: string; tags: string[] }>>(spec.paths).flatMap(
  (item) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([, op]) => ({ operationId: op.operationId, summary: op.summary, tag: op.tags[0] ?? "" })),
);

// the install of chromium can take minutes on a fresh machine; the page itself takes seconds
const SETUP_TIMEOUT = 15 * 60_000;
const TEST_TIMEOUT = 300_000;
const MAX_SCREENSHOT_HEIGHT = 16_000;

let server: Server | undefined;
let browser: Browser | undefined;
let context: BrowserContext;
let page: Page;
const requests = new Set<string>();
const failedLocally: string[] = [];
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

/** True for addresses that stay on this machine: loopback http, inline data, and the page file itself. */
function onMachine(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (["data:", "blob:", "about:"].includes(protocol)) return true;
  if (protocol === "http:" || protocol === "https:") return hostname === "127.0.0.1";
  return url.split("#")[0] === pageFile;
}

/** Watches a page for every request, failed local load, uncaught error and console error. */
function watch(target: Page): Page {
  target.on("request", (request) => requests.add(request.url()));
  target.on("pageerror", (error) => pageErrors.push(`${target.url()}: ${error.stack ?? error.message}`));
  target.on("console", (message) => {
    // a load blocked off the machine logs an error too; the request check names it once
    const source = message.location().url;
    if (message.type() === "error" && (!source || onMachine(source)) && !source.endsWith("/favicon.ico")) consoleErrors.push(`${message.text()} (${source})`);
  });
  target.on("response", (response) => {
    // chromium asks for /favicon.ico on its own; the page declares none
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico")) failedLocally.push(`${response.status()} ${response.url()}`);
  });
  return target;
}

/** A heading whose text is exactly `text` (redoc puts a link icon inside, so its accessible name differs). */
function heading(within: Page | Locator, text: string): Locator {
  const exact = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
  return within.locator("h1, h2, h3").filter({ hasText: exact });
}

/** Waits for `locator` to be drawn; false when it is not within 5 s (vitest's expect has no toBeVisible). */
async function shown(locator: Locator): Promise<boolean> {
  return locator.first().waitFor({ state: "visible", timeout: 5_000 }).then(
    () => true,
    () => false,
  );
}

/** Opens a tag group from the side menu, as a reader would; false when the menu has no such entry. */
async function openTag(target: Page, name: string): Promise<boolean> {
  const entry = target.locator('[data-component-name="Menu/Menu"]').getByRole("link", { name, exact: true }).first();
  if (!(await shown(entry))) return false;
  await entry.click();
  return true;
}

beforeAll(async () => {
  const executablePath = await chromiumPath();

  const built = await promisify(execFile)(process.execPath, [resolve(root, "scripts/docs.mjs")], { cwd: root });
  process.stdout.write(built.stdout);

  server = await serveDocs({ dir: site, host: "127.0.0.1", port: 0 });
  expect(new URL(server.url).port).not.toBe("0");

  browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  // every request passes here first: anything bound off the machine is recorded and never sent
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requests.add(url);
    return onMachine(url) ? route.continue() : route.abort("blockedbyclient");
  });
  page = watch(await context.newPage());
  await page.goto(server.url);
  await page.locator('[data-component-name="Menu/Menu"]').waitFor();
}, SETUP_TIMEOUT);

afterAll(async () => {
  // the browser first: the server's close waits for its open connections to end
  try {
    await browser?.close();
  } finally {
    await server?.close();
  }
}, 60_000);

describe("docs page (site/index.html) in headless chromium", () => {
  it("lists the spec's 22 tag groups in the side menu, in the spec's order", { timeout: TEST_TIMEOUT }, async () => {
    expect(tags).toHaveLength(22);
    // the menu's top level starts with the overview ("/") and the description's sections ("/section/...")
    const groups = await page.locator('[data-component-name="Menu/Menu"] > [data-component-name="Menu/MenuItem"]').evaluateAll((items) =>
      items
        .filter((item) => !/^#?\/(section\/.*)?$/.test(item.querySelector("a")?.getAttribute("href") ?? ""))
        .map((item) => item.querySelector('[data-testid="menu-item-label"]')?.textContent?.trim()),
    );
    expect(groups, "tag groups in the side menu").toEqual(tags.map((tag) => tag.name));
  });

  it("renders every tag group's heading and description when opened from the menu", { timeout: TEST_TIMEOUT }, async () => {
    const missing: string[] = [];
    for (const tag of tags) {
      if (!(await openTag(page, tag.name))) missing.push(`${tag.name}: menu entry`);
      const title = heading(page, tag.name);
      if (!(await shown(title))) missing.push(`${tag.name}: heading`);
      const section = page.locator("[data-section-id]", { has: title });
      if (tag.description && !(await shown(section.getByText(tag.description, { exact: true })))) missing.push(`${tag.name}: description`);
    }
    expect(missing, "tag groups not drawn").toEqual([]);
  });

  it("renders every operation of the spec under its operationId anchor, with its summary", { timeout: TEST_TIMEOUT }, async () => {
    expect(operations.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const op of operations) {
      if (!(await openTag(page, op.tag))) missing.push(`${op.operationId}: menu entry "${op.tag}"`);
      // redoc anchors an operation at <tag slug>/<operationid lowercased>
      const anchor = page.locator(`[id$="/${op.operationId}" i]`).first();
      if (!(await shown(heading(anchor, op.summary)))) missing.push(`${op.operationId}: "${op.summary}"`);
    }
    expect(missing, "operations not drawn").toEqual([]);
  });

  it("saves a full-page screenshot with every tag group and the first operation drawn", { timeout: TEST_TIMEOUT }, async () => {
    const first = operations[0]!;
    expect(await openTag(page, first.tag), `menu entry "${first.tag}"`).toBe(true);
    await page.locator(`[id$="/${first.operationId}" i]`).first().waitFor();
    // sections draw lazily near the viewport: grow it to the page's height so all of them draw
    let height = 0;
    while (height < MAX_SCREENSHOT_HEIGHT) {
      const next = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), MAX_SCREENSHOT_HEIGHT);
      if (next === height) break;
      height = next;
      await page.setViewportSize({ width: 1280, height });
    }
    const drawn = [...tags.map((tag) => tag.name), first.summary];
    const missing: string[] = [];
    for (const name of drawn) if (!(await shown(heading(page, name)))) missing.push(name);
    expect(missing, "headings not drawn on the full page").toEqual([]);
    mkdirSync(resolve(root, "test-results/docs"), { recursive: true });
    const png = await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`docs page: screenshot ${screenshot} (${png.length} bytes)`);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });

  it("also works opened straight from site/index.html (file://), offline", { timeout: TEST_TIMEOUT }, async () => {
    const local = watch(await context.newPage());
    try {
      await local.goto(pageFile);
      const missing: string[] = [];
      for (const op of operations) {
        if (!(await openTag(local, op.tag))) missing.push(`${op.operationId}: menu entry "${op.tag}"`);
        if (!(await shown(heading(local, op.summary)))) missing.push(op.operationId);
      }
      expect(missing, "operations not drawn from file://").toEqual([]);
    } finally {
      await local.close();
    }
  });

  // the checks below cover everything the pages above did, so they run last
  it("made no request that would leave the machine", () => {
    expect(requests.size).toBeGreaterThan(0);
    expect([...requests].filter((url) => !onMachine(url)), "requests to addresses off this machine").toEqual([]);
    expect(failedLocally, "local loads that failed").toEqual([]);
  });

  it("threw no uncaught error and logged no console error of its own", () => {
    expect(pageErrors, "uncaught page errors").toEqual([]);
    expect(consoleErrors, "console errors").toEqual([]);
  });
});
