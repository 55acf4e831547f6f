// The docs page: the bundled spec rendered by `redocly build-docs` (the CLI as a child process;
// neither the CLI nor any package it bundles offers the page as a library call) into one file,
// scripts inlined, that opens offline.
//
// The CLI spends most of its time loading itself (about 1 s) and a fraction rendering (0.2-0.4 s).
// So a renderer keeps one CLI started ahead of time, already loaded and blocked reading its input
// from a named pipe; render() writes the bundle into that pipe and the page follows in the render
// time alone, then the next CLI starts loading for the save after. The page is byte for byte what
// `redocly build-docs <api> --inlineBundle` writes for pageDocument(bundle): the bundle with code
// samples on every operation and the groups without operations moved into the intro. Where no
// named pipe can be made, each render starts its own CLI (correct, only slower).
import { execFileSync } from "node:child_process";
import { constants, existsSync, mkdtempSync, open, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { withCodeSamples } from "./code-samples.mjs";
import { toolEnv } from "./env.mjs";
import { CONFIG, fromRoot } from "./paths.mjs";
import { collectOutput, spawnGroup, stopGroup } from "./processes.mjs";

const CLI = fromRoot("node_modules/@redocly/cli/bin/cli.js");
const WATCHDOG = fromRoot("scripts/lib/watchdog.mjs");
/** Longest one render may take before its CLI is stopped and the render fails. */
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
  if (!CDN_LOGO.test(html)) throw new DocsError("the redoc cdn logo address is gone from the page; drop offline() from scripts/lib/docs.mjs");
  writeFileSync(file, html.replace(CDN_LOGO, EMPTY_SVG));
}

/** The heading of the intro section that lists the groups with no operation yet. */
export const UNSPECIFIED_HEADING = "Not yet specified";

/**
 * The document the docs page renders, made from the bundled spec (which is left as it was):
 * every operation gets `x-codeSamples` (scripts/lib/code-samples.mjs), and the tags no operation
 * uses leave `tags`, so the side menu holds only groups with operations, and are listed once in a
 * "Not yet specified" section appended to `info.description`, each with its description.
 * @param {any} spec the bundled spec, as generated/openapi.json holds it
 * @param {{ packageName?: string }} [options] `packageName` default: package.json's name
 * @returns {any}
 * @example
 * const page = pageDocument(JSON.parse(readFileSync("generated/openapi.json", "utf8")));
 * page.tags.length; // the groups that have operations
 */
export function pageDocument(spec, { packageName = ownName() } = {}) {
  const page = withCodeSamples(spec, { packageName });
  const used = new Set();
  for (const item of Object.values(page.paths ?? {})) {
    for (const op of Object.values(item ?? {})) {
      if (op && typeof op === "object" && Array.isArray(op.tags)) for (const tag of op.tags) used.add(tag);
    }
  }
  const tags = Array.isArray(page.tags) ? page.tags : [];
  const unused = tags.filter((tag) => !used.has(tag?.name));
  if (!unused.length) return page;
  page.tags = tags.filter((tag) => used.has(tag?.name));
  // one line per group: a description over several lines would break the list
  const items = unused.map((tag) => {
    const about = String(tag.description ?? "").replace(/\s+/g, " ").trim();
    return `- **${tag.name}**${about ? `: ${about}` : ""}`;
  });
  const intro = String(page.info?.description ?? "").trimEnd();
  const section = [`## ${UNSPECIFIED_HEADING}`, "The service has these operation groups, with no operation in this document yet:", "", ...items].join("\n");
  page.info = { ...page.info, description: `${intro ? `${intro}\n\n` : ""}${section}\n` };
  return page;
}

/** The package's name, what the TypeScript samples import from. */
function ownName() {
  try {
    const name = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")).name;
    if (typeof name === "string" && name) return name;
  } catch {
    // no package.json: the default below
  }
  return "browser-cloud-client";
}

/**
 * @typedef {object} DocsRenderer
 * @property {(bundle: string, output: string) => Promise<{ ms: number, size: number }>} render
 * renders `bundle` (the bundled spec, JSON text, as generated/openapi.json holds it), as
 * pageDocument() makes it, into the file `output`, replaced whole (never half written); rejects with a {@link DocsError} and leaves
 * `output` as it was when the CLI fails
 * @property {() => Promise<void>} close stops the CLI kept ready and removes its pipe
 */

/**
 * A docs renderer that keeps one `redocly build-docs` loaded and waiting, so a render costs the
 * render alone. Renders run one at a time. Close it when done: it holds a child process.
 * @param {{ configPath?: string, warm?: boolean }} [options] `configPath` default redocly.yaml
 * (its theme settings apply; it is re-read when it changes); `warm` default true: keep a CLI
 * ready after each render (false for a one-off render, whose CLI still starts loading at once,
 * while the steps before docs run)
 * @returns {DocsRenderer}
 * @example
 * const docs = docsRenderer();
 * await docs.render(readFileSync("generated/openapi.json", "utf8"), "site/index.html");
 * await docs.close();
 */
export function docsRenderer({ configPath = CONFIG, warm = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "docs-"));
  // named openapi.json: the CLI picks its parser by extension
  const input = join(dir, "openapi.json");
  const piped = makeFifo(input);
  /** @type {ReturnType<typeof startCli> | null} */
  let ready = null;
  let count = 0;
  let closed = false;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  const configText = () => (existsSync(configPath) ? readFileSync(configPath, "utf8") : "");

  const startCli = () => {
    const output = join(dir, `page-${++count}.html`);
    // under the watchdog, like Prism: a CLI kept waiting never outlives this process, SIGKILL included
    const child = spawnGroup(process.execPath, [WATCHDOG, process.execPath, CLI, "build-docs", input, "--inlineBundle", "--output", output], {
      cwd: dirname(configPath),
      env: toolEnv({ WATCHDOG_REMOVE: dir }),
      stdio: ["pipe", "pipe", "pipe"],
    });
    // never written: the pipe's one use is to close when this process is gone
    child.stdin?.on("error", () => {});
    const printed = collectOutput(child, MAX_OUTPUT_CHARS);
    /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null, error?: Error }>} */
    const exited = new Promise((done) => {
      child.once("exit", (code, signal) => done({ code, signal }));
      child.once("error", (error) => done({ code: null, signal: null, error }));
    });
    return { child, output, exited, config: configText(), text: printed };
  };

  const renderOnce = async (/** @type {string} */ bundle, /** @type {string} */ target) => {
    if (closed) throw new DocsError("the docs renderer is closed");
    const started = performance.now();
    // a CLI started before redocly.yaml changed holds the old config
    if (ready && ready.config !== configText()) {
      await stopGroup(ready.child);
      ready = null;
    }
    let text;
    try {
      text = JSON.stringify(pageDocument(JSON.parse(bundle)), null, 2);
    } catch (err) {
      throw new DocsError(`the bundle is not a document the page can be made from: ${/** @type {Error} */ (err).message}`);
    }
    if (!piped) writeFileSync(input, text);
    const cli = ready ?? startCli();
    ready = null;
    const timer = setTimeout(() => stopGroup(cli.child), RENDER_TIMEOUT_MS);
    try {
      if (piped) await writeToPipe(input, text, cli.exited);
      const { code, signal, error } = await cli.exited;
      if (error) throw new DocsError(`could not start redocly build-docs: ${error.message}`);
      if (code !== 0 || !existsSync(cli.output)) {
        throw new DocsError(`redocly build-docs failed (${signal ?? `exit ${code}`})`, cli.text());
      }
      offline(cli.output);
      // same folder, so the rename is atomic: a server never reads half a page
      const staged = `${target}.${process.pid}.tmp`;
      writeFileSync(staged, readFileSync(cli.output));
      rmSync(cli.output, { force: true });
      renameSync(staged, target);
    } finally {
      clearTimeout(timer);
      rmSync(cli.output, { force: true });
      if (piped && warm && !closed) ready = startCli();
    }
    return { ms: Math.round(performance.now() - started), size: statSync(target).size };
  };

  // an exit without close() (an uncaught exception) still removes the pipe; the CLI's watchdog ends the CLI
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.once("exit", removeDir);
  // the first CLI starts loading now, while the caller lints and generates
  if (piped) ready = startCli();
  return {
    render(bundle, output) {
      const next = queue.then(() => renderOnce(bundle, output));
      queue = next.catch(() => {});
      return next;
    },
    async close() {
      closed = true;
      await queue;
      if (ready) await stopGroup(ready.child);
      ready = null;
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
  const renderer = docsRenderer({ warm: false });
  try {
    return await renderer.render(bundle, output);
  } finally {
    await renderer.close();
  }
}

/** Makes a named pipe at `file`; false where the system has no mkfifo. */
function makeFifo(/** @type {string} */ file) {
  try {
    execFileSync("mkfifo", ["-m", "600", file], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `text` into the named pipe at `file` once a reader has it open. The pipe is opened
 * without blocking (an open for writing would wait forever on a reader that died), retried until
 * the CLI opens its end, and given up when the CLI exits first.
 * @param {string} file
 * @param {string} text
 * @param {Promise<unknown>} exited
 */
async function writeToPipe(file, text, exited) {
  let gone = false;
  exited.then(() => (gone = true));
  /** @type {number | undefined} */
  let fd;
  while (fd === undefined) {
    try {
      fd = await new Promise((done, fail) => open(file, constants.O_WRONLY | constants.O_NONBLOCK, (err, opened) => (err ? fail(err) : done(opened))));
    } catch (err) {
      // ENXIO: nobody reads the pipe yet
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== "ENXIO" || gone) {
        throw new DocsError(gone ? "redocly build-docs exited before it read the spec" : `cannot open ${file}: ${/** @type {Error} */ (err).message}`);
      }
      await new Promise((done) => setTimeout(done, 10));
    }
  }
  // a socket over the pipe's descriptor (it owns and closes it) writes as fast as the reader
  // reads, without blocking a thread
  const socket = new Socket({ fd, readable: false, writable: true });
  await new Promise((done, fail) => {
    socket.once("error", (err) => fail(new DocsError(`writing the spec to redocly build-docs: ${err.message}`)));
    socket.end(text, () => done(undefined));
  });
  socket.destroy();
}
