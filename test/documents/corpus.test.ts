// The documents stage (`npm run test:documents`): every document of ../shared/documents/index.json
// through the whole pipeline (score.ts), side by side as the cores allow, each held to the goal
// (scoreboard.ts). A document's score is kept in test-results/documents/cache/ until the document
// or the pipeline changes (CORPUS_FRESH=1 scores every one again). The scoreboard is printed and
// written to test-results/documents/scoreboard.md; each document's shortfalls to <name>.txt.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { corpus, hasCorpus, resultKey } from "../support/corpus.js";
import { type Score, scoreDocument, unscored } from "./score.js";
import { scoreboard, shortfalls } from "./scoreboard.js";

const RESULTS = join(root, "test-results/documents");
const CACHE = join(RESULTS, "cache");
const documents = corpus();
const scores = new Map<string, Score>();
const started = performance.now();

describe.skipIf(!hasCorpus)("every document of the corpus through the pipeline", () => {
  mkdirSync(CACHE, { recursive: true });
  afterAll(() => {
    const board = scoreboard(
      documents.flatMap((d) => scores.get(d.name) ?? []),
      Math.round((performance.now() - started) / 1000),
    );
    writeFileSync(join(RESULTS, "scoreboard.md"), board);
    console.log(board);
  });

  it.concurrent.each(documents)("$name", async (doc) => {
    const key = resultKey(doc);
    const cached = join(CACHE, `${doc.name}.json`);
    const say = (line: string) => console.log(`documents: ${doc.name}: ${line}`);
    let score: Score | undefined;
    if (!process.env.CORPUS_FRESH && existsSync(cached)) {
      const kept = JSON.parse(readFileSync(cached, "utf8"));
      if (kept.key === key) score = kept.score;
    }
    if (score) say("unchanged since its last run; its score is kept");
    else {
      // a document the stage itself cannot score still gets its row, with why
      score = await scoreDocument(doc, say).catch((err: unknown) =>
        unscored(doc.name, Number.NaN, [`scoring: ${String((err as Error)?.message ?? err).split("\n")[0]}`]),
      );
      writeFileSync(cached, JSON.stringify({ key, score }));
    }
    scores.set(doc.name, score);
    const lacking = shortfalls(score);
    writeFileSync(join(RESULTS, `${doc.name}.txt`), `${lacking.join("\n")}\n`);
    say(`${lacking.length} shortfalls (test-results/documents/${doc.name}.txt)`);
    expect(lacking.slice(0, 40)).toEqual([]);
  });
});
