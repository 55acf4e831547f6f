// The document `npm run init` makes the checkout's: found from a file or a folder, read with every
// file it references, in memory, so that openapi/ can be replaced even by a document inside it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { fieldsOf, keyword } from "../spec/guards.mjs";
import { withDeviceFlowScopes } from "../spec/redocly-types.mjs";

/** @type {typeof import("@redocly/openapi-core")} */
const { bundle, createConfig } = createRequire(import.meta.url)("@redocly/openapi-core");
const DOCUMENT_FILE = /\.(ya?ml|json)$/i;
/** Most files a folder given as the document may hold: a folder of a whole disk is no document. */
const MAX_FILES = 20_000;

/** A document init cannot take: where and why, never its content. */
export class DocumentError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "DocumentError";
  }
}

/**
 * @typedef {object} TeamDocument
 * @property {string} root the root file, relative to the folder openapi/ becomes (`openapi.yaml`, `specification/api.v2.yaml`)
 * @property {Map<string, Buffer>} files every file openapi/ will hold, by path relative to it
 * @property {boolean} split whether it is more than its root file
 * @property {Record<string, unknown>} info the document's `info`, its fields unchecked (none where it is no object)
 * @property {string} openapi its `openapi` version
 */

/**
 * Whether the file's top level reads as an OpenAPI document's (an `openapi` version and `info`).
 * @param {string} file
 */
function isRoot(file) {
  try {
    const text = readFileSync(file, "utf8");
    return /^\s*\{/.test(text)
      ? /"openapi"\s*:/.test(text) && /"info"\s*:/.test(text)
      : /^openapi\s*:/m.test(text) && /^info\s*:/m.test(text);
  } catch {
    return false;
  }
}

/**
 * Every file below `dir`, as absolute paths; refuses a folder of more than {@link MAX_FILES}.
 * @param {string} dir
 * @returns {string[]}
 */
function filesBelow(dir) {
  const found = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
  if (found.length > MAX_FILES)
    throw new DocumentError(`${dir} holds more than ${MAX_FILES} files; give its root file`);
  return found;
}

/**
 * The document at `path`: a file (its root; the files it references come with it, under the folder
 * they share), or a folder (copied whole; its root the one file in it whose top level is an OpenAPI
 * document's). Bundles it once to read its `$ref`s and `info`; throws {@link DocumentError} for what
 * is not there, not one document, or not OpenAPI 3.
 * @param {string} path
 * @returns {Promise<TeamDocument>}
 * @example
 * const doc = await readDocument("../specs/acme");
 * doc.root; // "openapi.yaml"
 */
export async function readDocument(path) {
  const given = resolve(path);
  let stat;
  try {
    stat = statSync(given);
  } catch {
    throw new DocumentError(`${path}: no such file or folder`);
  }
  let rootFile;
  let folder;
  if (stat.isDirectory()) {
    folder = given;
    const roots = filesBelow(given).filter((file) => DOCUMENT_FILE.test(file) && isRoot(file));
    if (roots.length !== 1)
      throw new DocumentError(
        roots.length
          ? `${path} holds ${roots.length} OpenAPI documents (${roots.map((f) => relative(given, f)).join(", ")}); give the one to use as --document <its file>`
          : `${path} holds no OpenAPI document (a .yaml, .yml or .json file with openapi and info at its top)`,
      );
    rootFile = roots[0];
  } else if (stat.isFile()) {
    if (!DOCUMENT_FILE.test(given)) throw new DocumentError(`${path}: a document is a .yaml, .yml or .json file`);
    rootFile = given;
  } else throw new DocumentError(`${path}: neither a file nor a folder`);

  let bundled;
  try {
    bundled = await bundle({
      ref: rootFile,
      config: withDeviceFlowScopes(await createConfig({})),
      dereference: false,
    });
  } catch (err) {
    throw new DocumentError(
      `${relative(process.cwd(), rootFile)} cannot be read: ${/** @type {Error} */ (err).message}`,
    );
  }
  /** @type {unknown} the document as parsed, before anything reads it */
  const parsed = bundled.bundle.parsed;
  const openapi = keyword(parsed, "openapi");
  if (typeof openapi !== "string" || !/^3\./.test(openapi))
    throw new DocumentError(
      `${relative(process.cwd(), rootFile)} is not an OpenAPI 3 document (openapi: ${JSON.stringify(openapi ?? null)})`,
    );
  // the local files its $refs read (remote ones stay remote)
  const read = [...bundled.fileDependencies].filter((file) => !/^[a-z][a-z\d+.-]*:\/\//i.test(file));
  const sources = folder ? filesBelow(folder) : read;
  folder ??= commonFolder(read.map((file) => dirname(file)));
  const files = new Map(sources.map((file) => [relative(folder, file), readFileSync(file)]));
  return {
    root: relative(folder, rootFile),
    files,
    split: read.length > 1,
    info: fieldsOf(keyword(parsed, "info")),
    openapi,
  };
}

/**
 * The deepest folder holding every one of `dirs`.
 * @param {string[]} dirs
 * @returns {string}
 */
function commonFolder(dirs) {
  const parts = dirs.map((dir) => dir.split(sep));
  const first = parts[0] ?? [];
  let n = 0;
  while (n < first.length && parts.every((p) => p[n] === first[n])) n++;
  return first.slice(0, n).join(sep) || sep;
}
