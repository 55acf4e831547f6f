// The items of the mock's lists (pages.mjs): copies of a document's example items, each copy's ids
// made distinct, in the order of their ids where those are whole numbers; and a dotted field of an
// answer read or written (`meta.next_page_url`, `artists.items`).

/** How many pages of the spec's example items the mock serves for every list. */
export const MOCK_PAGES = 3;

/**
 * The field that tells an item from its copies: the cursor field, else `id`, else the first `*_id`
 * or `*Id`; for items with none, the first free-text field (a string the schema leaves unformatted).
 */
export function idField(item, page, properties) {
  if (!item || typeof item !== "object" || Array.isArray(item)) return {};
  const keys = Object.keys(item).filter((key) => typeof item[key] === "string" || Number.isSafeInteger(item[key]));
  const id =
    [page.lastItem, page.firstItem, "id"].find((key) => key && keys.includes(key)) ??
    keys.find((key) => /(_id|Id)$/.test(key));
  if (id) return { key: id };
  const free = (s) =>
    s?.type === "string" && !s.format && !s.pattern && !s.enum && s.const === undefined && s.maxLength === undefined;
  return { key: keys.find((key) => typeof item[key] === "string" && free(properties(key))), text: true };
}

/**
 * The id of copy `copy` of an example item: its last character moved along its own class (digit,
 * lower, upper: from char code 48, 97, 65), so that an id keeps its length and pattern; a number moved past every example's.
 */
function shifted(value, copy, span) {
  if (typeof value === "number") return value + copy * span;
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

/** MOCK_PAGES copies of the example items, each copy's ids made distinct where the items have one. */
export function virtualList(examples, page, properties) {
  const { key, text } = idField(examples[0], page, properties);
  const numbers = examples.map((item) => item?.[key]).filter((v) => typeof v === "number");
  const span = Math.max(0, ...numbers) + 1;
  const copies = (mark) =>
    Array.from({ length: MOCK_PAGES }, (_, copy) =>
      examples.map((item) =>
        copy && key && item?.[key] !== undefined ? { ...item, [key]: mark(item[key], copy) } : item,
      ),
    ).flat();
  // an id keeps its pattern; a text only needs to read as another
  let list = copies((value, copy) => (text ? `${value} #${copy + 1}` : shifted(value, copy, span)));
  const ids = list.map((item) => item?.[key]);
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
 */
export function byNumber(list, key) {
  const ids = list.map((item) => item?.[key]);
  if (!ids.every((id) => Number.isSafeInteger(id) || (typeof id === "string" && /^\d{1,30}$/.test(id)))) return list;
  const value = (item) => BigInt(item[key]);
  return [...list].sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0));
}

/** The value at a dotted path of an answer (`artists.items`), or undefined. */
export function valueAt(body, path) {
  return path.split(".").reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), body);
}

/** A copy of `body` with the field at a dotted path (`meta.next_page_url`) set, its objects copied or made. */
export function withField(body, path, value) {
  const [key, ...rest] = path.split(".");
  const own = body && typeof body === "object" && !Array.isArray(body) ? body : {};
  const out = { ...own, [key]: rest.length ? withField(own[key], rest.join("."), value) : value };
  if (out[key] === undefined) delete out[key];
  return out;
}
