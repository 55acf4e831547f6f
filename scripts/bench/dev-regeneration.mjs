// One `npm run dev` regeneration, as a user sees it: dev.mjs --no-serve in a copy of the
// checkout, a one-file spec edit saved, and the time until its "dev: regenerated" line, printed
// once generated/ and site/ are written; the lint that follows that line is timed as its own line states.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolEnv } from "../lib/shared/env.mjs";
import { root } from "../lib/shared/paths.mjs";
import { signalGroup, spawnGroup, stopGroup } from "../lib/shared/processes.mjs";
import { benchCopy, onInterrupt } from "./cleanup.mjs";
import { median, say } from "./stats.mjs";

/** Edits timed per run. */
export const DEV_EDITS = 5;
// the summary line and the step times it states apart (steps overlap: they need not add up)
const DEV_LINE = /^dev: regenerated in (\d+) ms(?: \(generate (\d+) ms, docs (\d+) ms\))?/;
const STEPS = /** @type {const} */ (["generate", "docs"]);
// the lint's own line after it, with its time
const LINT_LINE = /^dev: lint (?:passed|found \d+ errors?) in (\d+) ms/;
const ORG_LIMITS = "openapi/components/schemas/OrgLimits.yaml";

/**
 * @typedef {{ at: number, match: RegExpMatchArray } | { error: string }} Seen a line seen, when, and
 *   its match; or why none came
 * @typedef {{ ms: number, stated: number, steps: Record<string, number> }} Edit one edit's regeneration
 */

/**
 * Spawns dev.mjs --no-serve in a copy of the checkout at `from`, edits OrgLimits.yaml
 * {@link DEV_EDITS} times and times each regeneration: from the write to the line, and as the line
 * states it, with the generate and docs times the line states apart and the lint time its own line
 * after it states (medians in `steps`).
 * @param {string} [from] the checkout to copy, default this one
 * @returns {Promise<{ ok: true, ms: number, stated: number, steps: Record<"lint" | "generate" | "docs", number>, edits: Edit[] } | { ok: false, error: string, log?: string[] }>}
 */
export async function devRegeneration(from = root) {
  const { dir, remove } = benchCopy({
    entries: ["openapi", "lint", "redocly.yaml", "scripts", "package.json", "generated", "tsconfig.json", "src"],
    from,
  });
  say("pipeline: node scripts/dev.mjs --no-serve, then one-file spec edits");
  // its own process group, so that stopping it reaches whatever it started
  const child = spawnGroup(process.execPath, ["scripts/dev.mjs", "--no-serve"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: toolEnv(),
  });
  const forget = onInterrupt(() => signalGroup(child.pid, "SIGKILL"));
  const watch = watchLines(child);
  try {
    const first = await watch.waitFor(DEV_LINE, 60_000);
    if ("error" in first) return { ok: false, error: first.error, log: watch.lines };
    const settle = settler(watch);
    await settle();
    const edits = await timeEdits(join(dir, ORG_LIMITS), watch, settle);
    if ("error" in edits) return { ok: false, error: edits.error, log: edits.log ? watch.lines : undefined };
    const steps = /** @type {Record<"lint" | "generate" | "docs", number>} */ (
      Object.fromEntries(["lint", ...STEPS].map((step) => [step, median(edits.map((e) => e.steps[step]))]))
    );
    return { ok: true, ms: median(edits.map((e) => e.ms)), stated: median(edits.map((e) => e.stated)), steps, edits };
  } finally {
    await stopGroup(child);
    forget();
    remove();
  }
}

/**
 * @typedef {object} Watch a child's output, line by line
 * @property {string[]} lines every line so far, stdout's and stderr's
 * @property {(pattern: RegExp, timeoutMs: number) => Promise<Seen>} waitFor the next line matching `pattern`
 */

/**
 * Reads both of a child's piped streams line by line.
 * @param {import("node:child_process").ChildProcess} child
 * @returns {Watch}
 */
function watchLines(child) {
  /** @type {string[]} */
  const lines = [];
  /** @type {((line: string | null) => void)[]} */
  const waiters = [];
  let exited = false;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.on("data", (chunk) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      for (const part of parts) {
        lines.push(part);
        for (const waiter of [...waiters]) waiter(part);
      }
    });
  }
  child.once("exit", () => {
    exited = true;
    for (const waiter of [...waiters]) waiter(null);
  });
  const waitFor = (/** @type {RegExp} */ pattern, /** @type {number} */ timeoutMs) =>
    /** @type {Promise<Seen>} */ (
      new Promise((done) => {
        let settled = false;
        const finish = (/** @type {Seen} */ value) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          done(value);
        };
        const check = (/** @type {string | null} */ line) => {
          const match = line?.match(pattern);
          if (line === null) finish({ error: "dev.mjs exited" });
          else if (match) finish({ at: performance.now(), match });
        };
        const timer = setTimeout(
          () => finish({ error: `no line matching ${pattern} within ${timeoutMs / 1000} s` }),
          timeoutMs,
        );
        waiters.push(check);
        if (exited) finish({ error: "dev.mjs exited" });
      })
    );
  return { lines, waitFor };
}

/**
 * After a regeneration dev.mjs type-checks: the returned wait lets that finish, and any late second
 * event of the same write pass, so that neither slows the next edit nor is taken for its line.
 * @param {Watch} watch
 */
function settler({ lines, waitFor }) {
  let typechecks = true;
  return async () => {
    if (typechecks) typechecks = !("error" in (await waitFor(/^dev: typecheck/, 20_000)));
    let seen = lines.length;
    for (let quiet = 0, waited = 0; quiet < 500 && waited < 5_000; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
      quiet = lines.length === seen ? quiet + 100 : 0;
      seen = lines.length;
    }
  };
}

/**
 * Edits the schema's own description (first line: prose only, so the spec stays valid)
 * {@link DEV_EDITS} times, each timed to its regeneration's line and its lint's line.
 * @param {string} file
 * @param {Watch} watch
 * @param {() => Promise<void>} settle
 * @returns {Promise<Edit[] | { error: string, log?: true }>} `log`: the dev output says why
 */
async function timeEdits(file, { waitFor }, settle) {
  const original = readFileSync(file, "utf8");
  const described = /^(description: [|>]-?\r?\n {2}\S.*)$/m;
  if (!described.test(original)) return { error: `${ORG_LIMITS} has no block description for the bench to edit` };
  /** @type {Edit[]} */
  const edits = [];
  for (let i = 1; i <= DEV_EDITS; i++) {
    const pending = waitFor(DEV_LINE, 30_000);
    const linting = waitFor(LINT_LINE, 60_000);
    const written = performance.now();
    writeFileSync(file, original.replace(described, `$1 Bench edit ${i}.`));
    const seen = await pending;
    if ("error" in seen) return { error: seen.error, log: true };
    const linted = await linting;
    if ("error" in linted) return { error: linted.error, log: true };
    edits.push({
      ms: seen.at - written,
      stated: Number(seen.match[1]),
      steps: {
        lint: Number(linted.match[1]),
        ...Object.fromEntries(STEPS.map((step, k) => [step, Number(seen.match[k + 2])])),
      },
    });
    await settle();
  }
  return edits;
}
