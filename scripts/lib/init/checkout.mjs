// The files of the checkout `npm run init` rewrites for the team's package, each as text made from
// what it was, the package's identity and the document: package.json and its lockfile, redocly.yaml,
// the two changelogs, LICENSE, the TypeScript paths that map the package's name onto src/.
import { execFileSync } from "node:child_process";
import { clientSection } from "../shared/derived-names.mjs";
import { fieldsOf, isRecord, keyword } from "../spec/guards.mjs";

/** Why init will not run here, or cannot go on. */
export class InitError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "InitError";
  }
}

/**
 * Throws {@link InitError} unless `dir` is a git checkout with nothing uncommitted (untracked files
 * included): what init replaces stays in git's history, never lost.
 * @param {string} dir
 */
export function assertCommitted(dir) {
  let status;
  try {
    status = execFileSync("git", ["status", "--porcelain"], { cwd: dir, encoding: "utf8", stdio: "pipe" });
  } catch {
    throw new InitError("this is not a git checkout: init replaces files, and only git's history would keep them");
  }
  const changed = status.split("\n").filter(Boolean);
  if (changed.length)
    throw new InitError(
      `${changed.length} uncommitted change${changed.length === 1 ? "" : "s"} (${changed
        .slice(0, 3)
        .map((line) => line.slice(3))
        .join(", ")}${changed.length > 3 ? ", …" : ""}); commit or stash them first: init replaces files`,
    );
}

/** The keywords of a package of this pipeline, whatever its service. */
const KEYWORDS = ["openapi", "openapi-fetch", "typescript", "client", "sdk"];

/**
 * package.json for the team's package: its name, a first version, a description of its service,
 * generic keywords and the `client` section written out (so that a title change renames nothing);
 * scripts and dependencies as they were.
 * @param {Record<string, unknown>} pkg package.json as it was
 * @param {import("../shared/identity.mjs").Identity} identity
 * @returns {{ name: string, version: string } & Record<string, unknown>}
 */
export function packageJson(pkg, identity) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, value] of Object.entries(pkg)) {
    if (key === "name") out.name = identity.packageName;
    else if (key === "version") out.version = "0.1.0";
    else if (key === "description")
      out.description = `Typed TypeScript client for the ${identity.displayName} API, generated from its OpenAPI document.`;
    else if (key === "keywords") out.keywords = KEYWORDS;
    else if (key === "client") continue;
    else out[key] = value;
    if (key === "description") out.client = clientSection(identity);
  }
  // where package.json had them, at their place; else last
  return { ...out, name: identity.packageName, version: "0.1.0" };
}

/**
 * package-lock.json with the root package's name and version as package.json now has them.
 * @param {Record<string, unknown>} lock package-lock.json as it was
 * @param {{ name: string, version: string }} pkg
 */
export function lockfile(lock, { name, version }) {
  const root = keyword(lock.packages, "");
  return {
    ...lock,
    name,
    version,
    ...(isRecord(root) ? { packages: { ...fieldsOf(lock.packages), "": { ...root, name, version } } } : {}),
  };
}

/**
 * redocly.yaml for the team's document: its root file, and Redocly's recommended rules as the lint
 * profile (lint/house.yaml stays this project's own).
 * @param {string} root the root file, relative to openapi/
 */
export function redoclyConfig(root) {
  return `# one file drives lint (redocly), codegen (openapi-typescript) and docs
apis:
  api:
    root: ./openapi/${root.split("\\\\").join("/")}
    x-openapi-ts:
      output: ./generated/schema.d.ts

# the lint profile: Redocly's recommended rules. The document's problems when \`npm run init\` made this
# checkout are listed in .redocly.lint-ignore.yaml (Redocly's ignore file): fix one and drop its entry;
# a new one fails \`npm run lint\`, \`npm run build\` and \`npm test\`. Another profile: one line instead
#   - ./lint/house.yaml      this project's house rules (recommended-strict and more)
#   - ./lint/team.yaml       the team's own rules, in a file of the same shape as lint/house.yaml
extends:
  - recommended
`;
}

/** Today as Keep a Changelog dates a release. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The two changelogs, started afresh: the document's (CHANGELOG.md, its first version recorded) and
 * the package's (CLIENT_CHANGELOG.md).
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {{ title: string, version: string, root: string, released: boolean }} document
 * `released`: whether its version was recorded in openapi/released/
 * @returns {{ "CHANGELOG.md": string, "CLIENT_CHANGELOG.md": string }}
 */
export function changelogs(identity, { title, version, root, released }) {
  const about = title || identity.displayName;
  return {
    "CHANGELOG.md": `# Changelog

All notable changes to the ${about} description (\`openapi/\`) are recorded here. The format
follows [Keep a Changelog](https://keepachangelog.com/en/1.1.0/) and versions follow
[Semantic Versioning](https://semver.org/spec/v2.0.0.html).

This changelog covers the **API document only**: the versions below are the \`info.version\` of
\`openapi/${root}\`, and each released one is kept as \`openapi/released/<version>.json\`. The client
package's own version (\`package.json\`) moves on its own and is recorded in
[CLIENT_CHANGELOG.md](CLIENT_CHANGELOG.md). \`npm run lint:breaking\` fails when \`info.version\` does
not carry the bump a change needs.

## [Unreleased]
${
  released
    ? `
## [${version}] - ${today()}

- The document as this package was first generated from it.

[Unreleased]: openapi/${root}
[${version}]: openapi/released/${version}.json
`
    : `
[Unreleased]: openapi/${root}
`
}`,
    "CLIENT_CHANGELOG.md": `# Changelog of the client package

All notable changes to the \`${identity.packageName}\` package are recorded here: its methods,
options, errors and behaviour. The format follows
[Keep a Changelog](https://keepachangelog.com/en/1.1.0/) and versions follow
[Semantic Versioning](https://semver.org/spec/v2.0.0.html); a version here is the \`version\` of
\`package.json\`.

The API it calls has its own version (\`API_VERSION\`, the document's \`info.version\`) and its own
changelog, [CHANGELOG.md](CHANGELOG.md).

## Unreleased

## [0.1.0] - ${today()}

### Added

- The package, generated from the ${about} document (\`info.version\` ${version || "not given"}): a
  method per operation, typed and checked against the document, its errors (\`${identity.errorName}\`
  at their root), the key read from \`${identity.apiKeyEnv}\`.
`,
  };
}

/**
 * LICENSE with its copyright line naming the package's contributors.
 * @param {string} text
 * @param {string} name
 */
export function license(text, name) {
  return text.replace(/^(Copyright \(c\) \d{4}) .*$/m, `$1 ${name} contributors`);
}

/**
 * A tsconfig's text with the `paths` keys of the package `from` (and its entries) renamed `to`.
 * @param {string} text
 * @param {string} from
 * @param {string} to
 */
export function renamedPaths(text, from, to) {
  return text.replaceAll(`"${from}"`, `"${to}"`).replaceAll(`"${from}/`, `"${to}/`);
}
