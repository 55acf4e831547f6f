// The items of the mock's lists (pages.mjs): copies of a document's example items, each copy's ids
// made distinct, in the order of their ids where those are whole numbers; and a dotted field of an
// answer read or written (`meta.next_page_url`, `artists.items`).

/** @typedef {import("../generate/pagination.mjs").Pagination} Pagination */

/** How many pages of the spec's example items the mock serves for every list. */
export const MOCK_PAGES = 3;

/**
 * The field `key` of an item as `item?.[key]` reads it (a string's `length` included); undefined
 * for no key.
 * @param {unknown} item
 * @param {string | undefined} key
 * @returns {unknown}
 */
export const fieldOf = (item, key) =>
  item === null || item === undefined || key === undefined
    ? undefined
    : /** @type {Record<string, unknown>} */ (Object(item))[key];

/**
 * The field that tells an item from its copies: the cursor field, else `id`, else the first `*_id`
 * or `*Id`; for items with none, the first free-text field (a string the schema leaves unformatted).
 * @param {unknown} item
 * @param {Pagination} page
 * @param {(key: string) => unknown} properties the schema of an item's field
 * @returns {{ key?: string, text?: boolean }}
 */
export function idField(item, page, properties) {
  if (!item || typeof item !== "object" || Array.isArray(item)) return {};
  // an object, not an array: just checked
  const fields = /** @type {Record<string, unknown>} */ (item);
  const keys = Object.keys(fields).filter(
    (key) => typeof fields[key] === "string" || Number.isSafeInteger(fields[key]),
  );
  const id =
    [page.lastItem, page.firstItem, "id"].find((key) => key && keys.includes(key)) ??
    keys.find((key) => /(_id|Id)$/.test(key));
  if (id) return { key: id };
  const free = (/** @type {unknown} */ schema) => {
    if (!schema || typeof schema !== "object") return false;
    const s = /** @type {Record<string, unknown>} */ (schema);
    return (
      s.type === "string" && !s.format && !s.pattern && !s.enum && s.const === undefined && s.maxLength === undefined
    );
  };
  return { key: keys.find((key) => typeof fields[key] === "string" && free(properties(key))), text: true };
}

/**
 * The id of copy `copy` of an example item: its last character moved along its own class (digit,
 * lower, upper: from char code 48, 97, 65), so that an id keeps its length and pattern; a number moved past every example's.
 * An id of another type (the first item's is a string, this one's an object) is read as its text.
 * @param {unknown} id
 * @param {number} copy
 * @param {number} span
 * @returns {string | number}
 */
function shifted(id, copy, span) {
  if (typeof id === "number") return id + copy * span;
  const value = String(id);
  const last = value.at(-1) ?? "";
  for (const [from, size] of /** @type {const} */ ([
    [48, 10],
    [97, 26],
    [65, 26],
  ])) {
    const at = last.charCodeAt(0) - from;
    if (at >= 0 && at < size) return value.slice(0, -1) + String.fromCharCode(from + ((at + copy) % size));
  }
  return `${value}${copy + 1}`;
}

/**
 * MOCK_PAGES copies of the example items, each copy's ids made distinct where the items have one.
 * @param {unknown[]} examples
 * @param {Pagination} page
 * @param {(key: string) => unknown} properties the schema of an item's field
 * @returns {{ list: unknown[], key: string | undefined }}
 */
export function virtualList(examples, page, properties) {
  const { key, text } = idField(examples[0], page, properties);
  const numbers = examples.map((item) => fieldOf(item, key)).filter((v) => typeof v === "number");
  const span = Math.max(0, ...numbers) + 1;
  /** @param {(value: unknown, copy: number) => unknown} mark */
  const copies = (mark) =>
    Array.from({ length: MOCK_PAGES }, (_, copy) =>
      examples.map((item) =>
        // an item with a field is an object or a string, whose characters a spread copies
        copy && key && fieldOf(item, key) !== undefined
          ? { .../** @type {object} */ (item), [key]: mark(fieldOf(item, key), copy) }
          : item,
      ),
    ).flat();
  // an id keeps its pattern; a text only needs to read as another
  let list = copies((value, copy) => (text ? `${value} #${copy + 1}` : shifted(value, copy, span)));
  const ids = list.map((item) => fieldOf(item, key));
  // examples whose ids differ only in their last character could meet: a suffix never does
  if (key && new Set(ids).size !== ids.length)
    list = copies((value, copy) => (typeof value === "number" ? value + copy * span : `${value}_${copy + 1}`));
  return { list, key };
}

/** Whether no two items of a list are the same. */
export const distinct = (/** @type {unknown[]} */ list) =>
  new Set(list.map((item) => JSON.stringify(item))).size === list.length;

/**
 * item-cursor: the list in the order of its ids where every id is a whole number (or its digits), as
 * a service paging `after=<id>` by the id's value keeps it; otherwise as it is.
 * @param {unknown[]} list
 * @param {string | undefined} key
 */
export function byNumber(list, key) {
  const ids = list.map((item) => fieldOf(item, key));
  if (!ids.every((id) => Number.isSafeInteger(id) || (typeof id === "string" && /^\d{1,30}$/.test(id)))) return list;
  // every id a whole number or its digits: just checked
  const value = (/** @type {unknown} */ item) => BigInt(/** @type {number | string} */ (fieldOf(item, key)));
  return [...list].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0));
}

/**
 * The value at a dotted path of an answer (`artists.items`), or undefined.
 * @param {unknown} body
 * @param {string} path
 * @returns {unknown}
 */
export function valueAt(body, path) {
  return path
    .split(".")
    .reduce(
      (/** @type {unknown} */ at, key) =>
        at && typeof at === "object" ? /** @type {Record<string, unknown>} */ (at)[key] : undefined,
      body,
    );
}

/**
 * A copy of `body` with the field at a dotted path (`meta.next_page_url`) set, its objects copied or made.
 * @param {unknown} body
 * @param {string} path
 * @param {unknown} value
 * @returns {Record<string, unknown>}
 */
export function withField(body, path, value) {
  const [key = "", ...rest] = path.split(".");
  /** @type {Record<string, unknown>} */
  const own = body && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
  /** @type {Record<string, unknown>} */
  const out = { ...own, [key]: rest.length ? withField(own[key], rest.join("."), value) : value };
  if (out[key] === undefined) delete out[key];
  return out;
}
