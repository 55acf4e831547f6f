// The docs renderer starts each `redocly build-docs` run ahead and hands it the page document on a
// pipe; the page it writes must stay the one `redocly build-docs` writes from a file. The oracle is
// the CLI itself, run as a user runs it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageDocument } from "../../../scripts/lib/docs/page-document.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { DocsError } from "../../../scripts/lib/docs/build-docs-run.mjs";
import { docsRenderer, type DocsRenderer } from "../../../scripts/lib/docs/render.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { readIdentity } from "../../../scripts/lib/shared/identity.mjs";
import { bundleSpec } from "../../../scripts/lib/generate/render.mjs";
import { CONFIG, fromRoot, root } from "../../../scripts/lib/shared/paths.mjs";

const CLI = fromRoot("node_modules/@redocly/cli/bin/cli.js");
// the page's one request off the machine, and what the pipeline puts in its place
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
// a CLI run and a cold render each take seconds on a busy 2-core machine
const TIMEOUT_MS = 180_000;
/** Longer than a build-docs run takes to start and read its config on a busy 2-core machine. */
const LOAD_MS = 5_000;

let dir: string;
let renderer: DocsRenderer;
let bundle: string;

/**
 * What `redocly build-docs` writes for the page document of `text` with `config`, made offline as the
 * pipeline does; the package.json beside `config` names the package in the samples and, where it
 * says, the page's `--title`, as a user passes it.
 */
async function cliPage(text: string, name: string, config = CONFIG): Promise<string> {
  const input = join(dir, `${name}.json`);
  const output = join(dir, `${name}.cli.html`);
  const spec = JSON.parse(text);
  const names = readIdentity(spec.info, join(dirname(config), "package.json"));
  writeFileSync(input, JSON.stringify(pageDocument(spec, { sampler: await createSampler(spec), names }), null, 2));
  const title = names.docsTitle === undefined ? [] : ["--title", names.docsTitle];
  const args = [CLI, "build-docs", input, "--inlineBundle", "--config", config, "--output", output, ...title];
  execFileSync(process.execPath, args, {
    cwd: root,
    env: toolEnv(),
    stdio: "pipe",
  });
  return readFileSync(output, "utf8").replace(CDN_LOGO, EMPTY_SVG);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "docs-render-test-"));
  renderer = docsRenderer();
  bundle = `${JSON.stringify((await bundleSpec()).spec, null, 2)}\n`;
}, TIMEOUT_MS);
afterAll(async () => {
  await renderer?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the docs renderer (build-docs runs started ahead)", () => {
  it("writes byte for byte the page redocly build-docs writes, on its first render and on a later one of another document", {
    timeout: TIMEOUT_MS,
  }, async () => {
    const spec = JSON.parse(bundle);
    const [first = "", second = ""] = Object.keys(spec.paths);
    delete spec.paths[first];
    spec.info.description = "A second document, rendered by the same worker.";
    const other = `${JSON.stringify(spec, null, 2)}\n`;

    await renderer.render(bundle, join(dir, "one.html"));
    await renderer.render(other, join(dir, "two.html"));
    const one = readFileSync(join(dir, "one.html"), "utf8");
    const two = readFileSync(join(dir, "two.html"), "utf8");

    expect(one === (await cliPage(bundle, "one")), "the first page differs from build-docs'").toBe(true);
    expect(two === (await cliPage(other, "two")), "the second page differs from build-docs'").toBe(true);
    expect(two).toContain("A second document, rendered by the same worker.");
    // the path taken out is named less often (another operation's text or link may still name it)
    const mentions = (page: string) => page.split(`"${first}"`).length - 1;
    expect(mentions(one)).toBeGreaterThan(0);
    expect(mentions(two)).toBeLessThan(mentions(one));
    expect(two).toContain(`"${second}"`);
    expect(one).not.toMatch(CDN_LOGO);
  });

  it("refuses a bundle that is not a document with a DocsError, leaves the page as it was, and renders the next save", {
    timeout: TIMEOUT_MS,
  }, async () => {
    const page = join(dir, "kept.html");
    writeFileSync(page, "the page before");

    await expect(renderer.render("{ not json", page)).rejects.toThrow(DocsError);
    expect(readFileSync(page, "utf8")).toBe("the page before");
    expect(existsSync(`${page}.${process.pid}.tmp`)).toBe(false);

    await renderer.render(bundle, page);
    expect(readFileSync(page, "utf8")).toContain('<div id="redoc">');
  });

  it("renders with redocly.yaml as it is at the render, not as it was when the run started ahead", {
    timeout: TIMEOUT_MS,
  }, async () => {
    const config = join(dir, "redocly.yaml");
    writeFileSync(config, "openapi:\n  hideDownloadButtons: false\n");
    const own = docsRenderer({ configPath: config });
    try {
      await own.render(bundle, join(dir, "before.html"));
      // time for the next run to start and read the config as it was
      await new Promise((done) => setTimeout(done, LOAD_MS));
      writeFileSync(config, "openapi:\n  hideDownloadButtons: true\n");
      await own.render(bundle, join(dir, "after.html"));
    } finally {
      await own.close();
    }
    const after = readFileSync(join(dir, "after.html"), "utf8");

    expect(
      after === (await cliPage(bundle, "after", config)),
      "the page differs from build-docs' with the config as changed",
    ).toBe(true);
    expect(after).toContain('"hideDownloadButtons":true');
    expect(readFileSync(join(dir, "before.html"), "utf8")).toContain('"hideDownloadButtons":false');
  });

  it("titles the page as package.json's client.docsTitle says, else as info.title, and reads it again when it changes", {
    timeout: TIMEOUT_MS,
  }, async () => {
    const project = join(dir, "titled");
    mkdirSync(project, { recursive: true });
    const config = join(project, "redocly.yaml");
    writeFileSync(config, "openapi:\n  hideDownloadButtons: true\n");
    const manifest = join(project, "package.json");
    writeFileSync(manifest, JSON.stringify({ name: "acme-client", client: { docsTitle: "Acme <reference>" } }));
    const own = docsRenderer({ configPath: config });
    try {
      await own.render(bundle, join(dir, "titled.html"));
      await new Promise((done) => setTimeout(done, LOAD_MS));
      writeFileSync(manifest, JSON.stringify({ name: "acme-client" }));
      await own.render(bundle, join(dir, "untitled.html"));
    } finally {
      await own.close();
    }
    const titled = readFileSync(join(dir, "titled.html"), "utf8");
    const untitled = readFileSync(join(dir, "untitled.html"), "utf8");

    expect(titled).toContain("<title>Acme &lt;reference&gt;</title>");
    expect(titled).toContain('import { createClient } from \\"acme-client\\"');
    expect(untitled).toContain(`<title>${JSON.parse(bundle).info.title}</title>`);
    expect(untitled === (await cliPage(bundle, "untitled", config)), "the page differs from build-docs'").toBe(true);
  });
});
