// What a list operation's query parameters say by their names' words, for pagination-detect.mjs:
// which says where a page starts (a position: `cursor`, `page_token`, `after`), which how many
// items it holds (a size: `limit`, `page_size`), which is a filter by time, and which answer field
// each takes back (`cursor` <- `next_cursor`, `starting_after` <- `pages.next.starting_after`).
import { deref } from "../spec/refs.mjs";
import { keyword } from "../spec/guards.mjs";
import { ID, holds, isAddress, isNumber, isType, reads, readsNext, words } from "./list-shape.mjs";

// a parameter that says where a page starts
const POSITION = ["cursor", "token", "marker", "after", "before", "since", "until", "from", "start", "starting"];
const POSITION_TOO = ["continuation", "offset", "page", "ending", "skip"];
// of those, the ones a service hands back as text rather than echoes: an answer's string field of
// the same name is the position of the next page
const HANDED_BACK = ["cursor", "token", "marker", "after", "before", "continuation"];
export const FORWARD = ["after", "since"];
export const BACKWARD = ["before", "until"];
// a parameter that says when, not where: a filter by time (`created_at_after`, `updated_since`)
const TIME_WORDS = ["at", "date", "time", "timestamp", "ts", "created", "updated", "modified"];
// a parameter that says how many items a page holds
const SIZE = ["limit", "size", "count", "max", "per", "top", "take"];

/**
 * @typedef {object} Param a query parameter as the rules read it
 * @property {string} name
 * @property {string[]} words
 * @property {unknown} schema resolved
 * @property {boolean} size it says how many items a page holds (`limit`, `page_size`, `per_page`)
 * @property {boolean} position it says where a page starts (`cursor`, `page_token`, `after`, `page`), not when
 */

/**
 * The query parameters of an operation with their roles.
 * @param {object} doc
 * @param {{ name: string, schema?: unknown }[]} queryParams
 * @returns {Param[]}
 */
export function paramRoles(doc, queryParams) {
  return queryParams.map((p) => {
    const list = words(p.name);
    const schema = deref(doc, p.schema) ?? {};
    const size = isNumber(schema) && reads(list, SIZE) && !reads(list, ID) && !reads(list, POSITION);
    // RegExp's test reads its argument as String() does
    const when = reads(list, TIME_WORDS) || TIME.test(String(keyword(schema, "format") ?? ""));
    return {
      name: p.name,
      words: list,
      schema,
      size,
      position: !size && !when && reads(list, [...POSITION, ...POSITION_TOO]),
    };
  });
}

// formats of a time: a parameter of one takes no id or token
const TIME = /^(date|date-time|time|duration|timestamp|unix-time)$/;

/**
 * Whether a parameter takes a value of the field's schema back: a number into a number, text or a
 * number into text; where `loosely`, plain text (no format, pattern or enum) into a number too, as a
 * document may type one key as text in its answer and as a number in its query (the runtime sends
 * digits as a number, anything else as text, which the request check then refuses).
 * @param {Param} param
 * @param {unknown} schema
 */
export function takes(param, schema, loosely = false) {
  const format = (/** @type {unknown} */ s) => String(keyword(s, "format") ?? "");
  if (TIME.test(format(param.schema)) || TIME.test(format(schema))) return false;
  const text = isType(schema, "string");
  if (isNumber(param.schema))
    return (
      isNumber(schema) ||
      (loosely && text && !keyword(schema, "format") && !keyword(schema, "pattern") && !keyword(schema, "enum"))
    );
  const typed = keyword(param.schema, "type") !== undefined;
  return (text || isNumber(schema)) && (!typed || isType(param.schema, "string"));
}

/**
 * Whether `next` stands right before the words `inner` in `outer` (`next_page_token`, `page_token`).
 * @param {string[]} outer
 * @param {string[]} inner
 */
function nextBefore(outer, inner) {
  for (let i = 1; i + inner.length <= outer.length; i++)
    if (outer[i - 1] === "next" && inner.every((w, j) => outer[i + j] === w)) return true;
  return false;
}

/**
 * Whether `param` is the one position parameter that takes `field` back: the only one of its type
 * (strictly),
 * else the only one sharing a word with the field's name beside next (`pagination_token` for
 * `next_token`, where `since_id` could take it too).
 * @param {import("./list-shape.mjs").Field} field
 * @param {Param} param
 * @param {Param[]} params
 */
function soleTaker(field, param, params) {
  const own = words(field.name).filter((w) => w !== "next");
  // by type strictly: a name that does not match is no reason to read text as a number
  const rivals = params.filter((p) => p.position && takes(p, field.schema));
  const kin = rivals.filter((p) => p.words.some((w) => own.includes(w)));
  return (rivals.length === 1 && rivals[0] === param) || (kin.length === 1 && kin[0] === param);
}

/**
 * The field of an answer a query parameter takes back, and that parameter: the best of
 * - a field whose path holds the parameter's words and reads as next, for a position parameter
 *   (`cursor` <- `next_cursor`, `starting_after` <- `pages.next.starting_after`), or for any
 *   parameter where `next` comes right before its words (`wobble` <- `nextWobble`);
 * - a text field of the parameter's own words, for a parameter a service hands back as text
 *   (`cursor` <- `meta.cursor`, `after` <- `cursors.after`);
 * - a field that reads as next, taken by the one position parameter that takes its type, or by
 *   the one of those that shares a word with it (`from` <- `next`, `pagination_token` <- `next_token`);
 * by that order, then a position parameter before another, a forward one before one reading as
 * before, then the shallower field. Addresses and the parameters that size a page are left out.
 * @param {import("./list-shape.mjs").Field[]} found fieldPaths() of the answer (or the headers, as one-level fields)
 * @param {Param[]} params paramRoles()
 * @returns {{ field: import("./list-shape.mjs").Field, param: Param } | undefined}
 */
export function takenBack(found, params) {
  // a cursor under `pages` (`pages.next.starting_after`) is a cursor: only its name, format or example
  // make an address; a field named as a size or a count (`pages.next.per_page`) is no position
  const candidates = found.filter(
    (f) =>
      (isType(f.schema, "string") || isNumber(f.schema)) &&
      !isAddress(f, false) &&
      !reads(words(f.name), [...SIZE, "total"]),
  );
  const open = params.filter((p) => !p.size);
  /** @type {{ field: import("./list-shape.mjs").Field, param: Param, key: number[] }[]} */
  const ranked = [];
  for (const field of candidates) {
    const own = words(field.name);
    for (const param of open) {
      if (!takes(param, field.schema, true)) continue;
      let rank;
      if (
        holds(field.words, param.words) &&
        readsNext(field) &&
        (param.position || nextBefore(field.words, param.words))
      )
        rank = 0;
      else if (
        isType(field.schema, "string") &&
        reads(param.words, HANDED_BACK) &&
        own.join(" ") === param.words.join(" ")
      )
        rank = 1;
      else if (readsNext(field) && param.position && soleTaker(field, param, open)) rank = 2;
      else continue;
      const back = reads(param.words, BACKWARD) ? 1 : 0;
      ranked.push({ field, param, key: [rank, param.position ? 0 : 1, back, field.path.length] });
    }
  }
  // by each part of the key in turn; the document's order where all are equal
  ranked.sort((a, b) => a.key.reduce((order, k, i) => order || k - b.key[i], 0));
  return ranked[0] && { field: ranked[0].field, param: ranked[0].param };
}

/**
 * The parameter of a walk backwards beside a forward one: its words the forward one's with
 * `before`/`until` for `after`/`since` (and `ending` for `starting`): `before` beside `after`,
 * `ending_before` beside `starting_after`, `before_key` beside `after_key`.
 * @param {Param} forward
 * @param {Param[]} params
 */
export function mirrorOf(forward, params) {
  const plain = (/** @type {string[]} */ list) =>
    list
      .filter((w) => !FORWARD.includes(w) && !BACKWARD.includes(w))
      .map((w) => (w === "starting" ? "ending" : w))
      .join(" ");
  if (!reads(forward.words, FORWARD)) return undefined;
  return params.find((p) => reads(p.words, BACKWARD) && !p.size && plain(p.words) === plain(forward.words));
}

/**
 * The parameter that sizes a page: the one made only of size words (`limit`), else the only one.
 * @param {Param[]} params
 */
export function sizeParam(params) {
  const sizes = params.filter((p) => p.size);
  return sizes.find((p) => p.words.every((w) => SIZE.includes(w))) ?? (sizes.length === 1 ? sizes[0] : undefined);
}
