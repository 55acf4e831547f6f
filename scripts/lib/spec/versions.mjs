// Versions: the releases in a released/ folder, and the version bump a list of spec changes needs.
// Semver's rules only: how the changes are found and rated is spec-changes.mjs's.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** A MAJOR.MINOR.PATCH version, what the breaking-change gate compares. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const IMPACTS = ["patch", "minor", "major"];

/** @typedef {import("./changes.mjs").Change} Change */

/**
 * The lowest version that may carry `changes` on top of release `from`. Under 0.x (semver's
 * "anything may change") a breaking change takes a minor bump and any other change a patch bump;
 * from 1.0.0 on, the change's own impact is bumped. A client annotation (impact "none") takes none.
 * @param {string} from the released version, e.g. "0.1.0"
 * @param {Change[]} changes compareSpecs' answer
 * @returns {string} `from` itself when no change needs a bump
 * @example requiredVersion("0.1.0", [{ breaking: true, impact: "major" }]) // "0.2.0"
 */
export function requiredVersion(from, changes) {
  const [major, minor, patch] = parse(from);
  const bumped = changes.filter((c) => c.impact !== "none");
  if (bumped.length === 0) return from;
  const worst = Math.max(...bumped.map((c) => IMPACTS.indexOf(c.impact)));
  if (major === 0) return worst === 2 ? `0.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
  if (worst === 2) return `${major + 1}.0.0`;
  if (worst === 1) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/**
 * Decides whether `version` may carry `changes` since release `from`: it may not go backwards, may
 * equal `from` only with no change or client annotations alone, and must be at least
 * requiredVersion(from, changes).
 * @param {string} from the newest released version
 * @param {string} version the current info.version
 * @param {Change[]} changes compareSpecs' answer
 * @returns {{ ok: boolean, message: string }} the verdict, as one line
 */
export function checkVersion(from, version, changes) {
  parse(version);
  const needed = requiredVersion(from, changes);
  const breaking = changes.filter((c) => c.breaking).length;
  const annotations = changes.filter((c) => c.impact === "none").length;
  const other = changes.length - breaking - annotations;
  const counted =
    changes.length === 0
      ? `no change since ${from}`
      : `${[
          breaking && plural(breaking, "breaking change"),
          other && plural(other, "non-breaking change"),
          annotations && plural(annotations, "client annotation change"),
        ]
          .filter(Boolean)
          .join(", ")} since ${from}`;
  if (compare(version, from) < 0)
    return { ok: false, message: `info.version ${version} goes backwards: ${from} is already released` };
  if (compare(version, needed) < 0) {
    const equal = compare(version, from) === 0 ? ` (${from} is released with other content)` : "";
    return { ok: false, message: `${counted}; info.version ${version} must be at least ${needed}${equal}` };
  }
  if (changes.length === annotations) return { ok: true, message: `${counted}; info.version ${version} needs no bump` };
  return { ok: true, message: `${counted}; info.version ${version} carries them (at least ${needed} needed)` };
}

/**
 * The newest release in a released/ folder: the highest `<semver>.json`.
 * @param {string} dir e.g. openapi/released
 * @returns {{ version: string, file: string } | undefined} undefined when nothing is released
 */
export function newestRelease(dir) {
  const versions = (existsSync(dir) ? readdirSync(dir) : [])
    .filter((f) => f.endsWith(".json") && SEMVER.test(f.slice(0, -5)))
    .map((f) => f.slice(0, -5))
    .sort(compare);
  const version = versions.at(-1);
  return version === undefined ? undefined : { version, file: join(dir, `${version}.json`) };
}

/**
 * The parts of a semver version; throws on anything else.
 * @param {string} version
 * @returns {number[]}
 */
export function parse(version) {
  const m = SEMVER.exec(String(version));
  if (!m) throw new Error(`info.version ${JSON.stringify(version)} is not a MAJOR.MINOR.PATCH version`);
  return m.slice(1).map(Number);
}

function compare(a, b) {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
