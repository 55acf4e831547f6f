// Which operations a synthetic spec takes from the fake API in scripts/synthetic-spec/, and
// their text: catalogue.yaml lists each tag's operations, paths/ holds them one file per path.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseYaml, stringifyYaml } from "@redocly/openapi-core";

/**
 * @typedef {object} CatalogueEntry one operation of the fake API, as the catalogue lists it
 * @property {string} method lower case, as its path file writes it
 * @property {string} path
 * @property {string} source the path of its path file (its `path` before a round renames it)
 * @property {string} tag
 * @property {string} operationId
 * @property {string} client its `x-client-method`
 * @typedef {CatalogueEntry & { round: number }} ChosenOperation an entry as a spec takes it, in a round
 * @typedef {{ value: any, entries: Map<string, string> }} PathFile a path file: parsed (any: YAML as
 *   read, before anything types it), and each top-level entry's own text
 */

// no folding, so that prose keeps its lines, as the data files are written
const yaml = (/** @type {unknown} */ value) => stringifyYaml(value, { lineWidth: -1, noRefs: true });

/**
 * A path's file name: the URL without its leading slash, `/` as `_`.
 * @param {string} path
 * @example
 * pathFile("/browsers/{id}"); // "browsers_{id}.yaml"
 */
export function pathFile(path) {
  return `${path.slice(1).replaceAll("/", "_")}.yaml`;
}

/**
 * A data file's top-level entries, each as its own text, so that an entry is written out byte for
 * byte (a stream's example must stay a double-quoted string: prism's yaml parser drops the blank
 * line that ends a block scalar, and that blank line ends a server-sent event).
 * @param {string} file
 * @returns {PathFile}
 */
function readEntries(file) {
  const text = readFileSync(file, "utf8");
  const entries = new Map(text.split(/^(?=\S)/m).map((entry) => [entry.slice(0, entry.indexOf(":")), entry]));
  return { value: /** @type {any} */ (parseYaml(text)), entries };
}

/**
 * The catalogue: each tag's operations in the order a spec takes them, and their path files.
 * @param {string} data the fake API's folder
 * @example
 * readCatalogue("scripts/synthetic-spec").byTag.Browsers[0]; // { method: "get", path: "/browsers", ... }
 */
export function readCatalogue(data) {
  const catalogue = /** @type {any} */ (parseYaml(readFileSync(join(data, "catalogue.yaml"), "utf8")));
  const files = new Map();
  const byTag = entriesByTag(data, "catalogue.yaml", catalogue.operations, files);
  return { names: catalogue["own-client-methods"] ?? {}, byTag, files };
}

/**
 * What an OpenAPI 3.2 spec changes (`openapi-3.2.yaml`, scripts/lib/synthetic/openapi32.mjs): each tag's
 * parent, the operations sent as QUERY (`post /path`), and the operations only 3.2 can write, by tag,
 * their path files read into `files` (readCatalogue's).
 * @param {string} data the fake API's folder
 * @param {Map<string, PathFile>} files
 * @returns {{ parents: Record<string, string>, query: string[], byTag: Record<string, CatalogueEntry[]> }}
 */
export function readOpenAPI32(data, files) {
  const changes = /** @type {any} */ (parseYaml(readFileSync(join(data, "openapi-3.2.yaml"), "utf8")));
  return {
    parents: changes.parents ?? {},
    query: changes.query ?? [],
    byTag: entriesByTag(data, "openapi-3.2.yaml", changes.operations ?? {}, files),
  };
}

/**
 * Each tag's operations (`<method> <path>`) as the catalogue's entries, their path files read into `files`.
 * @param {string} data the fake API's folder
 * @param {string} from the file that lists them, for messages
 * @param {Record<string, string[]>} operations `<method> <path>` by tag
 * @param {Map<string, PathFile>} files
 * @returns {Record<string, CatalogueEntry[]>}
 */
function entriesByTag(data, from, operations, files) {
  /** @type {Record<string, CatalogueEntry[]>} */
  const byTag = {};
  for (const [tag, entries] of Object.entries(operations)) {
    byTag[tag] = entries.map((entry) => {
      const [method = "", path = ""] = entry.split(" ");
      let file = files.get(path);
      if (!file) files.set(path, (file = readEntries(join(data, "paths", pathFile(path)))));
      const op = file.value[method];
      if (!op) throw new Error(`${from} names ${entry}, which paths/${pathFile(path)} does not have`);
      return { method, path, source: path, tag, operationId: op.operationId, client: op["x-client-method"] };
    });
  }
  return byTag;
}

/**
 * The catalogue in the order a spec takes it: each next operation is of the HTTP method furthest
 * behind its share of the whole catalogue, and within a method one tag after another (the index's
 * tag order), so that a smaller spec keeps the proportions and still spreads over the tags.
 * @param {string[]} tags
 * @param {Record<string, CatalogueEntry[]>} byTag
 * @returns {CatalogueEntry[]}
 */
function catalogueOrder(tags, byTag) {
  /** @type {Map<string, CatalogueEntry[]>} */
  const byMethod = new Map();
  const queues = tags.map((tag) => byTag[tag] ?? []);
  for (let i = 0; queues.some((queue) => i < queue.length); i++) {
    for (const queue of queues)
      if (i < queue.length) byMethod.set(queue[i].method, [...(byMethod.get(queue[i].method) ?? []), queue[i]]);
  }
  const total = [...byMethod.values()].reduce((sum, ops) => sum + ops.length, 0);
  const taken = new Map([...byMethod.keys()].map((method) => [method, 0]));
  /** @type {CatalogueEntry[]} */
  const order = [];
  while (order.length < total) {
    /** @type {{ ops: CatalogueEntry[], method: string, at: number, behind: number } | undefined} */
    let best;
    for (const [method, ops] of byMethod) {
      const at = taken.get(method) ?? 0;
      if (at === ops.length) continue;
      const behind = (ops.length / total) * (order.length + 1) - at;
      if (best === undefined || behind > best.behind) best = { ops, method, at, behind };
    }
    // fewer taken than the catalogue holds: some method is behind
    const { ops, method, at } = /** @type {NonNullable<typeof best>} */ (best);
    order.push(ops[at]);
    taken.set(method, at + 1);
  }
  return order;
}

/**
 * The operations to add, in catalogue order; past the catalogue, further rounds repeat it under
 * `/r<round>` with suffixed names. Operations that the project's spec already has (the same path
 * and method, operationId or client method) are left out.
 * @param {number} count
 * @param {{ index: { tags: { name: string }[] }, operations: { method: string, path: string, operationId: string, client: string }[] }} project
 * @param {Record<string, CatalogueEntry[]>} byTag
 * @returns {ChosenOperation[]}
 * @example
 * chooseOperations(146, project, readCatalogue(DATA).byTag).length; // 146
 */
export function chooseOperations(count, project, byTag) {
  const tags = project.index.tags.map((tag) => tag.name);
  for (const tag of Object.keys(byTag))
    if (!tags.includes(tag)) throw new Error(`openapi/openapi.yaml has no tag "${tag}"`);
  const once = catalogueOrder(tags, byTag);
  const taken = new Set(project.operations.flatMap((op) => [`${op.method} ${op.path}`, op.operationId, op.client]));
  /** @type {ChosenOperation[]} */
  const chosen = [];
  for (let round = 1; chosen.length < count; round++) {
    for (const template of once) {
      if (chosen.length === count) break;
      const op =
        round === 1
          ? { ...template, round }
          : {
              ...template,
              round,
              path: `/r${round}${template.path}`,
              operationId: `${template.operationId}R${round}`,
              client: `r${round}.${template.client}`,
            };
      if ([`${op.method} ${op.path}`, op.operationId, op.client].some((key) => taken.has(key))) continue;
      chosen.push(op);
    }
  }
  return chosen;
}

/**
 * An operation's text from its data file, renamed for its round, with or without its client method.
 * @param {{ round: number }} op
 * @param {string} entry the operation's entry of its path file
 * @param {boolean} clientMethods
 * @example
 * operationText({ round: 2 }, "get:\n  operationId: listBrowsers\n", false); // "get:\n  operationId: listBrowsersR2\n"
 */
export function operationText(op, entry, clientMethods) {
  let text = clientMethods ? entry : entry.replace(/^ {2}x-client-method: .*\n/m, "");
  if (op.round > 1) {
    /** @type {Record<string, (v: unknown) => string>} */
    const suffix = {
      operationId: (v) => `${v}R${op.round}`,
      "x-client-method": (v) => `r${op.round}.${v}`,
      summary: (v) => `${v} (r${op.round})`,
    };
    text = text.replace(
      /^ {2}(operationId|x-client-method|summary): (.*)\n/gm,
      (_, /** @type {string} */ key, /** @type {string} */ value) =>
        // the pattern matches only the keys of `suffix`
        `  ${yaml({ [key]: /** @type {(v: unknown) => string} */ (suffix[key])(parseYaml(value)) })}`,
    );
  }
  return text;
}
