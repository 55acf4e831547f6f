import { execFile } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_GROUP, UNSPECIFIED_HEADING } from "../../scripts/lib/docs/page-document.mjs";
import { serveDocs } from "../../scripts/lib/docs/serve.mjs";
import { CHROMIUM_FLAGS, chromiumPath } from "../support/chromium.js";

// the docs page rendered by scripts/docs.mjs, opened in headless chromium over loopback http
// (and once from file://), checked against the bundled spec so the test follows the spec.
// the page shows one tag group or operation at a time and draws the others only when they are
// opened, so every one is opened from the side menu; that walk runs inside the page in one
// evaluate, with one bounded wait for each item, so its cost grows by a fraction of a second per
// operation instead of a round of locator polling (5 s for each operation a tag page does not draw)

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
  deprecated: boolean;
  /** what its samples in the right panel must hold, whitespace collapsed: by language title */
  samples: Record<string, string>;
}
interface Server {
  url: string;
  close: () => Promise<void>;
}

const spec = JSON.parse(readFileSync(resolve(root, "generated/openapi.json"), "utf8"));
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** The languages the page offers the samples in: Redoc's title for each, the TypeScript sample under Node.js. */
const LANGUAGES = ["curl", "Node.js"];
/** What a description's words are compared by: no whitespace and none of markdown's marks, which the page draws as styles. */
const MARKS = /[`*_#[\]\s]/g;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };
/** A description's first paragraph: up to a blank line, a heading, or a block of HTML. */
const firstParagraph = (markdown: string) =>
  markdown.split(/\n\s*\n|^#{1,6}\s|<(?:div|table|br|p|ul|ol|h\d)\b/im)[0] ?? "";
/** A description's words as the page draws them: a link's address, HTML tags and entities gone, then MARKS. */
const drawnWords = (markdown: string) =>
  markdown
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, entity: string) => ENTITIES[entity]!)
    .replace(MARKS, "");
/**
 * The samples each operation's right panel must show, written out by hand from the spec's examples
 * (whitespace collapsed, line continuations kept), so that a broken sample writer cannot agree with itself. An operation
 * added to the spec without a line here is held to what any sample of it must start with (`starts` below), so adding
 * one to openapi/ needs no edit of this file.
 */
const SAMPLES: Record<string, Record<string, string>> = {
  getOrgLimits: {
    curl: `curl 'https://api.onkernel.com/org/limits' \\ -H "Authorization: Bearer $BROWSER_CLOUD_API_KEY"`,
    "Node.js": "const limits = await client.organization.limits.retrieve();",
  },
  clickMouse: {
    curl: `curl -X POST 'https://api.onkernel.com/browsers/brs_2x7q9kd4m1/computer/click_mouse' \\ -H "Authorization: Bearer $BROWSER_CLOUD_API_KEY" \\ -H 'Content-Type: application/json' \\ -d '{"x":640,"y":360}'`,
    "Node.js": 'await client.browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 640, y: 360 });',
  },
  deleteAuthConnection: {
    curl: `curl -X DELETE 'https://api.onkernel.com/auth/connections/conn_8f3k2m9p' \\ -H "Authorization: Bearer $BROWSER_CLOUD_API_KEY"`,
    "Node.js": 'await client.auth.connections.delete("conn_8f3k2m9p");',
  },
  deleteDeployment: {
    curl: `curl -X DELETE 'https://api.onkernel.com/deployments/dep_5n1v7c2x' \\ -H "Authorization: Bearer $BROWSER_CLOUD_API_KEY"`,
    "Node.js": 'await client.deployments.delete("dep_5n1v7c2x");',
  },
};
/** The spec's first server with its variables at their defaults, as the samples address it (none: the path alone). */
const BASE_URL: string = (spec.servers?.[0]?.url ?? "")
  .replace(/\{(\w+)\}/g, (_: string, name: string) => spec.servers[0].variables[name].default)
  .replace(/\/+$/, "");
/** The opening every sample of an operation must have: curl with its method and the server's address, and a client call. */
const starts = (method: string, path: string): Record<string, string> => ({
  curl: `curl ${method === "get" ? "" : `-X ${method.toUpperCase()} `}'${BASE_URL}${path.split("{")[0]}`,
  "Node.js": "await client.",
});
const operations: Operation[] = Object.entries<
  Record<string, { operationId: string; summary: string; tags: string[]; deprecated?: boolean }>
>(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => {
      const samples = SAMPLES[op.operationId] ?? starts(method, path);
      return {
        operationId: op.operationId,
        // what Redoc heads an operation with: its summary, else its operationId
        summary: op.summary?.trim() || op.operationId,
        tag: op.tags[0] ?? "",
        deprecated: op.deprecated === true,
        samples,
      };
    }),
);
/** The groups of the document's webhooks (3.1's `webhooks`, or `x-webhooks`), which the menu shows as it shows operations'. */
const webhookTags = new Set<string>(
  [spec.webhooks, spec["x-webhooks"]].flatMap((webhooks) =>
    Object.values<Record<string, { tags?: string[] }>>(webhooks ?? {}).flatMap((item) =>
      Object.values(item).flatMap((op) => op?.tags ?? []),
    ),
  ),
);
/** The groups of operations and webhooks in the order the document first uses them. */
const usedTags = [
  ...new Set([
    ...Object.values<Record<string, { tags?: string[] }>>(spec.paths).flatMap((item) =>
      Object.entries(item).flatMap(([method, op]) => (METHODS.includes(method) ? (op.tags ?? []) : [])),
    ),
    ...webhookTags,
  ]),
];
/** The document's groups: those `tags` declares, then those only its operations name, which the page shows after them. */
const tags: Tag[] = [
  ...(spec.tags ?? []),
  ...usedTags.filter((name) => !spec.tags?.some((tag: Tag) => tag.name === name)).map((name) => ({ name })),
];
/** The side menu the document lays out, where it does (x-tagGroups): each group's name, then its groups of operations. */
const tagGroups: { name: string; tags?: string[] }[] | undefined = spec["x-tagGroups"];
const placed = new Set(tagGroups?.flatMap((group) => group.tags ?? []));
// the page's side menu holds the groups with operations or webhooks, and those x-tagGroups places in
// it; the others are listed in the intro
const specified = tags.filter((tag) => usedTags.includes(tag.name));
const unspecified = tags.filter((tag) => !specified.includes(tag) && !placed.has(tag.name));
/** The side menu's labels under the overview, top level, in order. */
const menuLabels = tagGroups
  ? [
      ...tagGroups,
      ...(usedTags.some((name) => !placed.has(name))
        ? [{ name: OTHER_GROUP, tags: usedTags.filter((name) => !placed.has(name)) }]
        : []),
    ].flatMap((group) => [group.name, ...(group.tags ?? []).filter((name) => tags.some((tag) => tag.name === name))])
  : specified.map((tag) => tag.name);

// rendering the page and starting chromium take seconds (scripts/setup-chromium.mjs installed it before)
const SETUP_TIMEOUT = 120_000;
/** Longest wait for one tag group or operation to be drawn once opened. */
const WAIT_MS = 5_000;
/** Longest walk over the whole spec in one page: a base plus an allowance per tag group and operation. */
const WALK_BUDGET_MS = 20_000 + 500 * (tags.length + operations.length);
const TEST_TIMEOUT = WALK_BUDGET_MS + 30_000;
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
    if (message.type() === "error" && (!source || onMachine(source)) && !source.endsWith("/favicon.ico"))
      consoleErrors.push(`${message.text()} (${source})`);
  });
  target.on("response", (response) => {
    // chromium asks for /favicon.ico on its own; the page declares none
    if (response.status() >= 400 && !response.url().endsWith("/favicon.ico"))
      failedLocally.push(`${response.status()} ${response.url()}`);
  });
  return target;
}

/** Opens a tag group from the side menu, as a reader would; false when the menu has no such entry. */
async function openTag(target: Page, name: string): Promise<boolean> {
  // a group's entry, not the overview's, which may bear the same words (a group named as the service)
  const entry = target
    .locator('[data-component-name="Menu/Menu"] a:not([href="#/"]):not([href="/"]):not([href*="/section/"])')
    .getByText(name, { exact: true })
    .first();
  const found = await entry.waitFor({ state: "visible", timeout: WAIT_MS }).then(
    () => true,
    () => false,
  );
  if (found) await entry.click();
  return found;
}

/** What to open in a walk over the page, and how long it may take. */
interface Walk {
  /** tag groups whose heading and description must be drawn once opened */
  tags: Tag[];
  /** operations whose summary must head their operationId anchor once opened */
  operations: Operation[];
  /** check that each operation's samples are in the right panel, chosen from its language menu */
  samples?: boolean;
  waitMs: number;
  budgetMs: number;
}

/**
 * Opens, inside the page, every tag group of `walk` from the side menu and then each of its
 * operations from the menu entries the group shows, as a reader clicks through them, and returns
 * what was not drawn: `<tag>: menu entry|heading|description`, `<operationId>: menu entry "<tag>"`,
 * `<operationId>: "<summary>"`, and with `samples` `<operationId>: <language> sample`. Each item waits at most `waitMs` for the page to draw it; past
 * `budgetMs` the rest are reported as not reached instead of waited for.
 */
async function walk(target: Page, plan: Walk): Promise<{ missing: string[]; opened: number }> {
  return target.evaluate(
    async ({ tags, operations, samples, waitMs, budgetMs, marks, languages }) => {
      const started = performance.now();
      const menu = document.querySelector('[data-component-name="Menu/Menu"]');
      const missing: string[] = [];
      let opened = 0;
      const norm = (words: string) => words.replace(/\s+/g, " ").trim();
      const text = (node: Element | null | undefined) => norm(node?.textContent ?? "");
      const drawn = (node: Element) => node.checkVisibility() && node.getBoundingClientRect().width > 0;
      // resolves to what `find` finds once the page has drawn it, or to undefined after `ms`
      const until = <T>(find: () => T | undefined, ms: number) =>
        new Promise<T | undefined>((done) => {
          const found = find();
          if (found !== undefined || ms <= 0) return done(found);
          const stop = (value: T | undefined) => {
            observer.disconnect();
            clearTimeout(timer);
            done(value);
          };
          const observer = new MutationObserver(() => {
            const value = find();
            if (value !== undefined) stop(value);
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
          const timer = setTimeout(() => stop(find()), ms);
        });
      const wait = () => Math.min(waitMs, budgetMs - (performance.now() - started));
      const links = () => Array.from(menu?.querySelectorAll("a") ?? []);
      // a group's entry, not the overview's or a section's of the intro, which may bear the same words
      const intro = (a: Element) => /^#?\/(section\/.*)?$/.test(a.getAttribute("href") ?? "");
      const entry = (label: string) =>
        links().find(
          (a) => !intro(a) && text(a.querySelector('[data-testid="menu-item-label"]')) === label && drawn(a),
        );
      const headingIn = (root: Element | Document, wanted: string[]) =>
        Array.from(root.querySelectorAll("h1, h2, h3")).find((h) => wanted.includes(text(h)) && drawn(h));

      for (const tag of tags) {
        if (wait() <= 0) {
          missing.push(`${tag.name}: not reached within ${budgetMs} ms`);
          continue;
        }
        const link = await until(() => entry(tag.name), wait());
        if (!link) {
          missing.push(`${tag.name}: menu entry`);
          continue;
        }
        link.click();
        opened++;
        // the group's own heading, which links where its menu entry does: a description elsewhere may
        // hold a heading of the same words
        // (served, the menu links by path; opened from a file, by hash)
        const place = (a: Element) => (a.getAttribute("href") ?? "").replace(/^#/, "");
        const own = (h: Element) => Array.from(h.querySelectorAll("a")).some((a) => place(a) === place(link));
        const title = await until(
          () =>
            Array.from(document.querySelectorAll("h1, h2, h3")).find((h) => text(h) === tag.name && own(h) && drawn(h)),
          wait(),
        );
        if (!title) missing.push(`${tag.name}: heading`);
        const description = tag.description;
        const section = title?.closest("[data-section-id]");
        if (
          description &&
          !(
            section &&
            (await until(() => {
              // the description's blocks as drawn (raw HTML in it is drawn as a block of its own), their words joined
              const blocks = Array.from(section.querySelectorAll('[data-component-name="Markdown/Markdown"]'));
              const words = blocks
                .filter(drawn)
                .map((node) => node.textContent ?? "")
                .join("")
                .replace(marks, "");
              return words.startsWith(description) || undefined;
            }, wait()))
          )
        )
          missing.push(`${tag.name}: description`);

        for (const op of operations.filter((op) => op.tag === tag.name)) {
          if (wait() <= 0) {
            missing.push(`${op.operationId}: not reached within ${budgetMs} ms`);
            continue;
          }
          // redoc anchors an operation at <tag slug>/<operationid lowercased>, and its menu entry links there
          const anchor = new RegExp(`^#/([^/]+/${op.operationId.toLowerCase()})$`);
          const opLink = await until(() => links().find((a) => anchor.test(a.getAttribute("href") ?? "")), wait());
          if (!opLink) {
            missing.push(`${op.operationId}: menu entry "${tag.name}"`);
            continue;
          }
          const id = anchor.exec(opLink.getAttribute("href")!)![1]!;
          opLink.click();
          opened++;
          // a deprecated operation's heading carries redoc's "deprecated" badge after the summary
          const wanted = op.deprecated ? [`${op.summary} deprecated`] : [op.summary];
          const at = () => document.getElementById(id) ?? undefined;
          if (!(await until(() => at() && headingIn(at()!, wanted), wait())))
            missing.push(`${op.operationId}: "${op.summary}"`);
          if (!samples) continue;
          // the right panel shows one language at a time: its header's menu button names it
          const codeBlocks = () =>
            Array.from(document.querySelectorAll('[data-component-name="CodeBlock/CodeBlockContainer"]')).filter(drawn);
          for (const language of languages) {
            const expected = op.samples[language]!;
            const button = await until(
              () =>
                Array.from(
                  document.querySelectorAll<HTMLElement>(
                    '[data-component-name="Panel/PanelHeader"] [data-component-name="Dropdown/Dropdown"] > button',
                  ),
                ).find((b) => drawn(b) && languages.includes(text(b))),
              wait(),
            );
            if (button && text(button) !== language) {
              button.click();
              const item = await until(
                () =>
                  Array.from(document.querySelectorAll<HTMLElement>('[role="menuitem"]')).find(
                    (i) => drawn(i) && text(i) === language,
                  ),
                wait(),
              );
              item?.click();
            }
            if (!(await until(() => codeBlocks().find((block) => text(block).includes(expected)), wait())))
              missing.push(`${op.operationId}: ${language} sample`);
          }
        }
      }
      return { missing, opened };
    },
    {
      ...plan,
      // a description's first paragraph as its drawn words, compared with the start of what the
      // section draws, stripped of the same marks (the rest may be tables and sections of its own)
      tags: plan.tags.map((tag) => ({
        ...tag,
        description: tag.description && drawnWords(firstParagraph(tag.description)),
      })),
      marks: MARKS,
      languages: LANGUAGES,
    },
  );
}

beforeAll(async () => {
  const executablePath = await chromiumPath();

  // Chromium starts while the page is built; afterAll closes it whichever of the two failed
  const launched = chromium
    .launch({ executablePath, args: [...CHROMIUM_FLAGS] })
    .then((started) => (browser = started));
  const built = await promisify(execFile)(process.execPath, [resolve(root, "scripts/docs.mjs")], { cwd: root }).finally(
    () => launched.catch(() => {}),
  );
  process.stdout.write(built.stdout);

  server = await serveDocs({ dir: site, host: "127.0.0.1", port: 0 });
  expect(new URL(server.url).port).not.toBe("0");

  context = await (await launched).newContext({ viewport: { width: 1280, height: 900 } });
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
  it("lists the tag groups with operations in the side menu, in the spec's order, and the others in the intro", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    // this project's document lists 22; a team's as many as it does
    expect(tags.length).toBeGreaterThan(0);
    expect(specified.length).toBeGreaterThan(0);
    // the menu's top level starts with the overview ("/") and the description's sections ("/section/...")
    const groups = await page
      .locator('[data-component-name="Menu/Menu"] > [data-component-name="Menu/MenuItem"]')
      .evaluateAll((items) =>
        items
          .filter((item) => !/^#?\/(section\/.*)?$/.test(item.querySelector("a")?.getAttribute("href") ?? ""))
          // a group of x-tagGroups is a heading with no link or label of its own
          .map((item) => (item.querySelector('[data-testid="menu-item-label"]') ?? item).textContent?.trim()),
      );
    expect(groups, "tag groups in the side menu").toEqual(menuLabels);

    const intro = page.locator('[data-component-name="Menu/Menu"] a[href$="/section/not-yet-specified"]');
    // a document whose every group has operations has no such section
    if (!unspecified.length) return expect(await intro.count(), "a not yet specified section").toBe(0);
    await intro.click();
    // the section's text once its heading is drawn: the heading and the list that follows it
    const drawnSection = await page.waitForFunction(
      (name) => {
        const heading = Array.from(document.querySelectorAll("h1, h2, h3")).find(
          (h) => (h.textContent ?? "").trim() === name && h.checkVisibility(),
        );
        const items = heading?.closest("[data-section-id]")?.querySelectorAll("li");
        return items ? Array.from(items, (item) => item.textContent ?? "") : undefined;
      },
      UNSPECIFIED_HEADING,
      { timeout: WAIT_MS },
    );
    // one item per group, its name and its description on one line
    const items = ((await drawnSection.jsonValue()) as string[]).map(drawnWords);
    const listed = unspecified.map((tag) => drawnWords(`${tag.name}${tag.description ? `: ${tag.description}` : ""}`));
    expect(
      listed.filter((line) => !items.includes(line)),
      "groups without operations missing from the intro",
    ).toEqual([]);
    expect(
      specified.filter((tag) => items.some((item) => item.startsWith(drawnWords(`${tag.name}:`)))),
      "groups with operations listed as not yet specified",
    ).toEqual([]);
  });

  it("renders every tag group's heading and description when opened from the menu", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    const { missing, opened } = await walk(page, {
      tags: specified,
      operations: [],
      waitMs: WAIT_MS,
      budgetMs: WALK_BUDGET_MS,
    });

    expect(missing, "tag groups not drawn").toEqual([]);
    expect(opened).toBe(specified.length);
  });

  it("renders every operation of the spec under its operationId anchor, with its summary, when opened from the menu", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    expect(operations.length).toBeGreaterThan(0);

    const { missing, opened } = await walk(page, {
      tags: specified,
      operations,
      waitMs: WAIT_MS,
      budgetMs: WALK_BUDGET_MS,
    });

    expect(missing, "operations not drawn").toEqual([]);
    expect(opened).toBe(specified.length + operations.length);
  });

  it("shows every operation's curl and TypeScript (Node.js) sample of this client in the right panel", {
    timeout: TEST_TIMEOUT,
  }, async () => {
    const { missing, opened } = await walk(page, {
      tags: specified,
      operations,
      samples: true,
      waitMs: WAIT_MS,
      budgetMs: WALK_BUDGET_MS,
    });

    expect(missing, "code samples not drawn").toEqual([]);
    expect(opened).toBe(specified.length + operations.length);
  });

  it("saves a full-page screenshot with every tag group and the first operation drawn", {
    timeout: TEST_TIMEOUT,
  }, async () => {
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
    const wanted = [
      ...specified.map((tag) => tag.name),
      ...(unspecified.length ? [UNSPECIFIED_HEADING] : []),
      first.summary,
    ];
    const drawn = await page.evaluate(() =>
      Array.from(document.querySelectorAll("h1, h2, h3"))
        .filter((h) => h.checkVisibility() && h.getBoundingClientRect().width > 0)
        .map((h) => (h.textContent ?? "").replace(/\s+/g, " ").trim()),
    );
    expect(
      wanted.filter((name) => !drawn.includes(name)),
      "headings not drawn on the full page",
    ).toEqual([]);
    mkdirSync(resolve(root, "test-results/docs"), { recursive: true });
    // the viewport is the page, up to the cap: a spec too long for one picture is cut, not tiled
    const png = await page.screenshot({ path: screenshot });
    console.log(`docs page: screenshot ${screenshot} (${png.length} bytes)`);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });

  it("also works opened straight from site/index.html (file://), offline", { timeout: TEST_TIMEOUT }, async () => {
    const local = watch(await context.newPage());
    try {
      await local.goto(pageFile);
      await local.locator('[data-component-name="Menu/Menu"]').waitFor();

      const { missing, opened } = await walk(local, {
        tags: specified,
        operations,
        samples: true,
        waitMs: WAIT_MS,
        budgetMs: WALK_BUDGET_MS,
      });

      expect(missing, "tag groups, operations and samples not drawn from file://").toEqual([]);
      expect(opened).toBe(specified.length + operations.length);
    } finally {
      await local.close();
    }
  });

  // the checks below cover everything the pages above did, so they run last
  it("made no request that would leave the machine", () => {
    expect(requests.size).toBeGreaterThan(0);
    expect(
      [...requests].filter((url) => !onMachine(url)),
      "requests to addresses off this machine",
    ).toEqual([]);
    expect(failedLocally, "local loads that failed").toEqual([]);
  });

  it("threw no uncaught error and logged no console error of its own", () => {
    expect(pageErrors, "uncaught page errors").toEqual([]);
    expect(consoleErrors, "console errors").toEqual([]);
  });
});
