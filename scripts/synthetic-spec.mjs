#!/usr/bin/env node
// Writes a synthetic openapi/ tree of the real service's size, for growth benchmarks and tests:
// this repository's index (info, servers, security, the 22 tags) and its own operations, copied
// as they are, plus operations taken from the fake API in scripts/synthetic-spec/ (YAML, one file
// per path and per component, as openapi/ is): header-paginated lists, query parameters,
// server-sent events, binary answers, multipart uploads, oneOf/anyOf/allOf/const/pattern bodies,
// a recursive schema, x-hidden and x-deprecated operations. This file only chooses and copies.
// Deterministic: the same options write the same bytes.
// `--openapi 3.2` writes the same service as OpenAPI 3.2 (lib/synthetic/openapi32.mjs): its streams by
// itemSchema, a JSON Lines download and upload, a QUERY search, nested tags.
//   node scripts/synthetic-spec.mjs --out <dir> [--operations 150] [--no-client-methods] [--no-examples] [--openapi 3.2]
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { isMain, root } from "./lib/shared/paths.mjs";
import { chooseOperations, pathFile, readCatalogue, readOpenAPI32 } from "./lib/synthetic/catalogue.mjs";
import { examplesOut, indexOf, nameOwnOperations, pathItems, readProject } from "./lib/synthetic/tree.mjs";
import { asOpenAPI32 } from "./lib/synthetic/openapi32.mjs";
import { parseOptions } from "./lib/shared/options.mjs";

/**
 * The project's own first four operations (a frozen copy of its openapi/ as it was written to the
 * house rules), whose index and operations every synthetic tree starts from, whatever openapi/ holds.
 */
export const SOURCE = resolve(root, "scripts/synthetic-base");
/** The fake API's data: `catalogue.yaml`, `paths/`, `components/`. */
export const DATA = resolve(root, "scripts/synthetic-spec");
const CLIENT_METHOD = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/**
 * What writeSyntheticSpec wrote.
 * @typedef {object} SyntheticSpec
 * @property {string} dir the directory written, absolute
 * @property {string} index its openapi.yaml, absolute
 * @property {number} operations
 * @property {number} paths
 * @property {number} schemas
 * @property {Record<string, number>} byMethod operations by lowercase HTTP method
 * @property {string[]} tags the index's tags that have at least one operation, in index order
 * @property {number} files files generated (the project's copied files not counted)
 * @property {{ streams: number, queries: number, nested: number }} [openapi32] what `openapi: "3.2"` changed:
 *   the event streams described by itemSchema, the operations sent as QUERY, the tags given a parent
 */

/**
 * Writes a synthetic openapi/ tree into `dir`: the project's index (info, servers, security, tags)
 * and its own operations, copied as they are, plus operations of the fake API in `data`, up to
 * `operations` in all, with the path and component files they use. Deterministic.
 *
 * @param {string} dir where to write; must be missing or empty
 * @param {{ operations?: number, clientMethods?: boolean, examples?: boolean, source?: string, data?: string, openapi?: "3.1" | "3.2" }} [options] `operations` counts the
 *   project's own too (default 150, at least as many as the project has; `openapi: "3.2"` adds the
 *   operations only 3.2 can write to them); `openapi` (default "3.1") "3.2" writes the same service as
 *   OpenAPI 3.2 (lib/synthetic/openapi32.mjs, as `openapi-3.2.yaml` in `data` says); `clientMethods`
 *   (default true) gives every operation a unique `x-client-method`, false leaves them all out;
 *   `examples` (default true) false leaves out every example, of schemas, parameters, headers and
 *   media types, as a document that gives none;
 *   `source` is the openapi/ folder it starts from (default the project's own); `data` the fake
 *   API (default `scripts/synthetic-spec/`)
 * @returns {SyntheticSpec}
 * @example
 * const { index } = writeSyntheticSpec(mkdtempSync(join(tmpdir(), "spec-")), { operations: 150 });
 * // redocly lint <index> --config redocly.yaml
 */
export function writeSyntheticSpec(
  dir,
  { operations = 150, clientMethods = true, examples = true, source = SOURCE, data = DATA, openapi = "3.1" } = {},
) {
  if (openapi !== "3.1" && openapi !== "3.2") throw new RangeError(`openapi must be 3.1 or 3.2, not ${openapi}`);
  dir = resolve(dir);
  const catalogue = readCatalogue(data);
  const project = readProject(source, catalogue.names);
  const own = project.operations.length;
  if (!Number.isInteger(operations) || operations < own)
    throw new RangeError(`operations must be an integer of at least ${own} (the project's own), not ${operations}`);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} is not empty; give a new or empty directory`);

  const v32 = openapi === "3.2" ? readOpenAPI32(data, catalogue.files) : undefined;
  const chosen = [
    ...chooseOperations(operations - own, project, catalogue.byTag),
    ...Object.values(v32?.byTag ?? {})
      .flat()
      .map((op) => ({ ...op, round: 1 })),
  ];
  if (clientMethods) {
    const names = [...project.operations, ...chosen].map((op) => op.client);
    const bad = names.filter((name, i) => !CLIENT_METHOD.test(name) || names.indexOf(name) !== i);
    if (bad.length) throw new Error(`client method names malformed or taken twice: ${bad.join(", ")}`);
  }
  const ownPaths = new Map(project.operations.map((op) => [op.path, op.file]));
  const { items, written } = pathItems(chosen, { catalogue, ownPaths, clientMethods, data, source });

  // the project's own files, then the generated ones over them
  mkdirSync(dir, { recursive: true });
  cpSync(source, dir, { recursive: true, filter: (file) => relative(source, file).split("/")[0] !== "released" });
  let files = 0;
  const write = (/** @type {string} */ file, /** @type {string} */ text) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
    files++;
  };
  nameOwnOperations(dir, project.operations, clientMethods);
  for (const [path, text] of items) {
    if (ownPaths.has(path))
      writeFileSync(join(dir, ownPaths.get(path)), readFileSync(join(dir, ownPaths.get(path)), "utf8") + text);
    else write(`paths/${pathFile(path)}`, text);
  }
  for (const file of written) write(file, readFileSync(join(data, file), "utf8"));
  if (written.some((file) => file.startsWith("components/headers/")))
    write("components/headers/README.md", readFileSync(join(data, "components/headers/README.md"), "utf8"));
  const index = indexOf(project, { items, written, ownPaths });
  write("openapi.yaml", index.text);
  writeFileSync(
    join(dir, "README.md"),
    `# openapi/ (synthetic)\n\nWritten by \`scripts/synthetic-spec.mjs\`: the project's own spec and operations, plus generated ones,\n${operations} operations in all, for growth benchmarks and tests. Not the service's real interface.\n\n` +
      readFileSync(join(source, "README.md"), "utf8").replace(/^# .*\n\n/, ""),
  );

  const upgraded = v32 && asOpenAPI32(dir, v32);
  if (!examples) examplesOut(dir);

  /** @type {Record<string, number>} */
  const byMethod = {};
  for (const op of [...project.operations, ...chosen]) {
    const method = v32?.query.includes(`${op.method} ${op.path}`) ? "query" : op.method;
    byMethod[method] = (byMethod[method] ?? 0) + 1;
  }
  return {
    dir,
    index: join(dir, "openapi.yaml"),
    operations: own + chosen.length,
    paths: index.paths,
    schemas: index.schemas,
    byMethod,
    tags: project.index.tags
      .map((/** @type {{ name: string }} */ tag) => tag.name)
      .filter((/** @type {string} */ tag) => [...project.operations, ...chosen].some((op) => op.tag === tag)),
    files,
    ...(upgraded ? { openapi32: upgraded } : {}),
  };
}

function main() {
  const { values } = parseOptions(
    "usage: node scripts/synthetic-spec.mjs --out <dir> [--operations 150] [--no-client-methods] [--no-examples] [--openapi 3.2]",
    {
      options: {
        operations: { type: "string", default: "150" },
        out: { type: "string" },
        "no-client-methods": { type: "boolean", default: false },
        "no-examples": { type: "boolean", default: false },
        openapi: { type: "string", default: "3.1" },
      },
    },
  );
  if (!values.out) throw new Error("give --out <dir>, a new or empty directory");
  if (!/^\d+$/.test(values.operations)) throw new Error(`--operations takes a whole number, not ${values.operations}`);
  const started = performance.now();
  const written = writeSyntheticSpec(values.out, {
    operations: Number(values.operations),
    clientMethods: !values["no-client-methods"],
    examples: !values["no-examples"],
    openapi: /** @type {"3.1" | "3.2"} */ (values.openapi),
  });
  const methods = Object.entries(written.byMethod)
    .map(([method, n]) => `${n} ${method.toUpperCase()}`)
    .join(", ");
  console.log(
    `synthetic-spec: wrote ${written.index}: ${written.operations} operations (${methods}) over ${written.paths} paths, ${written.schemas} schemas, ` +
      `${written.files} generated files, in ${Math.round(performance.now() - started)} ms` +
      (written.openapi32
        ? `; as OpenAPI 3.2: ${written.openapi32.streams} event streams by itemSchema, ${written.openapi32.queries} QUERY, ${written.openapi32.nested} tags nested`
        : ""),
  );
}

if (isMain(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(`synthetic-spec: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
