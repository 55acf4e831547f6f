// A Stryker reporter that writes each mutant no test detected the moment it is known, one line
// each, to test-results/mutation/survivors.txt, and every mutant's verdict to tested.txt: a run
// of many minutes tells what to test next while it goes on, and a run stopped early what it
// found (Stryker's own reports are written when it ends).
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";
import { root } from "../shared/paths.mjs";

/** Where the survivors go, relative to the root. */
export const SURVIVORS_FILE = "test-results/mutation/survivors.txt";
/** Where every mutant's verdict goes, one line each, so that a run stopped early still has a score per file. */
export const TESTED_FILE = "test-results/mutation/tested.txt";

class SurvivorLog {
  static inject = /** @type {const} */ ([]);
  #file = `${root}/${SURVIVORS_FILE}`;
  #tested = `${root}/${TESTED_FILE}`;

  constructor() {
    mkdirSync(dirname(this.#file), { recursive: true });
    writeFileSync(this.#file, "");
    writeFileSync(this.#tested, "");
  }

  /** @param {import("@stryker-mutator/api/core").MutantResult} mutant */
  onMutantTested(mutant) {
    const { line, column } = mutant.location.start;
    const where = `${mutant.fileName.replace(`${root}/`, "")}:${line}:${column + 1}`;
    appendFileSync(this.#tested, `${where} ${mutant.status}\n`);
    if (mutant.status !== "Survived" && mutant.status !== "NoCoverage") return;
    const replacement = mutant.replacement.replace(/\s+/g, " ").slice(0, 160);
    appendFileSync(this.#file, `${where} ${mutant.status} ${mutant.mutatorName}: ${replacement}\n`);
  }
}

/** The plugin `scripts/mutation.mjs` loads, as Stryker finds plugins: by this export's name. */
export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, "survivors", SurvivorLog)];
