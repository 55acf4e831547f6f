// What every check of a caller's input shares, written once: a value as a message shows it, the one
// message of a refused value, the object test, and what a header's value may hold.

/** A value as a message shows it: a string quoted and cut short, an object by its type only. */
export function show(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
  return value !== null && (typeof value === "object" || typeof value === "function") ? typeof value : String(value);
}

/**
 * The message of a refused value: what it must be, and the value given as `show` shows it.
 *
 * @example
 * mustBe("a boolean", "false"); // 'must be a boolean (got "false")'
 */
export const mustBe = (what: string, value: unknown): string => `must be ${what} (got ${show(value)})`;

/** A JSON object, or an object given for one: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The character of `text` at `index`, as `U+000A at index 3`. */
export const charAt = (text: string, index: number): string =>
  `U+${text.codePointAt(index)!.toString(16).toUpperCase().padStart(4, "0")} at index ${index}`;

/**
 * Where `value` first holds a character that fetch and the wire refuse in a header (they take tab,
 * 0x20-0x7e and 0x80-0xff), or -1. It runs for every event with an `id:`: a match costs about what a
 * loop over the characters costs (30-60 ns for an id of 5-35 characters, Node 20).
 *
 * @example
 * headerBreak("evt_41"); // -1
 * headerBreak("a\nb"); // 1
 */
export const headerBreak = (value: string): number => value.search(/[^\t\x20-\x7e\x80-\xff]/);

/**
 * What keeps `value` from being a header's value, or undefined: it must be a string, of characters
 * a header can carry. The value is never shown when it is a string: it may be a credential.
 *
 * @example
 * headerProblem("a\nb"); // "holds U+000A at index 1, which a header cannot carry (the value is not shown)"
 */
export function headerProblem(value: unknown): string | undefined {
  if (typeof value !== "string") return mustBe("a string", value);
  const at = headerBreak(value);
  return at < 0 ? undefined : `holds ${charAt(value, at)}, which a header cannot carry (the value is not shown)`;
}
