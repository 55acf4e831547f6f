// What the docs page shows, made from the bundled spec: code samples on every operation, and the
// groups without operations moved out of the side menu into the intro. scripts/lib/docs/render.mjs
// renders it.
import { withCodeSamples } from "./code-samples.mjs";
import { withStreamSamples } from "./stream-samples.mjs";
import { readIdentity } from "../shared/identity.mjs";
import { deref } from "../spec/refs.mjs";
import { operationsOf } from "../spec/document.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { kept } from "../spec/openapi31.mjs";

/** The heading of the intro section that lists the groups with no operation yet. */
export const UNSPECIFIED_HEADING = "Not yet specified";

/** The side menu's last group, where the document lays the menu out, of the groups of operations it leaves out. */
export const OTHER_GROUP = "Other operations";

/**
 * The document the docs page renders, made from the bundled spec (which is left as it was):
 * every operation gets `x-codeSamples` (scripts/lib/docs/code-samples.mjs), every stream a sample of
 * itself (stream-samples.mjs), and the tags no operation or webhook
 * uses, nor nests one that an operation uses (OpenAPI 3.2's `parent`, which the page's renderer nests
 * the menu by), nor the document's `x-tagGroups` places in its menu, leave `tags`, so the side menu holds
 * only groups with operations, and are listed once in a "Not yet specified" section appended to
 * `info.description`, each with its description. Where `x-tagGroups` lays the menu out, the groups of
 * operations it leaves out, which the renderer would not show, follow in a last group (`OTHER_GROUP`).
 * @param {unknown} spec the bundled spec, as generated/openapi.json holds it
 * @param {{ sampler: import("../generate/example-inputs.mjs").Sampler, names?: import("./code-samples.mjs").SampleNames }} options
 * `sampler`: createSampler() over `spec`, for the samples' inputs the spec gives no example of;
 * `names`: the package and key variable the samples name, default the checkout's (package.json and
 * the document's title, scripts/lib/shared/identity.mjs)
 * @returns {unknown}
 * @example
 * const spec = JSON.parse(readFileSync("generated/openapi.json", "utf8"));
 * const page = pageDocument(spec, { sampler: await createSampler(spec) });
 * page.tags.length; // the groups that have operations
 */
export function pageDocument(spec, { sampler, names = readIdentity(keyword(spec, "info")) }) {
  const page = withStreamSamples(withCodeSamples(spec, { sampler, names }), { sampler });
  // a document that is no object has no page to lay out
  if (!isRecord(page)) return page;
  /** @type {Set<unknown>} */
  const used = new Set();
  const addTags = (/** @type {unknown} */ op) => {
    const tags = keyword(op, "tags");
    if (Array.isArray(tags)) for (const tag of tags) used.add(tag);
  };
  for (const { op } of operationsOf(page)) addTags(op);
  // a webhook's group is one the page shows too, with the webhooks under it
  for (const key of ["webhooks", "x-webhooks"])
    for (const raw of Object.values(fieldsOf(page[key])))
      for (const op of Object.values(fieldsOf(deref(page, raw)))) addTags(op);
  /** @type {unknown[]} */
  const tags = Array.isArray(page.tags) ? page.tags : [];
  const nameOf = (/** @type {unknown} */ tag) => (isRecord(tag) ? tag.name : undefined);
  // a tag that nests one in use (OpenAPI 3.2's parent) is its group in the side menu: it stays there
  const byName = new Map(tags.map((tag) => [nameOf(tag), tag]));
  for (const name of [...used]) {
    let parent = kept(byName.get(name), "parent");
    while (byName.has(parent) && !used.has(parent)) {
      used.add(parent);
      parent = kept(byName.get(parent), "parent");
    }
  }
  const tagGroups = page["x-tagGroups"];
  const groups = Array.isArray(tagGroups)
    ? tagGroups.filter((/** @type {unknown} */ group) => isRecord(group))
    : undefined;
  if (groups) {
    // a side menu the document lays out (x-tagGroups): every tag it places there stays, prose ones
    // too, and the renderer shows no tag it leaves out, so the groups of operations it leaves out
    // follow in one group of their own
    const placed = new Set(groups.flatMap((group) => (Array.isArray(group.tags) ? group.tags : [])));
    for (const name of placed) used.add(name);
    const left = [...used].filter((name) => !placed.has(name));
    if (left.length) page["x-tagGroups"] = [...groups, { name: OTHER_GROUP, tags: left }];
  }
  const unused = tags.filter((tag) => !used.has(nameOf(tag)));
  if (!unused.length) return page;
  page.tags = tags.filter((tag) => used.has(nameOf(tag)));
  // one line per group: a description over several lines would break the list
  const items = unused.map((tag) => {
    const about = String((isRecord(tag) ? tag.description : undefined) ?? "")
      .replace(/\s+/g, " ")
      .trim();
    return `- **${nameOf(tag)}**${about ? `: ${about}` : ""}`;
  });
  const intro = String(keyword(page.info, "description") ?? "").trimEnd();
  const section = [
    `## ${UNSPECIFIED_HEADING}`,
    "The service has these operation groups, with no operation in this document yet:",
    "",
    ...items,
  ].join("\n");
  page.info = { ...fieldsOf(page.info), description: `${intro ? `${intro}\n\n` : ""}${section}\n` };
  return page;
}
