// The mutation store's file (test/mutation/runs.json), read and written: a line for each place of
// each file of src/ and for each test, so that a run's change reads as lines in a diff. What the
// store holds, and how it maps to Stryker's report, is record.mjs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { compactReport } from "./record.mjs";

/**
 * @typedef {import("./record.mjs").Store} Store
 * @typedef {import("./record.mjs").TestFileRef} TestFileRef
 * @typedef {import("./record.mjs").FileVerdicts} FileVerdicts
 * @typedef {import("./record.mjs").MutantVerdict} MutantVerdict
 * @typedef {import("./replacement.mjs").Location} Location
 */

/** A status by the letter the file holds it as. @type {Record<string, string>} */
const STATUSES = {
  K: "Killed",
  S: "Survived",
  T: "Timeout",
  N: "NoCoverage",
  I: "Ignored",
  R: "RuntimeError",
  C: "CompileError",
  P: "Pending",
};
const LETTERS = Object.fromEntries(Object.entries(STATUSES).map(([letter, status]) => [status, letter]));
/**
 * Replacements Stryker writes most, held by their place in this list: of 4,564 mutants, these nine
 * were 2,925 (measured on the store of 2026-11-29; 17 KB of its 196). Fixed, so that no run renumbers
 * them; a replacement not here is held as itself.
 */
const COMMON = [
  "true",
  "false",
  "{}",
  '""',
  "``",
  "() => undefined",
  "[]",
  '"Stryker was here!"',
  '["Stryker was here"]',
];

/** `line:column-endLine:endColumn`, the end's line left out when it is the start's. @param {Location} location */
function placeKey({ start, end }) {
  return `${start.line}:${start.column}-${end.line === start.line ? "" : `${end.line}:`}${end.column}`;
}

/** @param {string} key @returns {Location} */
function placeOf(key) {
  const [line, column, endLine, endColumn] = key.split(/[:-]/).map(Number);
  return endColumn === undefined
    ? { start: { line, column }, end: { line, column: endLine } }
    : { start: { line, column }, end: { line: endLine, column: endColumn } };
}

/**
 * The store at `path`, or undefined when there is none. A Stryker report there (the store's form
 * before this one) is compacted as it is read.
 * @param {string} path
 * @returns {Store | undefined}
 */
export function readStore(path) {
  if (!existsSync(path)) return undefined;
  const json = JSON.parse(readFileSync(path, "utf8"));
  if ("schemaVersion" in json) return compactReport(json);
  /** @type {string[]} */
  const mutators = json.mutators;
  /** @type {Record<string, TestFileRef>} */
  const testFiles = {};
  // a test's id is the order in which its file and name first appear
  /** @type {Map<string, string>} */
  const ids = new Map();
  for (const [file, { blob, tests }] of Object.entries(
    /** @type {Record<string, { blob?: string, tests: string[] }>} */ (json.testFiles),
  )) {
    testFiles[file] = {
      ...(blob ? { blob } : {}),
      tests: tests.map((entry) => {
        const [name, place, text] = entry.split(" ");
        const [line, column] = place ? place.split(":").map(Number) : [];
        const key = `${file}\u0000${name}`;
        if (!ids.has(key)) ids.set(key, String(ids.size));
        return {
          id: /** @type {string} */ (ids.get(key)),
          name,
          ...(line ? { location: { start: { line, column } } } : {}),
          ...(text ? { text } : {}),
        };
      }),
    };
  }
  /** @type {Record<string, FileVerdicts>} */
  const files = {};
  let next = 0;
  for (const [file, { blob, mutants }] of Object.entries(
    /** @type {Record<string, { blob: string, mutants: Record<string, any[][]> }>} */ (json.files),
  )) {
    files[file] = {
      blob,
      mutants: Object.entries(mutants).flatMap(([place, rows]) =>
        rows.map(([mutator, replacement, ...rest]) => {
          // a killed mutant's row ends in its killers; any other's in its status and the tests that covered it
          const status = typeof rest[0] === "string" ? (STATUSES[rest[0]] ?? rest[0]) : "Killed";
          const [killedBy, coveredBy] = status === "Killed" ? [rest, []] : [[], rest[1] ?? []];
          return {
            id: String(next++),
            mutatorName: mutators[mutator],
            replacement: typeof replacement === "number" ? COMMON[replacement] : replacement,
            status,
            location: placeOf(place),
            ...(killedBy.length ? { killedBy: killedBy.map(String) } : {}),
            ...(coveredBy.length ? { coveredBy: coveredBy.map(String) } : {}),
          };
        }),
      ),
    };
  }
  return { ...(json.timeoutMS ? { timeoutMS: json.timeoutMS } : {}), files, testFiles };
}

/**
 * Writes `store` to `path`, making its folder, a line for each place of each file of src/ and
 * for each test, so that a run's change reads as lines in a diff. A place is
 * `"line:column-endLine:endColumn": [[mutator, replacement, status, killedBy, coveredBy], …]`,
 * one array for each of its mutants, the mutator an index into `mutators`, the replacement its
 * place in `COMMON` where it is one of those, the status a letter
 * (`K`illed, `S`urvived, `T`imeout, `N`oCoverage, …); a test is `[name hash, line, column, text
 * hash]`. Ids are left out: a test's is the order in which its file and name first appear, a
 * mutant's its order in the file.
 * @param {string} path @param {Store} store
 * @example
 * writeStore("test/mutation/runs.json", mergeRuns(store, run).report);
 */
export function writeStore(path, store) {
  const mutators = [...new Set(Object.values(store.files).flatMap((f) => f.mutants.map((m) => m.mutatorName)))].sort();
  const mutatorIndex = new Map(mutators.map((name, i) => [name, i]));
  // ids numbered as readStore will number them
  /** @type {Map<string, number>} */
  const numbers = new Map();
  /** @type {Map<string, number>} a test's id in `store` to its number in the file */
  const renumbered = new Map();
  for (const [file, { tests }] of Object.entries(store.testFiles)) {
    for (const { id, name } of tests) {
      const key = `${file}\u0000${name}`;
      if (!numbers.has(key)) numbers.set(key, numbers.size);
      renumbered.set(id, /** @type {number} */ (numbers.get(key)));
    }
  }
  const ids = (/** @type {string[] | undefined} */ list) =>
    (list ?? []).flatMap((id) => (renumbered.has(id) ? [/** @type {number} */ (renumbered.get(id))] : []));
  const row = (/** @type {MutantVerdict} */ m) => {
    const rest =
      m.status === "Killed"
        ? ids(m.killedBy)
        : [LETTERS[m.status] ?? m.status, ...(m.coveredBy?.length ? [ids(m.coveredBy)] : [])];
    const common = typeof m.replacement === "string" ? COMMON.indexOf(m.replacement) : -1;
    return JSON.stringify([mutatorIndex.get(m.mutatorName), common < 0 ? m.replacement : common, ...rest]);
  };
  const fileLines = Object.entries(store.files).map(([file, { blob, mutants }]) => {
    /** @type {Map<string, string[]>} */
    const places = new Map();
    for (const m of mutants) {
      const key = placeKey(m.location);
      places.set(key, [...(places.get(key) ?? []), row(m)]);
    }
    const lines = [...places].map(([key, rows]) => `${JSON.stringify(key)}: [${rows.join(",")}]`);
    return `${JSON.stringify(file)}: {"blob": ${JSON.stringify(blob)}, "mutants": {\n${lines.join(",\n")}\n}}`;
  });
  const testLines = Object.entries(store.testFiles).map(([file, { blob, tests }]) => {
    const lines = tests.map((t) =>
      JSON.stringify(
        [
          t.name,
          ...(t.location ? [`${t.location.start.line}:${t.location.start.column}`] : []),
          ...(t.text ? [t.text] : []),
        ].join(" "),
      ),
    );
    return `${JSON.stringify(file)}: {${blob ? `"blob": ${JSON.stringify(blob)}, ` : ""}"tests": [\n${lines.join(",\n")}\n]}`;
  });
  const text = `{\n"timeoutMS": ${store.timeoutMS ?? null},\n"mutators": ${JSON.stringify(mutators)},\n"files": {\n${fileLines.join(",\n")}\n},\n"testFiles": {\n${testLines.join(",\n")}\n}\n}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}
