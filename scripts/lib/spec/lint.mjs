// Lint: the spec checked against redocly.yaml's rules (recommended-strict, the project's own
// assertions and the client/* plugin) through @redocly/openapi-core's public lint(), the same
// major as the Redocly CLI that `npm run lint` runs.
import { relative, resolve, dirname } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { getLineColLocation, lint, loadConfig } from "@redocly/openapi-core";
import { quietRedocly } from "../shared/env.mjs";
import { CONFIG, root } from "../shared/paths.mjs";
import { workerExecArgv } from "../shared/processes.mjs";
import { withDeviceFlowScopes } from "./redocly-types.mjs";

/** Most problem lines a lint returns: a badly broken spec cannot fill memory or a terminal. */
export const MAX_LINES = 100;

/**
 * @typedef {object} LintResult
 * @property {boolean} ok no error (warnings allowed)
 * @property {number} errors problems of severity error, ignored ones not counted
 * @property {number} warnings problems of severity warn
 * @property {string[]} lines one `file:line:col severity rule message` per problem (at most
 * {@link MAX_LINES}), or the reason lint could not run (an unreadable redocly.yaml, say)
 * @property {import("@redocly/openapi-core").Config | null} config the loaded config, for the steps after lint
 * @property {number} ms wall time
 */

/**
 * Lints every api of a redocly.yaml, as `redocly lint` with no argument does. Never rejects: a
 * config that does not load is a failed lint with its message as the one line.
 * @param {{ configPath?: string }} [options] default: this repository's redocly.yaml
 * @returns {Promise<LintResult>}
 * @example
 * const result = await lintSpec();
 * if (!result.ok) for (const line of result.lines) console.error(line);
 */
export async function lintSpec({ configPath = CONFIG } = {}) {
  quietRedocly();
  const started = performance.now();
  const finish = (/** @type {Omit<LintResult, "ms">} */ result) => ({
    ...result,
    ms: Math.round(performance.now() - started),
  });
  let config;
  try {
    config = await loadConfig({ configPath });
  } catch (err) {
    return finish({
      ok: false,
      errors: 1,
      warnings: 0,
      lines: [`${relative(root, configPath)}: ${message(err)}`],
      config: null,
    });
  }
  const apis = Object.entries(config.resolvedConfig.apis ?? {});
  if (!apis.length)
    return finish({
      ok: false,
      errors: 1,
      warnings: 0,
      lines: [`${relative(root, configPath)}: no apis to lint`],
      config,
    });
  /** @type {import("@redocly/openapi-core").NormalizedProblem[]} */
  const problems = [];
  for (const [alias, api] of apis) {
    const ref = resolve(dirname(configPath), /** @type {{ root: string }} */ (api).root);
    try {
      problems.push(...(await lint({ ref, config: withDeviceFlowScopes(config.forAlias(alias)) })));
    } catch (err) {
      // the spec could not be read or parsed at all
      return finish({ ok: false, errors: 1, warnings: 0, lines: [`${relative(root, ref)}: ${message(err)}`], config });
    }
  }
  const counted = problems.filter((p) => !p.ignored);
  const errors = counted.filter((p) => p.severity === "error").length;
  const warnings = counted.filter((p) => p.severity === "warn").length;
  const lines = counted.slice(0, MAX_LINES).map(problemLine);
  if (counted.length > MAX_LINES)
    lines.push(`... and ${counted.length - MAX_LINES} more problems; run npm run lint for all of them`);
  return finish({ ok: errors === 0, errors, warnings, lines, config });
}

/**
 * One problem as `file:line:col severity rule message`, the file relative to the repository root.
 * @param {import("@redocly/openapi-core").NormalizedProblem} problem
 * @returns {string}
 */
export function problemLine(problem) {
  const severity = problem.severity === "warn" ? "warning" : problem.severity;
  const at = problem.location[0];
  if (!at) return `${severity} ${problem.ruleId} ${problem.message}`;
  const { start } = getLineColLocation(at);
  return `${relative(root, at.source.absoluteRef)}:${start.line}:${start.col} ${severity} ${problem.ruleId} ${problem.message}`;
}

/** @param {unknown} err */
const message = (err) => (err instanceof Error ? err.message : String(err)).trim();

/**
 * @typedef {object} Linter
 * @property {() => Promise<LintResult>} lint lints as {@link lintSpec} does (its `config` is null:
 * a loaded config does not cross threads); never rejects, a thread that dies is a failed lint
 * @property {() => Promise<void>} close ends the thread
 */

/**
 * {@link lintSpec} in a worker thread that stays loaded between lints, so that lint runs beside
 * generate and the docs page instead of before them, in code already warm. Lints run one at a time.
 * @param {{ configPath?: string }} [options] default: this repository's redocly.yaml
 * @returns {Linter}
 * @example
 * const linter = lintWorker();
 * const { ok, lines } = await linter.lint();
 * await linter.close();
 */
export function lintWorker({ configPath = CONFIG } = {}) {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  /** why the last thread died, for the lint it leaves unanswered */
  let failure = "";
  const start = () => {
    const thread = new Worker(new URL(import.meta.url), {
      workerData: { role: "lint", configPath },
      execArgv: workerExecArgv(),
    });
    thread.on("error", (err) => (failure = err.message));
    // a lint the thread never answers: it died; the next lint starts a fresh one
    thread.once("exit", () => {
      if (worker === thread) worker = null;
    });
    return thread;
  };
  worker = start();
  const lintOnce = () => {
    const thread = (worker ??= start());
    return new Promise((done) => {
      const gone = (/** @type {string} */ why) => {
        thread.off("message", answered);
        done({ ok: false, errors: 1, warnings: 0, lines: [`lint could not run: ${why}`], config: null, ms: 0 });
      };
      const exited = (/** @type {number} */ code) => gone(failure || `the lint thread exited (code ${code})`);
      const answered = (/** @type {LintResult} */ result) => {
        thread.off("exit", exited);
        done(result);
      };
      thread.once("message", answered);
      thread.once("exit", exited);
      thread.postMessage("lint");
    });
  };
  return {
    lint() {
      const next = queue.then(lintOnce);
      queue = next;
      return /** @type {Promise<LintResult>} */ (next);
    },
    async close() {
      await queue;
      await worker?.terminate();
      worker = null;
    },
  };
}

// the worker's side: one lint per message, the modules and the JIT kept between them
if (!isMainThread && workerData?.role === "lint") {
  const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);
  port.on("message", async () => {
    const { config, ...result } = await lintSpec({ configPath: workerData.configPath });
    port.postMessage({ ...result, config: null });
  });
}
