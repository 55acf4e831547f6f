// The cost at the size users bring: on the synthetic spec at 700 operations and on the corpus's
// largest document (by operation count, largest-document.mjs), each in a throwaway copy of the
// project: generate's time and peak memory, the package's .d.ts, the type check of a consumer
// calling 3 methods, the full bundle with each operation's marginal bytes, the docs page; each
// against a tool run alone on the same document in the same run (peers.mjs): openapi-typescript for
// the types, Redocly's `generate-client` for the client and its bundle, `redocly build-docs` for the page.
import { rmSync, writeFileSync, readFileSync, cpSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../lib/shared/paths.mjs";
import { writeSyntheticSpec } from "../synthetic-spec.mjs";
import { benchCopy, tempDir } from "./cleanup.mjs";
import { largestCorpusDocument } from "./largest-document.mjs";
import {
  measureBundle,
  measureConsumerCheck,
  measureDeclarations,
  measureDocs,
  measureGenerate,
} from "./scale-steps.mjs";
import { say, table } from "./stats.mjs";

/** The scale tables' columns after the first. */
export const SCALE_HEADERS = ["this pipeline", "peer, alone on the same document, same run", "goal"];
/** The synthetic spec's size: the held-out documents reach 732 operations. */
export const SCALE_OPERATIONS = 700;
const DOCUMENTS = resolve(root, "../shared/documents");
// what generate, the compile step, the bundles and the docs page read of the checkout
const ENTRIES = ["src", "scripts", "package.json", "redocly.yaml", "lint", "tsconfig.json", "tsconfig.build.json"];

/**
 * Measures one copy whose openapi/ holds the document; prints its table and judges the scale budgets.
 * @param {string} label
 * @param {{ dir: string, remove: () => void }} copy
 * @param {{ label: string, rows: string[][] }[]} tables where its table's rows go, for the report
 */
async function measure(label, copy, tables) {
  const work = tempDir("bench-scale-");
  /** @type {import("./scale-steps.mjs").Scale} */
  const scale = { label, dir: copy.dir, work: work.dir, document: join(copy.dir, "generated/openapi.json"), rows: [] };
  tables.push({ label, rows: scale.rows });
  try {
    const peers = await measureGenerate(scale);
    if (!peers) return;
    const compiled = await measureDeclarations(scale, peers.types);
    /** @type {import("./scale-steps.mjs").Sizes} the copy's own module: it reads the copy's generated/openapi.json */
    const sizes = await import(pathToFileURL(join(copy.dir, "scripts/bundle-size.mjs")).href);
    const few = await measureConsumerCheck(scale, sizes, compiled && peers.types.ok);
    await measureBundle(scale, sizes, peers.redocly, few);
    await measureDocs(scale);
  } finally {
    say("");
    table([`scale: ${label}`, ...SCALE_HEADERS], scale.rows);
    work.remove();
    copy.remove();
  }
}

/**
 * The scale section: the synthetic spec at {@link SCALE_OPERATIONS} operations, then the corpus's
 * largest document (a line, and nothing measured, where the corpus is absent). Resolves to each
 * document's table, for the report.
 */
export async function measureScale() {
  /** @type {{ label: string, rows: string[][] }[]} */
  const tables = [];
  say("");
  say(
    `scale: the pipeline on a ${SCALE_OPERATIONS}-operation synthetic spec and on the corpus's largest document, each in a copy`,
  );
  const spec = tempDir("bench-scale-spec-");
  writeSyntheticSpec(join(spec.dir, "openapi"), { operations: SCALE_OPERATIONS });
  const synthetic = benchCopy({
    entries: ENTRIES,
    document: join(spec.dir, "openapi"),
  });
  spec.remove();
  await measure(`synthetic spec, ${SCALE_OPERATIONS} operations`, synthetic, tables);

  const largest = largestCorpusDocument(DOCUMENTS);
  if (!largest) {
    say(`scale: no corpus at ${DOCUMENTS}; the largest document is skipped`);
    return tables;
  }
  const copy = benchCopy({ entries: ENTRIES });
  rmSync(join(copy.dir, "openapi"), { recursive: true, force: true });
  cpSync(join(DOCUMENTS, largest.folder), join(copy.dir, "openapi"), { recursive: true });
  const config = join(copy.dir, "redocly.yaml");
  writeFileSync(
    config,
    readFileSync(config, "utf8").replace(/^(\s*root:\s*)\.\/openapi\/\S+$/m, `$1./openapi/${largest.root}`),
  );
  await measure(`${largest.name} (the corpus's largest, ${largest.operations} operations)`, copy, tables);
  return tables;
}
