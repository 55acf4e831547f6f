// The generated modules laid out by Biome, the project's formatter, with the project's own settings
// (biome.jsonc's `formatter` and `javascript.formatter`): TypeScript's printer writes correct code
// in its own layout (four spaces, an object on one line however long), Biome gives it the layout of
// the rest of the code. Through Biome's JavaScript API (@biomejs/js-api over its WebAssembly build),
// in a worker thread started with generate (startFormatter), so that Biome loads and warms up beside
// the bundle and openapi-typescript instead of after them, and stays loaded from save to save.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { workerExecArgv } from "../shared/processes.mjs";
import { ts } from "./print.mjs";

/** What Biome could not format (a module the printer wrote that is not valid code), or a thread that died. */
export class FormatError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "FormatError";
  }
}

/**
 * @typedef {{ settings: object, modules: [path: string, text: string][] }} Request
 * @typedef {{ modules: [path: string, text: string][] } | { error: string }} Answer
 */

/** @type {Worker | null} */
let thread = null;
/** @type {Promise<unknown>} one batch at a time: answers come back in order */
let queue = Promise.resolve();

/**
 * Starts the formatter's thread, where it is not running yet: Biome loads while the caller goes on.
 * The thread holds no process open (generate.mjs exits when its work is done).
 */
export function startFormatter() {
  if (thread) return thread;
  const started = new Worker(new URL(import.meta.url), { workerData: { role: "format" }, execArgv: workerExecArgv() });
  started.unref();
  started.once("exit", () => {
    if (thread === started) thread = null;
  });
  thread = started;
  return started;
}

/**
 * The project's formatting settings: biome.jsonc's (or biome.json's) formatter sections at `root`,
 * none (Biome's defaults) where it has no such file. Only these: the rest (which files, the linter,
 * git) is the CLI's, and its `files.includes` leaves generated/ to this step.
 * @param {string} root
 */
function settings(root) {
  const file = ["biome.jsonc", "biome.json"].map((name) => resolve(root, name)).find((path) => existsSync(path));
  if (!file) return {};
  const { config, error } = ts().parseConfigFileTextToJson(file, readFileSync(file, "utf8"));
  if (error || typeof config !== "object" || config === null) throw new FormatError(`${file}: not JSON with comments`);
  const javascript = config.javascript?.formatter ? { javascript: { formatter: config.javascript.formatter } } : {};
  return { ...(config.formatter ? { formatter: config.formatter } : {}), ...javascript };
}

/**
 * One batch through the thread.
 * @param {Request} request
 * @returns {Promise<[string, string][]>}
 */
function formatIn(request) {
  const worker = startFormatter();
  return new Promise((done, fail) => {
    const exited = (/** @type {number} */ code) => {
      worker.off("message", answered);
      fail(new FormatError(`the formatter's thread exited (code ${code})`));
    };
    const answered = (/** @type {Answer} */ answer) => {
      worker.off("exit", exited);
      worker.unref();
      if ("error" in answer) fail(new FormatError(answer.error));
      else done(answer.modules);
    };
    // the answer holds the process open until it comes
    worker.ref();
    worker.once("message", answered);
    worker.once("exit", exited);
    worker.postMessage(request);
  });
}

/**
 * The files laid out by Biome, in place: each of `paths` that `files` holds.
 * @param {Map<string, string>} files absolute path -> content
 * @param {string[]} paths the TypeScript modules to format
 * @param {string} root the project, whose biome.jsonc gives the settings
 */
export async function formatModules(files, paths, root) {
  const modules = paths.flatMap((path) => {
    const text = files.get(path);
    return text === undefined ? [] : [/** @type {[string, string]} */ ([path, text])];
  });
  const next = queue.then(() => formatIn({ settings: settings(root), modules }));
  queue = next.catch(() => {});
  for (const [path, text] of await next) files.set(path, text);
}

// the thread's side: Biome loaded and warmed on a small module as soon as the thread starts, then
// one batch per message, the configuration applied when it changes
if (!isMainThread && workerData?.role === "format") {
  const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
  const { Biome } = await import("@biomejs/js-api/nodejs");
  const biome = new Biome();
  const { projectKey } = biome.openProject("/");
  biome.formatContent(projectKey, "/** a */\nexport interface A {\n  a(b?: string): Promise<{ c: 1 }>;\n}\n", {
    filePath: "warm.ts",
  });
  let applied = "";
  port.on("message", (/** @type {Request} */ { settings: wanted, modules }) => {
    try {
      const key = JSON.stringify(wanted);
      if (key !== applied) biome.applyConfiguration(projectKey, wanted);
      applied = key;
      const out = modules.map(([path, text]) => {
        const { content, diagnostics } = biome.formatContent(projectKey, text, { filePath: path });
        const errors = diagnostics.filter((d) => d.severity === "error" || d.severity === "fatal");
        if (errors.length) throw new FormatError(`${path}: Biome could not format it (${errors.length} errors)`);
        return [path, content];
      });
      port.postMessage({ modules: out });
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
