// Prism's own view of a document. Prism dereferences the whole document before it listens, and
// then copies it as a tree (`@stoplight/json-schema-ref-parser` `dereference`, `@stoplight/json`
// `decycle`): a schema reached along many routes is copied once per route, so a document whose
// schemas reference each other as a deep DAG (shared subschemas reached along many routes) expands
// exponentially and Prism never listens. Its view leaves out the components no path reaches, and
// while the expansion is over the budget Prism starts within, gives Prism the schemas that
// contribute the most of it as any value (`{}`). A path's variants (`/things#stream`) are folded
// into its one path item, as Prism routes by the path alone, and its parameters are given as Prism
// must read them (prism-parameters.mjs). An operation of a method 3.1 has no field for (QUERY, COPY:
// the stand-ins of spec/openapi31.mjs) is given as a POST of a path of its own (`prismRoutes`). The
// proxy's own checks and samples keep reading the full document: only Prism's file is the view.
import { escapeToken, refTarget } from "../spec/refs.mjs";
import { operationsOf, STAND_IN, standInKey } from "../spec/document.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";
import { valueAt } from "../spec/sample-values.mjs";
import { asPrismReadsParameters } from "./prism-parameters.mjs";
import { expansion } from "./expansion.mjs";
import { foldVariants } from "./fold-variants.mjs";

/**
 * What Prism's start may cost, in seconds of one core: under half the 30 s startMock waits for it,
 * so that it still listens in time on a machine loaded twice over.
 */
const START_GOAL_S = 12;
/** Prism's start on a document of a few nodes: its own code loading (hf-tgi, 9,419 nodes, 1.65 s). */
const PRISM_FIXED_S = 1.7;
/** The most one node of the expansion cost Prism (opensearch-core's views, below). */
const PRISM_NODE_S = 13e-6;

/**
 * How many nodes Prism's view may count dereferenced (`expansion()`) for Prism to listen within
 * START_GOAL_S. Measured with Prism 5.14.2 (seconds of CPU until its "listening" line, one core,
 * whatever the machine's load) against the count of the document it was given:
 *   hf-tgi 9,419: 1.65 s; resend 15,818: 2.04 s; sendgrid 66,066: 2.68 s; lob 188,725: 3.13 s;
 *   intercom 221,160: 2.69 s; qdrant 622,026: 6.89 s; digitalocean 728,355: 7.51 s (8 µs a node
 *   over the fixed cost); opensearch-core 20,427,377: not listening after minutes, its views with
 *   schemas loosened 1,504,141: 19.98 s, 984,140: 13.83 s, 669,530: 10.42 s, 357,846: 5.51 s,
 *   171,794: 3.11 s (12-13 µs a node: its cycles are counted once, Prism copies them more often);
 *   20 schemas each referencing the next twice, loosened to 196,571: 3.25 s.
 */
export const PRISM_BUDGET = Math.round((START_GOAL_S - PRISM_FIXED_S) / PRISM_NODE_S);

/** The component maps a view keeps only the reached entries of; `securitySchemes` are named, not referenced. */
const BY_REFERENCE = [
  "schemas",
  "responses",
  "parameters",
  "examples",
  "requestBodies",
  "headers",
  "links",
  "callbacks",
  "pathItems",
];

/**
 * The components of `doc` that nothing outside `components` reaches through `$ref`s (or a
 * discriminator's mapping: a pointer, or a schema's name), removed from `doc`; returns their
 * pointers. Security schemes stay: an operation names them, it does not reference them.
 * @param {unknown} doc changed in place
 * @returns {string[]}
 */
export function leaveOutUnreached(doc) {
  const reached = new Set();
  const seen = new Set();
  const followed = new Set();
  const follow = (/** @type {unknown} */ ref) => {
    if (typeof ref !== "string" || !ref.startsWith("#/components/") || followed.has(ref)) return;
    followed.add(ref);
    let tokens;
    try {
      ({ tokens } = refTarget(doc, ref));
    } catch {
      return;
    }
    if (tokens.length < 3) return;
    const key = `${tokens[1]}/${tokens[2]}`;
    if (reached.has(key)) return;
    reached.add(key);
    walk(keyword(keyword(keyword(doc, "components"), tokens[1]), tokens[2]));
  };
  const walk = (/** @type {unknown} */ node) => {
    if ((!isRecord(node) && !Array.isArray(node)) || seen.has(node)) return;
    seen.add(node);
    follow(keyword(node, "$ref"));
    const mapping = keyword(keyword(node, "discriminator"), "mapping");
    if (isRecord(mapping))
      for (const ref of Object.values(mapping))
        follow(typeof ref === "string" && !ref.startsWith("#") ? `#/components/schemas/${escapeToken(ref)}` : ref);
    for (const child of Object.values(node)) walk(child);
  };
  for (const [key, value] of Object.entries(fieldsOf(doc))) if (key !== "components") walk(value);
  const components = keyword(doc, "components");
  if (!isRecord(components)) return [];
  walk(components.securitySchemes);
  /** @type {string[]} */
  const left = [];
  for (const kind of BY_REFERENCE) {
    const map = components[kind];
    if (!isRecord(map)) continue;
    for (const name of Object.keys(map))
      if (!reached.has(`${kind}/${name}`)) {
        delete map[name];
        left.push(`#/components/${kind}/${escapeToken(name)}`);
      }
  }
  return left;
}

/**
 * The document Prism is given: a copy of `doc` with each path's variants folded into it
 * (`foldVariants`), without the components no path reaches, and, while
 * its `expansion()` is over `budget`, with the schema whose copies count the most nodes as any
 * value, one at a time, the components that only it reached left out in turn. `doc` is not changed.
 * @param {unknown} doc a bundled document, `$ref`s kept
 * @param {{ budget?: number }} [options] default {@link PRISM_BUDGET}
 * @returns {{ document: unknown, left: string[], loosened: string[], full: number, size: number, unread: string[] }}
 * `left` the components left out, `loosened` the schemas given as any value (JSON pointers),
 * `full` the document's expansion, `size` the view's, `unread` the querystrings Prism is not given
 * (prism-parameters.mjs)
 * @example
 * const { document, loosened } = prismView(spec);
 * writeFileSync(file, JSON.stringify(document));
 */
export function prismView(doc, { budget = PRISM_BUDGET } = {}) {
  const document = structuredClone(doc);
  // a document that is no object gives Prism nothing to route, as it is
  if (!isRecord(document)) return { document, left: [], loosened: [], full: 0, size: 0, unread: [] };
  standInsAsPosts(document);
  foldVariants(document);
  const unread = asPrismReadsParameters(document);
  withSuccess(document);
  const full = expansion(document).total;
  const left = leaveOutUnreached(document);
  /** @type {string[]} */
  const loosened = [];
  let { total, units } = expansion(document);
  while (total > budget) {
    const most = heaviest(units.values());
    if (!most) break;
    const { tokens } = refTarget(document, most.pointer);
    // the pointer names a node (refTarget): what holds it is an object, or a list by its index
    const parent = valueAt(document, tokens.slice(0, -1));
    const last = /** @type {string} */ (tokens.at(-1));
    if (Array.isArray(parent)) parent[Number(last)] = {};
    else if (isRecord(parent)) parent[last] = {};
    loosened.push(most.pointer);
    left.push(...leaveOutUnreached(document));
    ({ total, units } = expansion(document));
  }
  return { document, left, loosened, full, size: total, unread };
}

/**
 * Where Prism is given each operation of a method it neither reads nor routes (QUERY, COPY: the
 * stand-ins of the 3.1 view, `STAND_IN`): as the POST of its path under a first segment of its own,
 * `/~QUERY/pets/{id}` (one `~` more while a path of the document starts with as many), so that it
 * takes no other operation's route. The proxy sends such a request to Prism there, as a POST
 * (dispatch.mjs), and answers it as the operation says.
 * @param {unknown} doc the 3.1 view of a document
 * @returns {Map<string, string>} `QUERY /pets/{id}` -> the prefix of its Prism path, `/~QUERY`
 * @example
 * prismRoutes(view).get("QUERY /pets/{id}"); // "/~QUERY"
 */
export function prismRoutes(doc) {
  const paths = Object.keys(fieldsOf(keyword(doc, "paths")));
  let mark = "~";
  while (paths.some((path) => path.startsWith(`/${mark}`))) mark += "~";
  const routes = new Map();
  for (const { method, path, item } of operationsOf(doc))
    if (isRecord(item[STAND_IN])) routes.set(standInKey(method, path), `/${mark}${method}`);
  return routes;
}

/**
 * Each stand-in of `doc` moved to `paths` as `prismRoutes` says, without its mark. Changes `doc`.
 * @param {unknown} doc the 3.1 view of a document, changed in place
 */
function standInsAsPosts(doc) {
  const routes = prismRoutes(doc);
  // a route is a stand-in of a path of `paths` (operationsOf): both are objects then
  const items = keyword(keyword(doc, "components"), "pathItems");
  const paths = keyword(doc, "paths");
  if (!routes.size || !isRecord(items) || !isRecord(paths)) return;
  for (const [name, item] of Object.entries(items)) {
    const of = keyword(item, STAND_IN);
    if (!isRecord(item) || !isRecord(of) || typeof of.method !== "string" || typeof of.path !== "string") continue;
    const prefix = routes.get(standInKey(of.method, of.path));
    if (prefix === undefined) continue;
    const { [STAND_IN]: _, ...rest } = item;
    paths[`${prefix}${of.path}`] = rest;
    delete items[name];
  }
}

/**
 * An operation that declares no answer but errors (no 2xx, 3xx or default: sendgrid's SSO
 * certificate update) answers 200 with no body in Prism's view, as the client reads it (its method
 * resolves to the Response): Prism would otherwise serve the first error it declares to every call.
 * @param {unknown} doc changed in place
 */
function withSuccess(doc) {
  for (const { op } of operationsOf(doc)) {
    const responses = op.responses;
    if (!isRecord(responses) || Object.keys(responses).some((status) => /^([23]|default$)/i.test(status))) continue;
    responses["200"] = { description: "Not in the document: the answer of a call that worked, with no body" };
  }
}

/**
 * The schema to give Prism as any value next (`#/components/schemas/…`, not `{}` already): the
 * one whose copies count the most nodes.
 * @param {Iterable<import("./expansion.mjs").Unit>} units
 * @returns {import("./expansion.mjs").Unit | undefined}
 */
function heaviest(units) {
  let most;
  for (const unit of units)
    if (unit.size > 1 && unit.copies && SCHEMA.test(unit.pointer) && (!most || unit.nodes > most.nodes)) most = unit;
  return most;
}

const SCHEMA = /^#\/components\/schemas\/[^/]+/;

/** How many loosened schemas a line names before it counts the rest. */
const NAMED = 8;

/**
 * The line that says what Prism's view loosened, or undefined when it loosened nothing (leaving
 * out what no path reaches changes nothing Prism does).
 * @param {ReturnType<typeof prismView>} view
 * @param {number} [budget] the budget the view was made for, default {@link PRISM_BUDGET}
 * @returns {string | undefined}
 * @example
 * viewLine(prismView(spec));
 * // "Prism is given a view of the document: dereferenced, it is 20,427,377 nodes, over the 640,000 …"
 */
export function viewLine(view, budget = PRISM_BUDGET) {
  const { loosened, left, full, size } = view;
  if (!loosened.length) return undefined;
  const n = (/** @type {number} */ count) => count.toLocaleString("en-US");
  const names = loosened.slice(0, NAMED).map((pointer) => pointer.replace(/^#\/components\/schemas\//, ""));
  const more = loosened.length > NAMED ? ` and ${loosened.length - NAMED} more` : "";
  return (
    `Prism is given a view of the document: dereferenced, it is ${n(full)} nodes, over the ${n(budget)} Prism ` +
    `starts on in seconds, so ${loosened.length === 1 ? "1 schema is" : `${loosened.length} schemas are`} any value ` +
    `to Prism (${names.join(", ")}${more}) and the ${n(left.length)} components no path then reaches are left out ` +
    `(${n(size)} nodes); Prism's request checks, and the answers asked for with Prefer:, are looser there; the ` +
    "proxy still checks every other answer against the full schemas"
  );
}
