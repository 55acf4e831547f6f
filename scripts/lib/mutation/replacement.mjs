// A mutant's replacement as the mutation store keeps it: the code a location spans, and a long
// replacement as the edit that turns that code into it (what a mutator put in, not the code around it).
import { diffChars } from "diff";

/**
 * @typedef {{ line: number, column: number }} Position 1-based lines and columns, as Stryker's reports count them
 * @typedef {{ start: Position, end: Position }} Location
 * @typedef {string | (string | number)[]} Replacement the replacement itself when short, else its edit of the mutated
 * code: pieces of the new text in order, each a range of the mutated code kept (two numbers: its start and end) or
 * a string put in
 */

/** Replacements up to this long are kept as they are (`true`, `{}`, `"Stryker was here!"`, `() => undefined`); longer ones as an edit. */
const SHORT = 20;

/**
 * The code a location spans in `source`.
 * @param {string} source @param {Location} location
 */
export function spanOf(source, { start, end }) {
  const lines = source.split("\n");
  if (start.line === end.line) return (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1);
  return [
    (lines[start.line - 1] ?? "").slice(start.column - 1),
    ...lines.slice(start.line, end.line - 1),
    (lines[end.line - 1] ?? "").slice(0, end.column - 1),
  ].join("\n");
}

/**
 * `replacement` as the record keeps it: as it is when short, else as the pieces that build it
 * from `original` (the code it replaces), found by jsdiff's character diff, so that the record holds the
 * characters a mutator put in and not the code around them.
 * @param {string} original @param {string} replacement
 * @returns {Replacement}
 * @example
 * encodeReplacement("headers.size === 0 && body", "headers.size !== 0 && body"); // [0, 13, "!", 14, 26]
 */
export function encodeReplacement(original, replacement) {
  if (replacement.length <= SHORT) return replacement;
  /** @type {(string | number)[]} */
  const pieces = [];
  // where the next kept or left-out run starts in the original
  let at = 0;
  for (const change of diffChars(original, replacement)) {
    const last = pieces.at(-1);
    if (change.removed) at += change.value.length;
    else if (change.added) {
      if (typeof last === "string") pieces[pieces.length - 1] = last + change.value;
      else pieces.push(change.value);
    } else {
      const to = at + change.value.length;
      if (last === at) pieces[pieces.length - 1] = to;
      else pieces.push(at, to);
      at = to;
    }
  }
  return pieces;
}

/**
 * The replacement an encoded one stands for, given the code it replaces.
 * @param {string} original @param {Replacement} replacement
 * @returns {string}
 */
export function decodeReplacement(original, replacement) {
  if (typeof replacement === "string") return replacement;
  let text = "";
  for (let i = 0; i < replacement.length; i++) {
    const piece = replacement[i];
    text += typeof piece === "string" ? piece : original.slice(piece, /** @type {number} */ (replacement[++i]));
  }
  return text;
}
