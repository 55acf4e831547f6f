#!/usr/bin/env node
// Makes this checkout another team's: its document in openapi/, its package's names, changelogs,
// README and examples, and what it replaced kept in git's history only.
//   npm run init -- --document <file or folder> [--name <package>]
// Refuses to run over uncommitted changes. Prints what it derived and from where, and each file it
// wrote; then `git status` shows the whole change, for the team to review and commit.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { withExampleInputs } from "./lib/generate/example-inputs.mjs";
import { readOperations } from "./lib/generate/read-operations.mjs";
import {
  assertCommitted,
  changelogs,
  InitError,
  license,
  lockfile,
  packageJson,
  redoclyConfig,
  renamedPaths,
} from "./lib/init/checkout.mjs";
import { readDocument } from "./lib/init/document.mjs";
import { chooseOperations, examplePrograms, examplesReadme } from "./lib/init/examples.mjs";
import { readmeText } from "./lib/init/readme.mjs";
import { removeDocumentTests } from "./lib/init/tests.mjs";
import { toolEnv } from "./lib/shared/env.mjs";
import { clientSection, derivedNames } from "./lib/shared/derived-names.mjs";
import { checkPackageName, identityLines, identityOf } from "./lib/shared/identity.mjs";
import { fromRoot, root } from "./lib/shared/paths.mjs";
import { bundleSpec } from "./lib/spec/bundle.mjs";
import { openapi31 } from "./lib/spec/openapi31.mjs";
import { createSampler } from "./lib/spec/sample.mjs";
import { isVersion } from "./lib/spec/versions.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

const USAGE = "usage: npm run init -- --document <file or folder> [--name <package>]";
const say = (/** @type {string} */ line) => console.log(`init: ${line}`);

/**
 * Writes `text` to the checkout's `file`, its folder made, and says so.
 * @param {string} file
 * @param {string} text
 */
function write(file, text) {
  mkdirSync(dirname(fromRoot(file)), { recursive: true });
  writeFileSync(fromRoot(file), text);
  say(`wrote ${file}`);
}

/**
 * Runs a node script of the checkout; its output is returned, or thrown with its last lines.
 * @param {string[]} args
 */
function node(args) {
  try {
    return execFileSync(process.execPath, args, { cwd: root, env: toolEnv(), encoding: "utf8", stdio: "pipe" });
  } catch (err) {
    // execFileSync's error carries the child's output (encoding utf8: text)
    const { stdout, stderr } = /** @type {{ stdout?: string, stderr?: string }} */ (err);
    const out = `${stdout ?? ""}${stderr ?? ""}`.trim().split("\n").slice(-8).join("\n");
    throw new InitError(`${args.join(" ")} failed:\n${out}`);
  }
}

/**
 * Says what the document is and the names derived from it, each with where it came from.
 * @param {{ document: string, name?: string }} values
 * @param {Awaited<ReturnType<typeof readDocument>>} doc
 * @param {ReturnType<typeof identityOf>} identity
 * @param {string} title
 */
function sayDerived(values, doc, identity, title) {
  // where init took each name from: the title, or --name (package.json's, once written)
  const source = values.name === undefined ? `from info.title ${JSON.stringify(title)}` : "from --name";
  /** @type {Record<string, string>} */
  const from = {
    "package.json name": source,
    "package.json client.displayName": source,
    "package.json client.envPrefix": "from the display name",
    "package.json client.userAgent": "from the package name",
  };
  say(
    `document ${values.document}: ${JSON.stringify(title)}, OpenAPI ${doc.openapi}, ${doc.files.size} file${doc.files.size === 1 ? "" : "s"}${doc.split ? ", split: its folder kept" : ""}, root ${doc.root}`,
  );
  for (const line of identityLines(identity))
    say(line.replace(/package\.json (name|client\.\w+)/, (said) => from[said] ?? said));
}

/**
 * The document's files in place of openapi/.
 * @param {Awaited<ReturnType<typeof readDocument>>} doc
 */
function writeDocument(doc) {
  rmSync(fromRoot("openapi"), { recursive: true, force: true });
  for (const [file, bytes] of doc.files) {
    mkdirSync(dirname(fromRoot("openapi", file)), { recursive: true });
    writeFileSync(fromRoot("openapi", file), bytes);
  }
  say(`wrote openapi/ (${doc.files.size} files; the document it replaced is in git's history)`);
}

/**
 * The checkout's files that carry the package's names or the document's root: redocly.yaml,
 * package.json and its lockfile, LICENSE, the TypeScript paths.
 * @param {string} documentRoot
 * @param {ReturnType<typeof identityOf>} identity
 */
function writeCheckout(documentRoot, identity) {
  const pkg = JSON.parse(readFileSync(fromRoot("package.json"), "utf8"));
  const before = pkg.name;
  write("redocly.yaml", redoclyConfig(documentRoot));
  const written = packageJson(pkg, identity);
  write("package.json", `${JSON.stringify(written, null, 2)}\n`);
  if (existsSync(fromRoot("package-lock.json")))
    write(
      "package-lock.json",
      `${JSON.stringify(lockfile(JSON.parse(readFileSync(fromRoot("package-lock.json"), "utf8")), written), null, 2)}\n`,
    );
  if (existsSync(fromRoot("LICENSE")))
    write("LICENSE", license(readFileSync(fromRoot("LICENSE"), "utf8"), identity.packageName));
  for (const file of ["test/tsconfig.json", "examples/tsconfig.json"])
    if (existsSync(fromRoot(file)))
      write(file, renamedPaths(readFileSync(fromRoot(file), "utf8"), before, identity.packageName));
}

/**
 * The document's version recorded as its first release, when it is a semver version, so that the
 * breaking-change gate has one to compare the next with; both changelogs started afresh.
 * @param {ReturnType<typeof identityOf>} identity
 * @param {{ title: string, version: string, root: string }} document
 */
function writeRelease(identity, { title, version, root: documentRoot }) {
  const released = isVersion(version);
  if (released) {
    node(["scripts/breaking-changes.mjs", "--release"]);
    say(`recorded openapi/released/${version}.json, the document's first release`);
  } else
    say(
      `info.version ${JSON.stringify(version)} is not a semver version: npm run lint:breaking (and npm test) fail until it is and a release is recorded (node scripts/breaking-changes.mjs --release)`,
    );
  for (const [file, text] of Object.entries(changelogs(identity, { title, version, root: documentRoot, released })))
    write(file, text);
}

/**
 * examples/ and the README written from the document's operations as generate reads them, with
 * the inputs its examples pass; this project's own document's tests taken out.
 * @param {ReturnType<typeof identityOf>} identity
 */
async function writeExamples(identity) {
  const { spec: bundled } = await bundleSpec();
  const { spec: view } = openapi31(bundled);
  const read = readOperations(view);
  const { operations } = withExampleInputs(read.operations, await createSampler(view));
  const chosen = chooseOperations(operations);
  for (const [kind, op] of Object.entries(chosen))
    if (op) say(`example ${kind}: ${op.method} ${op.path} (client.${op.name})`);
  const programs = examplePrograms(chosen, identity, view);
  // examples/ holds the team's programs alone: the tsconfig stays, renamed above
  for (const entry of existsSync(fromRoot("examples")) ? readdirSync(fromRoot("examples")) : [])
    if (entry !== "tsconfig.json") rmSync(fromRoot("examples", entry), { recursive: true, force: true });
  for (const [file, text] of programs) write(`examples/${file}`, text);
  // laid out by the project's formatter, as npm test's style stage holds them
  execFileSync(fromRoot("node_modules/.bin/biome"), ["format", "--write", "examples"], { cwd: root, stdio: "pipe" });
  write("examples/README.md", examplesReadme(programs, identity));
  write("README.md", readmeText(identity, read.auth, programs));
  const tests = removeDocumentTests(root);
  for (const file of tests.removed) say(`removed ${file}: a test of this project's own document (in git's history)`);
  for (const file of tests.emptied) say(`emptied ${file}: the expected output of this project's own examples`);
}

/** The document's lint problems as they are now in Redocly's ignore file, so that a new one fails. */
function writeLintIgnore() {
  const ignore = fromRoot(".redocly.lint-ignore.yaml");
  rmSync(ignore, { force: true });
  try {
    execFileSync(fromRoot("node_modules/.bin/redocly"), ["lint", "--generate-ignore-file"], {
      cwd: root,
      env: toolEnv(),
      stdio: "pipe",
    });
  } catch {
    // the CLI exits non-zero on the problems it has just written down
  }
  const ignored = existsSync(ignore) ? (readFileSync(ignore, "utf8").match(/^\s+- /gm) ?? []).length : 0;
  say(
    ignored
      ? `Redocly's recommended rules find ${ignored} problems in the document as it is: listed in .redocly.lint-ignore.yaml, so that only a new one fails lint`
      : "the document passes Redocly's recommended rules",
  );
}

async function main() {
  const { values } = parseOptions(
    USAGE,
    { options: { document: { type: "string" }, name: { type: "string" } } },
    (message) => new InitError(message),
  );
  if (!values.document) throw new InitError(`--document is required; ${USAGE}`);
  if (values.name !== undefined) checkPackageName(values.name, "--name");
  assertCommitted(root);

  // everything is read before anything is written: a document inside openapi/ included
  const doc = await readDocument(values.document);
  const title = typeof doc.info.title === "string" ? doc.info.title : "";
  const version = typeof doc.info.version === "string" ? doc.info.version : "";
  const names = derivedNames(title, values.name);
  const identity = identityOf({ name: names.packageName, version: "0.1.0", client: clientSection(names) }, doc.info);
  sayDerived({ document: values.document, name: values.name }, doc, identity, title);

  writeDocument(doc);
  writeCheckout(doc.root, identity);
  writeRelease(identity, { title, version, root: doc.root });
  await writeExamples(identity);
  writeLintIgnore();
  const generated = node(["scripts/generate.mjs"]);
  say(
    `generated: ${generated.split("\n").filter((line) => line.startsWith("generate: wrote ")).length} files (npm run generate prints what it decided)`,
  );
  say("done: `git status` shows the change; review it, then commit");
}

main().catch((err) => {
  console.error(`init: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
