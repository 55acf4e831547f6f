// Every document of ../shared/documents, as its index lists them: each GET operation whose answer
// feeds one of its own query parameters back is a list `npm run generate` pages. Which operations
// those are is decided here by an oracle of its own, written apart from the detection
// (scripts/lib/generate/pagination-detect.mjs) and simpler than it: names compared as lower-case
// letters and digits, read from the bundled document's paths, parameters and answers directly.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { bundleApi } from "../../../scripts/lib/spec/bundle.mjs";
import { deref } from "../../../scripts/lib/spec/refs.mjs";

const { loadConfig } = createRequire(import.meta.url)("@redocly/openapi-core");
const DOCUMENTS = resolve(root, "../shared/documents");
const INDEX = resolve(DOCUMENTS, "index.json");
const documents: { name: string; folder: string; root: string }[] = existsSync(INDEX)
  ? JSON.parse(readFileSync(INDEX, "utf8")).documents
  : [];

type Json = any;
const norm = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const kind = (s: Json): "text" | "number" | "other" => {
  const types = [s?.type].flat();
  return types.includes("string") ? "text" : types.includes("integer") || types.includes("number") ? "number" : "other";
};

/** The scalar fields of an answer, three objects deep through allOf/anyOf/oneOf, each with its path; and whether it holds an array. */
function scan(spec: Json, schema: Json) {
  const leaves: { path: string[]; schema: Json }[] = [];
  let arrays = false;
  const visit = (node: Json, path: string[], depth: number, seen: Set<Json>) => {
    const s: Json = deref(spec, node);
    if (!s || typeof s !== "object" || seen.has(s)) return;
    if (kind(s) === "other" && [s.type].flat().includes("array")) arrays = true;
    const inner = new Set(seen).add(s);
    for (const part of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(part, path, depth, inner);
    if (depth >= 3) return;
    for (const [name, field] of Object.entries<Json>(s.properties ?? {})) {
      const f: Json = deref(spec, field) ?? {};
      if (kind(f) !== "other") leaves.push({ path: [...path, name], schema: f });
      else visit(f, [...path, name], depth + 1, inner);
    }
  };
  visit(schema, [], 0, new Set());
  return { leaves, arrays };
}

/** Whether a query parameter of the schema `param` can take a value of the field's schema `field`. */
function fits(param: Json, field: Json): boolean {
  if (/date|time/.test(`${param?.format ?? ""}${field?.format ?? ""}`)) return false;
  if (kind(param) === "number") return kind(field) === "number" || (kind(field) === "text" && !field.format);
  return kind(param) === "text" && kind(field) !== "other";
}

/**
 * The GET operations of a bundled document whose answer feeds a query parameter back: a field whose
 * path says next and ends in the parameter's name (`next_cursor`, `pages.next.starting_after`), or a
 * text field of the very name of a cursor or token parameter (`meta.cursor`), beside an array of
 * items; or an array of items with an `id` and a before/after/since parameter beside a limit.
 */
function feedingBack(spec: Json): Map<string, string> {
  const found = new Map<string, string>();
  for (const [path, raw] of Object.entries<Json>(spec.paths ?? {})) {
    const item: Json = deref(spec, raw) ?? {};
    const op = item.get;
    if (!op) continue;
    const params = [...(item.parameters ?? []), ...(op.parameters ?? [])]
      .map((p: Json) => deref(spec, p))
      .filter((p: Json) => p?.in === "query" && typeof p.name === "string")
      .map((p: Json) => ({ name: p.name as string, schema: deref(spec, p.schema) ?? {} }));
    const status = Object.keys(op.responses ?? {}).find((s) => /^2\d\d$/.test(s));
    const content: Json = (deref(spec, op.responses?.[status ?? ""]) as Json)?.content ?? {};
    const media = Object.keys(content).find((m) => /[/+]json$/i.test(m.split(";")[0]!.trim()));
    const answer: Json = media && deref(spec, content[media].schema);
    if (!answer) continue;
    const { leaves, arrays } = scan(spec, answer);
    const bare = [answer.type].flat().includes("array");
    for (const p of params) {
      const name = norm(p.name);
      const leaf = leaves.find(({ path: at, schema }) => {
        const joined = at.map(norm).join("");
        const address = /ur[il]|link|href/i.test(at.at(-1)!) || /^ur[il]/.test(schema.format ?? "");
        const fed =
          (joined.includes("next") && joined.endsWith(name) && joined !== name) ||
          (at.length > 1 && at.at(-1) === p.name && /cursor|token/.test(name) && kind(schema) === "text");
        return fed && !address && fits(p.schema, schema);
      });
      if (leaf && (arrays || bare)) found.set(`GET ${path}`, `${p.name} <- ${leaf.path.join(".")}`);
    }
    const items: Json = bare ? deref(spec, answer.items) : undefined;
    const id = items?.properties && deref(spec, items.properties.id);
    const sized = params.some((p) => /limit|size|count|perpage/.test(norm(p.name)) && kind(p.schema) === "number");
    const position = params.find((p) =>
      ["before", "after", "since", "startingafter", "endingbefore"].includes(norm(p.name)),
    );
    if (id && sized && position && fits(position.schema, id)) found.set(`GET ${path}`, `${position.name} <- item id`);
  }
  return found;
}

describe.skipIf(!documents.length)("lists of every shared document", () => {
  it.for(documents)(
    "$name: every GET operation whose answer feeds a query parameter back is paged",
    { timeout: 120_000 },
    async (document, { skip }) => {
      let spec: Json;
      try {
        ({ spec } = await bundleApi(
          resolve(DOCUMENTS, document.folder, document.root),
          await loadConfig({}),
          document.root,
        ));
      } catch (err) {
        // a document the bundler refuses has no lists to read; generate prints the same refusal
        return skip(`not bundled: ${(err as Error).message.slice(0, 120)}`);
      }
      const { operations } = readOperations(spec);
      const paged = new Set(operations.filter((op: Json) => op.page).map((op: Json) => `${op.method} ${op.path}`));

      const missed = [...feedingBack(spec)].filter(([where]) => !paged.has(where));

      expect(missed).toEqual([]);
    },
  );
});
