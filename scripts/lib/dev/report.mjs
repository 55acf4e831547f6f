// What `npm run dev` prints after a save: the regeneration's summary, the linter's verdict, the
// type-check's, each its own line, all on stdout but a failure's.

/** `n` and `what`, in the plural unless n is 1: "1 error", "2 errors". */
export const count = (/** @type {number} */ n, /** @type {string} */ what) => `${n} ${what}${n === 1 ? "" : "s"}`;

/**
 * The lines of a good regeneration: what it wrote, its time since the save, the defects routed around.
 * @param {import("../build/regenerate.mjs").Regeneration} result
 * @param {number} since when the save happened (performance.now())
 * @param {(text: string) => void} say
 */
export function sayRegenerated(result, since, say) {
  say(
    `dev: ${result.written.length ? `wrote ${result.written.join(", ")}` : "nothing changed in generated/ or site/"}`,
  );
  const { generate, docs } = result.times;
  say(
    `dev: regenerated in ${Math.round(performance.now() - since)} ms (generate ${generate} ms, docs ${docs} ms); lint follows`,
  );
  const defects = result.report?.defects.length ?? 0;
  if (defects) say(`dev: routed around ${count(defects, "defect")} of the document; npm run generate names each`);
}

/**
 * The linter's problems and its verdict: lint does not gate dev.
 * @param {{ lines: string[], errors: number, warnings: number, ms: number }} result
 * @param {(text: string) => void} say
 */
export function sayLint(result, say) {
  for (const line of result.lines) say(`dev: ${line}`);
  if (result.errors)
    say(
      `dev: lint found ${count(result.errors, "error")} in ${result.ms} ms, regenerated anyway; npm run build and npm test refuse them until they are fixed or redocly.yaml's lint profile allows them`,
    );
  else say(`dev: lint passed in ${result.ms} ms${result.warnings ? ` (${count(result.warnings, "warning")})` : ""}`);
}

/**
 * Type-checks `tsconfig.json`'s project in a worker kept between saves; `run()` while a check runs
 * asks for one more once it ends, and the result about a generated/ since rewritten is not printed.
 * @param {{ tsconfig: () => boolean, say: (text: string) => void, complain: (text: string) => void, checker: () => ReturnType<typeof import("../build/typecheck.mjs").typechecker> }} options
 */
export function typecheckLoop({ tsconfig, say, complain, checker: start }) {
  /** @type {ReturnType<typeof start> | null} */
  let checker = null;
  let checking = false;
  let recheck = false;
  const run = async () => {
    if (!tsconfig()) return say("dev: typecheck skipped, no tsconfig.json");
    if (checking) {
      recheck = true;
      return;
    }
    checking = true;
    checker ??= start();
    try {
      for (;;) {
        recheck = false;
        const result = await checker.check();
        if (recheck) continue;
        if (result.ok) say(`dev: typecheck ok in ${result.ms} ms`);
        else
          complain(
            `${result.text.trimEnd()}\ndev: typecheck failed in ${result.ms} ms (${count(result.errors, "error")})`,
          );
        break;
      }
    } catch (e) {
      complain(`dev: typecheck could not run: ${e instanceof Error ? e.message : e}`);
      checker = null;
    } finally {
      checking = false;
    }
  };
  return { run, close: () => checker?.close() };
}
