// The docs page: the bundled spec rendered by `redocly build-docs` into one file, scripts inlined,
// that opens offline.
//
// The CLI spends about 1 s loading itself and, at 150 operations, another second rendering in code
// the JIT has not warmed. So a renderer keeps the CLI's own build-docs command loaded in a worker
// thread and calls it for every render: the same code on the same input, so the page is byte for
// byte what `redocly build-docs <api> --inlineBundle --config redocly.yaml` writes for
// pageDocument(bundle) (test/scripts/docs/render.test.ts compares them), in the render time alone,
// which falls to about a third once warm. The CLI offers the command only through its command line:
// the worker finds the module the CLI imports for it. Where that cannot be found (a CLI release
// laid out otherwise), each render runs the CLI itself: correct, only slower.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { pageDocument } from "./page-document.mjs";
import { toolEnv } from "../shared/env.mjs";
import { CONFIG, fromRoot } from "../shared/paths.mjs";
import { run, workerExecArgv } from "../shared/processes.mjs";

const CLI = fromRoot("node_modules/@redocly/cli/bin/cli.js");
/** Longest one render may take before it is stopped and fails. */
export const RENDER_TIMEOUT_MS = 120_000;
/** Most CLI output kept for an error message, in characters. */
const MAX_OUTPUT_CHARS = 20_000;

// redoc 3 draws its "API docs by" footer logo from a cdn, the page's one request off the machine,
// and has no option to drop it: point it at an empty inline svg so the page works offline
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/** An error of the docs step, with what the CLI printed. */
export class DocsError extends Error {
  /**
   * @param {string} message
   * @param {string} [output] the CLI's stdout and stderr
   */
  constructor(message, output = "") {
    super(message);
    this.name = "DocsError";
    this.output = output;
  }
}

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
 * @property {() => Promise<void>} close ends the worker and removes its temporary files
 */

/**
 * A docs renderer that keeps `redocly build-docs` loaded in a worker thread, so a render costs the
 * render alone, in code that gets faster with each save. The worker starts loading at once, while
 * the caller lints and generates. Renders run one at a time. Close it when done: it holds a thread.
 * @param {{ configPath?: string }} [options] `configPath` default redocly.yaml (its theme settings
 * apply; it is read again for every render)
 * @returns {DocsRenderer}
 * @example
 * const docs = docsRenderer();
 * await docs.render(readFileSync("generated/openapi.json", "utf8"), "site/index.html");
 * await docs.close();
 */
export function docsRenderer({ configPath = CONFIG } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "docs-"));
  // named openapi.json: build-docs picks its parser by extension
  const input = join(dir, "openapi.json");
  const page = join(dir, "page.html");
  /** @type {ReturnType<typeof startWorker> | null} */
  let worker = null;
  /** why the worker cannot render, once it said so: every render then runs the CLI */
  let unavailable = "";
  let closed = false;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();

  const renderOnce = async (/** @type {string} */ bundle, /** @type {string} */ target) => {
    if (closed) throw new DocsError("the docs renderer is closed");
    let started = performance.now();
    rmSync(page, { force: true });
    if (!unavailable) {
      worker ??= startWorker();
      const answer = await worker.render({ bundle, input, page, configPath });
      if ("unavailable" in answer) {
        unavailable = answer.unavailable;
        await worker.stop();
        worker = null;
      } else if (answer.ok === false) {
        // a worker that died or timed out is not reused: the next render starts a fresh one
        if (answer.fatal) worker = null;
        throw new DocsError(answer.message, answer.output);
      } else {
        // the render's own time: the answer may wait for this thread, busy generating
        started = performance.now() - answer.ms;
      }
    }
    if (unavailable) await renderWithCli(bundle, input, page, configPath);
    // same folder, so the rename is atomic: a server never reads half a page
    const staged = `${target}.${process.pid}.tmp`;
    writeFileSync(staged, readFileSync(page));
    renameSync(staged, target);
    return { ms: Math.round(performance.now() - started), size: statSync(target).size };
  };

  // an exit without close() (an uncaught exception) still removes the files; the thread ends with the process
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  worker = startWorker();
  return {
    render(bundle, output) {
      const next = queue.then(() => renderOnce(bundle, output));
      queue = next.catch(() => {});
      return next;
    },
    async close() {
      closed = true;
      await queue;
      await worker?.stop();
      worker = null;
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
  const renderer = docsRenderer();
  try {
    return await renderer.render(bundle, output);
  } finally {
    await renderer.close();
  }
}

/**
 * The page document of `bundle`, as the JSON text build-docs reads.
 * @param {string} bundle
 */
function pageText(bundle) {
  try {
    return JSON.stringify(pageDocument(JSON.parse(bundle)), null, 2);
  } catch (err) {
    throw new DocsError(
      `the bundle is not a document the page can be made from: ${/** @type {Error} */ (err).message}`,
    );
  }
}

/**
 * The slow way, where the worker cannot load build-docs: the CLI itself, one process per render.
 * @param {string} bundle
 * @param {string} input where the page document goes
 * @param {string} page where the page goes
 * @param {string} configPath
 */
async function renderWithCli(bundle, input, page, configPath) {
  writeFileSync(input, pageText(bundle));
  const { code, signal, output } = await run(
    process.execPath,
    [CLI, "build-docs", input, "--inlineBundle", "--config", configPath, "--output", page],
    {
      cwd: dirname(configPath),
      env: toolEnv(),
    },
  );
  if (code !== 0 || !existsSync(page))
    throw new DocsError(`redocly build-docs failed (${signal ?? `exit ${code}`})`, output.slice(-MAX_OUTPUT_CHARS));
  offline(page);
}

/**
 * One render's answer: done (in `ms` of the worker's own time), the worker cannot load build-docs (`unavailable`), or a failure,
 * `fatal` when the thread is gone or was stopped (a timeout): a fatal worker is not used again.
 * @typedef {{ ok: true, ms: number } | { unavailable: string } | { ok: false, message: string, output: string, fatal?: boolean }} WorkerAnswer
 */

/**
 * The worker thread that renders, and the one render it may be running: an answer for each
 * render, a fatal failure when the thread dies or takes longer than {@link RENDER_TIMEOUT_MS}.
 */
function startWorker() {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { role: "docs" },
    env: toolEnv(),
    execArgv: workerExecArgv(),
    stdout: true,
    stderr: true,
  });
  // what build-docs printed during the current render, for an error message
  let printed = "";
  const keep = (/** @type {Buffer} */ chunk) => {
    printed = (printed + chunk).slice(-MAX_OUTPUT_CHARS);
  };
  worker.stdout.on("data", keep);
  worker.stderr.on("data", keep);
  /** @type {((answer: WorkerAnswer) => void) | null} */
  let pending = null;
  const answer = (/** @type {WorkerAnswer} */ value) => {
    const done = pending;
    pending = null;
    if ("ok" in value && value.ok === false) value.output ||= printed;
    done?.(value);
  };
  const fatal = (/** @type {string} */ message) => answer({ ok: false, message, output: "", fatal: true });
  worker.on("message", answer);
  worker.on("error", (err) => fatal(`the docs worker failed: ${err.message}`));
  worker.on("exit", (code) => fatal(`the docs worker exited (code ${code}) while rendering`));
  return {
    /** @returns {Promise<WorkerAnswer>} */
    render(/** @type {{ bundle: string, input: string, page: string, configPath: string }} */ job) {
      printed = "";
      return new Promise((done) => {
        const timer = setTimeout(() => {
          fatal(`redocly build-docs took longer than ${RENDER_TIMEOUT_MS / 1000} s`);
          worker.terminate();
        }, RENDER_TIMEOUT_MS);
        pending = (value) => {
          clearTimeout(timer);
          done(value);
        };
        worker.postMessage(job);
      });
    },
    stop: () => worker.terminate(),
  };
}

/**
 * build-docs' own command, as the CLI runs it: the module its command line imports for it, found
 * in the CLI's entry file.
 * @returns {Promise<(run: { argv: object, config: unknown, collectSpecData: () => void }) => Promise<void>>}
 */
async function buildDocsCommand() {
  const lib = fromRoot("node_modules/@redocly/cli/lib");
  const entry = readFileSync(join(lib, "index.js"), "utf8");
  const at = entry.indexOf('command("build-docs');
  const module = at < 0 ? undefined : /import\("\.\/(chunks\/[\w-]+\.js)"\)/.exec(entry.slice(at))?.[1];
  if (!module) throw new Error("the CLI's entry file no longer names the module of build-docs");
  const { handlerBuildCommand } = await import(pathToFileURL(join(lib, module)).href);
  if (typeof handlerBuildCommand !== "function") throw new Error(`${module} no longer exports build-docs' handler`);
  return handlerBuildCommand;
}

// the worker's side: build-docs loaded once, then one render per message
async function docsWorker() {
  const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
  /** @type {Awaited<ReturnType<typeof buildDocsCommand>> | null} */
  let command = null;
  let why = "";
  try {
    command = await buildDocsCommand();
  } catch (err) {
    why = /** @type {Error} */ (err).message;
  }
  const { loadConfig } = await import("@redocly/openapi-core");
  port.on("message", async (/** @type {{ bundle: string, input: string, page: string, configPath: string }} */ job) => {
    if (!command) return port.postMessage({ unavailable: why });
    const started = performance.now();
    try {
      writeFileSync(job.input, pageText(job.bundle));
      // read for every render, as the CLI reads it when it starts: redocly.yaml may have changed
      const config = await loadConfig({ configPath: job.configPath });
      await command({
        argv: { api: job.input, o: job.page, inlineBundle: true, config: job.configPath },
        config,
        collectSpecData() {},
      });
      if (!existsSync(job.page)) throw new DocsError("redocly build-docs wrote no page");
      offline(job.page);
      port.postMessage({ ok: true, ms: performance.now() - started });
    } catch (err) {
      port.postMessage({
        ok: false,
        message: `redocly build-docs failed: ${/** @type {Error} */ (err).message}`,
        output: "",
      });
    }
  });
}

if (!isMainThread && workerData?.role === "docs") await docsWorker();
