// One `redocly build-docs` run of the docs renderer (render.mjs): started in its own process group
// with the CLI's documented command line, on a file or on its standard input (a run started ahead,
// which loads and then waits for its api); whether its config files are still as they were when it
// started; and its end, stopped when it takes longer than RENDER_TIMEOUT_MS.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadConfig } from "@redocly/openapi-core";
import { readIdentity } from "../shared/identity.mjs";
import { toolEnv } from "../shared/env.mjs";
import { collectOutput, packageBin, spawnGroup, stopGroup } from "../shared/processes.mjs";

/** Longest one render may take before it is stopped and fails. */
export const RENDER_TIMEOUT_MS = 120_000;
/** Most CLI output kept for an error message, in characters. */
export const MAX_OUTPUT_CHARS = 20_000;
/** Where a run started ahead reads its api: the pipe a render writes the page document into. */
export const STDIN = "/dev/stdin";
/** The shell that joins the pipe to a run started ahead. */
export const SH = "/bin/sh";
// a run renders once: V8's optimizing compilers would spend more on its cold code than they save
// (a third of a render's CPU at 150 operations), so it stays on the baseline compiler
const NODE_FLAGS = ["--max-opt=1"];

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
 * The file the CLI's `redocly` command runs, as its package.json `bin` names it: the path npm links
 * into node_modules/.bin, run here with this node.
 * @returns {string}
 */
function redoclyBin() {
  const { file, manifest } = packageBin("@redocly/cli", "redocly");
  if (!file) throw new DocsError(`${manifest} names no redocly command in its bin`);
  return file;
}

/** The package.json beside `configPath`: the package's identity (scripts/lib/shared/identity.mjs). */
export const packageFile = (/** @type {string} */ configPath) => join(dirname(configPath), "package.json");

/**
 * One `redocly build-docs` run, and the text of its config files when it started.
 * @typedef {object} Run
 * @property {import("node:child_process").ChildProcess} child
 * @property {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} exited
 * @property {() => string} output what it printed so far
 * @property {string[]} files its config files
 * @property {string} config their text when it started
 */

/**
 * Starts `redocly build-docs api` writing `page`, in its own process group. Its config files are
 * read first, so that a change after this is seen as one.
 * @param {string} api
 * @param {string} page
 * @param {string} configPath
 * @returns {Promise<Run>}
 */
export async function startRun(api, page, configPath) {
  const files = await configFiles(configPath);
  const config = filesText(files);
  // the page's title: package.json's client.docsTitle where it sets one, else the CLI's own (info.title)
  const title = readIdentity(undefined, packageFile(configPath)).docsTitle;
  const cli = [
    process.execPath,
    ...NODE_FLAGS,
    redoclyBin(),
    "build-docs",
    api,
    "--inlineBundle",
    "--config",
    configPath,
    "--output",
    page,
    ...(title === undefined ? [] : ["--title", title]),
  ];
  // node's stdin pipe is a socket, which /dev/stdin cannot open: cat hands it on through a pipe
  const [command, ...args] = api === STDIN ? [SH, "-c", 'cat | "$0" "$@"', ...cli] : cli;
  const child = spawnGroup(command, args, {
    cwd: dirname(configPath),
    env: toolEnv(),
    stdio: ["pipe", "pipe", "pipe"],
  });
  // a run that ended before its api was written: its exit says why
  child.stdin?.on("error", () => {});
  const printed = collectOutput(child, MAX_OUTPUT_CHARS);
  let failure = "";
  /** @type {Run["exited"]} */
  const exited = new Promise((done) => {
    child.once("error", (err) => {
      failure = `cannot run redocly: ${err.message}\n`;
      done({ code: null, signal: null });
    });
    child.once("close", (code, signal) => done({ code, signal }));
  });
  return { child, exited, output: () => failure + printed(), files, config };
}

/**
 * Whether a run started ahead can render now: it is still waiting, and its config files are as they were.
 * @param {Run} run
 */
export function usable(run) {
  return run.child.exitCode === null && run.child.signalCode === null && filesText(run.files) === run.config;
}

/**
 * Waits for `run` to end, at most {@link RENDER_TIMEOUT_MS}; one that takes longer is stopped.
 * @param {Run} run
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null }>}
 */
export async function finished(run) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((done) => (timer = setTimeout(done, RENDER_TIMEOUT_MS)));
  const ended = await Promise.race([run.exited, late]);
  clearTimeout(timer);
  if (ended) return ended;
  await stopGroup(run.child);
  throw new DocsError(
    `redocly build-docs took longer than ${RENDER_TIMEOUT_MS / 1000} s`,
    run.output().slice(-MAX_OUTPUT_CHARS),
  );
}

/**
 * The files the CLI reads its config from: `configPath`, the local files it extends, and the
 * plugins it loads, as @redocly/openapi-core's loadConfig finds them (`configPath` alone for a
 * config that does not load: the CLI then says why), and the package.json beside it (the title).
 * @param {string} configPath
 * @returns {Promise<string[]>}
 */
async function configFiles(configPath) {
  const files = new Set([configPath, packageFile(configPath)]);
  try {
    const config = await loadConfig({ configPath });
    for (const { document } of config.resolvedRefMap?.values() ?? []) {
      const ref = document?.source.absoluteRef;
      if (ref && !/^[a-z][a-z\d+.-]*:\/\//i.test(ref)) files.add(ref);
    }
    for (const plugin of config.plugins) if (plugin.absolutePath) files.add(plugin.absolutePath);
  } catch {}
  return [...files];
}

/**
 * The text of `files`, one after another; a file that is gone reads as nothing.
 * @param {string[]} files
 */
function filesText(files) {
  return files.map((file) => `${file}\0${existsSync(file) ? readFileSync(file, "utf8") : ""}`).join("\0");
}
