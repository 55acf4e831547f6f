// The docs page: the bundled spec rendered by `redocly build-docs` into one file, scripts inlined,
// that opens offline.
//
// The page is the CLI's own, run through its documented command line and nothing else of it:
// `redocly build-docs <api> --inlineBundle --config redocly.yaml --output <page>`, so it is byte for
// byte what a user gets for pageDocument(bundle) (test/scripts/docs/render.test.ts compares them).
// Most of a run is the CLI starting (node, its modules, redocly.yaml), before it reads its api; so
// a renderer starts each run ahead, its api being its own standard input (/dev/stdin): the run
// loads, then waits on that read until a render writes the page document and closes the pipe, and
// the render costs the CLI's render alone. A run read redocly.yaml, the files it extends and the
// plugins it loads when it started: one whose files changed since is not used. Where there is no
// /dev/stdin (Windows) each render starts the CLI on a file: correct, only slower.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DocsError, finished, MAX_OUTPUT_CHARS, packageFile, SH, STDIN, startRun, usable } from "./build-docs-run.mjs";
import { pageDocument } from "./page-document.mjs";
import { createSampler } from "../spec/sample.mjs";
import { readIdentity } from "../shared/identity.mjs";
import { CONFIG } from "../shared/paths.mjs";
import { stopGroup } from "../shared/processes.mjs";

// redoc 3 draws its "API docs by" footer logo from a cdn, the page's one request off the machine,
// and has no option to drop it: point it at an empty inline svg so the page works offline
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * Rewrites the page at `file` so that it requests nothing off the machine.
 * @param {string} file
 */
export function offline(file) {
  const html = readFileSync(file, "utf8");
  if (!CDN_LOGO.test(html))
    throw new DocsError(
      "the redoc cdn logo address is gone from the page; drop offline() from scripts/lib/docs/render.mjs",
    );
  writeFileSync(file, html.replace(CDN_LOGO, EMPTY_SVG));
}

/**
 * @typedef {object} DocsRenderer
 * @property {(bundle: string, output: string) => Promise<{ ms: number, size: number }>} render
 * renders (in `ms` of its own time) `bundle` (the bundled spec, JSON text, as generated/openapi.json holds it), as
 * pageDocument() makes it, into the file `output`, replaced whole (never half written); rejects
 * with a {@link DocsError} and leaves `output` as it was when build-docs fails
 * @property {() => Promise<void>} close ends the run started ahead and removes the temporary files
 */

/**
 * A docs renderer that keeps a `redocly build-docs` run started ahead, loaded and waiting for its
 * api, so a render costs the CLI's render alone. The first run starts at once, while the caller
 * lints and generates; unless `once`, the next starts as each render ends. Renders run one at a
 * time. Close it when done: it holds a process.
 * @param {{ configPath?: string, once?: boolean }} [options] `configPath` default redocly.yaml (its
 * theme settings apply; a run whose config files changed since it started is not used); `once`
 * default false: true for a renderer of one page, which starts no run for a next one
 * @returns {DocsRenderer}
 * @example
 * const docs = docsRenderer();
 * await docs.render(readFileSync("generated/openapi.json", "utf8"), "site/index.html");
 * await docs.close();
 */
export function docsRenderer({ configPath = CONFIG, once = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "docs-"));
  const page = join(dir, "page.html");
  // named openapi.json as a user names it, for the CLI without /dev/stdin
  const input = join(dir, "openapi.json");
  const ahead = process.platform !== "win32" && existsSync(STDIN) && existsSync(SH);
  /** @type {Promise<import("./build-docs-run.mjs").Run> | null} the run started ahead, loading or waiting for its api */
  let next = null;
  let closed = false;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();

  const startAhead = () => {
    if (!ahead || closed) return;
    next = startRun(STDIN, page, configPath);
    // one that cannot start fails the render that would use it, which starts its own
    next.catch(() => {});
  };

  const renderOnce = async (/** @type {string} */ bundle, /** @type {string} */ target) => {
    if (closed) throw new DocsError("the docs renderer is closed");
    const text = await pageText(bundle, configPath);
    const started = performance.now();
    rmSync(page, { force: true });
    let run = await next?.catch(() => null);
    next = null;
    try {
      if (run && !usable(run)) {
        await stopGroup(run.child);
        run = null;
      }
      if (run) run.child.stdin?.end(text);
      else if (ahead) (run = await startRun(STDIN, page, configPath)).child.stdin?.end(text);
      else {
        writeFileSync(input, text);
        run = await startRun(input, page, configPath);
      }
      const { code, signal } = await finished(run);
      if (code !== 0 || !existsSync(page))
        throw new DocsError(
          `redocly build-docs failed (${signal ?? `exit ${code}`})`,
          run.output().slice(-MAX_OUTPUT_CHARS),
        );
      offline(page);
      // same folder, so the rename is atomic: a server never reads half a page
      const staged = `${target}.${process.pid}.tmp`;
      writeFileSync(staged, readFileSync(page));
      renameSync(staged, target);
      return { ms: Math.round(performance.now() - started), size: statSync(target).size };
    } finally {
      if (!once) startAhead();
    }
  };

  // an exit without close() (an uncaught exception) still removes the files; a run started ahead
  // ends by itself then, its api read empty once this process is gone
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  startAhead();
  return {
    render(bundle, output) {
      const result = queue.then(() => renderOnce(bundle, output));
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      closed = true;
      await queue;
      const run = await next?.catch(() => null);
      next = null;
      if (run) await stopGroup(run.child);
      removeDir();
      process.off("exit", removeDir);
    },
  };
}

/**
 * Renders the docs page once, from the bundled spec (JSON text) into `output`.
 * @param {string} bundle the bundled spec, as generated/openapi.json holds it
 * @param {string} output the page to write
 * @returns {Promise<{ ms: number, size: number }>}
 * @example
 * await renderDocs(readFileSync("generated/openapi.json", "utf8"), "site/index.html");
 */
export async function renderDocs(bundle, output) {
  const renderer = docsRenderer({ once: true });
  try {
    return await renderer.render(bundle, output);
  } finally {
    await renderer.close();
  }
}

/**
 * The page document of `bundle`, as the JSON text build-docs reads, its samples naming the package
 * of the package.json beside `configPath`.
 * @param {string} bundle
 * @param {string} configPath
 */
async function pageText(bundle, configPath) {
  let spec;
  try {
    spec = JSON.parse(bundle);
  } catch (err) {
    throw new DocsError(
      `the bundle is not a document the page can be made from: ${/** @type {Error} */ (err).message}`,
    );
  }
  // a package.json that cannot name the package throws IdentityError, naming the field
  const names = readIdentity(spec?.info, packageFile(configPath));
  try {
    return JSON.stringify(pageDocument(spec, { sampler: await createSampler(spec), names }), null, 2);
  } catch (err) {
    throw new DocsError(
      `the bundle is not a document the page can be made from: ${/** @type {Error} */ (err).message}`,
    );
  }
}
