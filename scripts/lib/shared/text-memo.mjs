// What a step derives from each spec file, kept per file with the text it came from: dev runs the
// steps on every save, and a save changes one file of hundreds, so the others are not parsed again.

/**
 * @template T
 * @typedef {object} TextMemo
 * @property {(file: string, text: string) => T} get `derive(text, file)`, or the value kept for
 * `file` when its text is the same as then
 * @property {(files: Iterable<string>) => void} keepOnly forgets every file but these: what is kept
 * is bounded by the spec's files, not by every file ever seen
 */

/**
 * A per-file memo of `derive`, keyed by the file's whole text (not its time stamp: an editor may
 * save twice within a time stamp's resolution).
 * @template T
 * @param {(text: string, file: string) => T} derive a pure function of the text (and the file's
 * name, for messages)
 * @returns {TextMemo<T>}
 * @example
 * const parsed = textMemo((text) => load(text));
 * const doc = parsed.get(file, readFileSync(file, "utf8")); // parsed once per content
 */
export function textMemo(derive) {
  /** @type {Map<string, { text: string, value: T }>} */
  const kept = new Map();
  return {
    get(file, text) {
      const hit = kept.get(file);
      if (hit && hit.text === text) return hit.value;
      const value = derive(text, file);
      kept.set(file, { text, value });
      return value;
    },
    keepOnly(files) {
      const wanted = new Set(files);
      for (const file of kept.keys()) if (!wanted.has(file)) kept.delete(file);
    },
  };
}
