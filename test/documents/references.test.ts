// Part of npm test's corpus stage: the repairs never break a reference. Every `$ref` of every corpus
// document that resolves as the document is published (bundled by Redocly) still resolves after
// scripts/lib/spec/repair.mjs, where the node it named may have moved (a oneOf read as anyOf).
import { describe, expect, it } from "vitest";
import { repairSpec } from "../../scripts/lib/spec/repair.mjs";
import { unreadComponents } from "../../scripts/lib/spec/repair-references.mjs";
import { corpus, hasCorpus, published } from "../support/corpus.js";

type Json = any;

/** The node an in-document JSON pointer (`#/a/b~1c`) names, read here apart from the project's reader. */
function at(doc: Json, ref: string): unknown {
  let node = doc;
  for (const raw of ref.slice(2).split("/")) {
    const token = decodeURIComponent(raw.replaceAll("~1", "/").replaceAll("~0", "~"));
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

/** Every in-document `$ref` of `doc` outside example values, with where it sits. */
function references(doc: Json): [where: string, ref: string][] {
  const found: [string, string][] = [];
  const walk = (node: Json, where: string) => {
    if (node === null || typeof node !== "object") return;
    if (typeof node.$ref === "string" && node.$ref.startsWith("#/")) found.push([where, node.$ref]);
    for (const [key, value] of Object.entries(node))
      if (!["example", "examples", "enum", "const", "default"].includes(key)) walk(value, `${where}/${key}`);
  };
  walk(doc, "#");
  return found;
}

describe.skipIf(!hasCorpus)("every $ref of every corpus document resolves after repair", () => {
  it.concurrent.each(corpus())("$name", async (doc) => {
    const { ref, parsed, problems } = await published(doc);
    // as generate does: a component the bundler could not read, which nothing uses, is left out first
    unreadComponents(parsed, problems, ref, () => {});
    const before = references(parsed).filter(([, ref]) => at(parsed, ref) !== undefined);
    const { spec } = repairSpec(parsed);
    const broken = references(spec).filter(([, ref]) => at(spec, ref) === undefined);
    console.log(
      `corpus: ${doc.name}: ${before.length} references resolve as published, ${broken.length} broken after repair`,
    );
    expect(broken).toEqual([]);
  });
});
