// Versions: the releases in a released/ folder, and the version bump a list of spec changes needs.
// Semver's rules only (npm's semver package: pre-releases such as 3.3.6-dev0 ordered as SemVer 2.0
// orders them): how the changes are found and rated is spec-changes.mjs's.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

/**
 * Whether `version` is a SemVer 2.0 version (MAJOR.MINOR.PATCH, a pre-release after it allowed; no
 * build metadata, no leading "v"), what the breaking-change gate compares.
 * @param {unknown} version
 */
export const isVersion = (version) => typeof version === "string" && semver.valid(version) === version;
const IMPACTS = ["patch", "minor", "major"];

/** @typedef {import("./changes.mjs").Change} Change */

/**
 * The lowest version that may carry `changes` on top of release `from`. Under 0.x (semver's
 * "anything may change") a breaking change takes a minor bump and any other change a patch bump;
 * from 1.0.0 on, the change's own impact is bumped. A client annotation (impact "none") takes none.
 * After a pre-release (semver: "might not satisfy the intended compatibility requirements"), any
 * change takes the next pre-release (3.3.6-dev0 to 3.3.6-dev1), or the release it leads to.
 * @param {string} from the released version, e.g. "0.1.0"
 * @param {Change[]} changes compareSpecs' answer
 * @returns {string} `from` itself when no change needs a bump
 * @example requiredVersion("0.1.0", [{ breaking: true, impact: "major" }]) // "0.2.0"
 */
export function requiredVersion(from, changes) {
  const [major, minor, patch] = parse(from);
  const bumped = changes.filter((c) => c.impact !== "none");
  if (bumped.length === 0) return from;
  if (semver.prerelease(from)) return /** @type {string} */ (semver.inc(from, "prerelease"));
  const worst = Math.max(...bumped.map((c) => IMPACTS.indexOf(c.impact)));
  if (major === 0) return worst === 2 ? `0.${minor + 1}.0` : `0.${minor}.${patch + 1}`;
  if (worst === 2) return `${major + 1}.0.0`;
  if (worst === 1) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/**
 * Decides whether `version` may carry `changes` since release `from`: it may not go backwards, may
 * equal `from` only with no change or client annotations alone, and must be at least
 * requiredVersion(from, changes), or a pre-release of a version that is (2.0.0-beta.1 where 2.0.0
 * is needed).
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
  if (compare(version, needed) < 0 && !preReleaseOf(version, needed)) {
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
    .filter((f) => f.endsWith(".json") && isVersion(f.slice(0, -5)))
    .map((f) => f.slice(0, -5))
    .sort(compare);
  const version = versions.at(-1);
  return version === undefined ? undefined : { version, file: join(dir, `${version}.json`) };
}

/**
 * MAJOR, MINOR and PATCH of a semver version; throws on anything else.
 * @param {string} version
 * @returns {number[]}
 */
export function parse(version) {
  if (!isVersion(version))
    throw new Error(
      `info.version ${JSON.stringify(version)} is not a semver version (MAJOR.MINOR.PATCH, a pre-release such as -beta.1 allowed)`,
    );
  const { major, minor, patch } =
    /** @type {{ major: number, minor: number, patch: number }} isVersion said it parses */ (semver.parse(version));
  return [major, minor, patch];
}

/**
 * semver's order: 3.3.6-dev0 < 3.3.6-dev1 < 3.3.6 < 3.4.0.
 * @param {string} a
 * @param {string} b
 */
function compare(a, b) {
  parse(a);
  parse(b);
  return semver.compare(a, b);
}

/** Whether `version` is a pre-release of `needed` or of a later version (2.0.0-beta.1 of 2.0.0). */
const preReleaseOf = (/** @type {string} */ version, /** @type {string} */ needed) =>
  semver.prerelease(version) !== null && semver.compare(semver.coerce(version) ?? version, needed) >= 0;

/**
 * @param {number} n
 * @param {string} noun
 */
function plural(n, noun) {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
