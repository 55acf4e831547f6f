// The corpus's cheapest guard, part of `npm test` (its corpus stage): every document of
// ../shared/documents/index.json, dropped into a copy of the project as it is, generates and
// type-checks, side by side as the cores allow. No change can then land that loses a document's
// package. The whole pipeline on each document is the documents stage (corpus.test.ts).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, it } from "vitest";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { copyFor, corpus, hasCorpus } from "../support/corpus.js";

const exec = promisify(execFile);
const tsc = join(root, "node_modules/typescript/bin/tsc");

/** Runs `args` with node in `dir`; a failure throws what the child printed. */
async function node(args: string[], dir: string, what: string): Promise<string> {
  try {
    return (await exec(process.execPath, args, { cwd: dir, env: toolEnv(), encoding: "utf8", maxBuffer: 256 << 20 }))
      .stdout;
  } catch (err) {
    const { stdout = "", stderr = "" } = err as { stdout?: string; stderr?: string };
    throw new Error(`${what} failed:\n${`${stdout}${stderr}`.trim().split("\n").slice(-40).join("\n")}`);
  }
}

describe.skipIf(!hasCorpus)("every document of the corpus builds a package", () => {
  it.concurrent.each(corpus())("$name generates and type-checks", async (doc) => {
    const copy = copyFor(doc);
    try {
      const started = performance.now();
      await node(["scripts/generate.mjs"], copy.dir, "generate");
      const generated = performance.now();
      await node([tsc, "-p", "."], copy.dir, "tsc -p .");
      console.log(
        `corpus: ${doc.name}: generate ${Math.round(generated - started)} ms, type check ${Math.round(performance.now() - generated)} ms`,
      );
    } finally {
      copy.remove();
    }
  });
});
