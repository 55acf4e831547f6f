// The parts of the synthetic openapi/ tree scripts/synthetic-spec.mjs writes: the project's own
// operations read, the chosen operations' path items and the component files they use, the project's
// operations named, the index, and every example taken out for a tree without them.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseYaml, stringifyYaml } from "@redocly/openapi-core";
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import { root } from "../shared/paths.mjs";
import { withoutExamples } from "../spec/examples.mjs";
import { operationText, pathFile } from "./catalogue.mjs";

const camel = (/** @type {string} */ text) =>
  text.toLowerCase().replace(/[^a-z0-9]+([a-z0-9])/g, (_, /** @type {string} */ c) => c.toUpperCase());
const yaml = (/** @type {unknown} */ value) => stringifyYaml(value, { lineWidth: -1, noRefs: true });

/**
 * Reads the project's index and the operations of its path files; an operation without an
 * `x-client-method` takes its name from `names` (by operationId), else `<tag>.<operationId>`.
 * @param {string} source
 * @param {Record<string, string>} names
 */
export function readProject(source, names) {
  const indexText = readFileSync(join(source, "openapi.yaml"), "utf8");
  const index = /** @type {any} */ (parseYaml(indexText));
  const operations = [];
  for (const [path, item] of Object.entries(index.paths ?? {})) {
    if (typeof item?.$ref !== "string")
      throw new Error(`${source}/openapi.yaml: paths["${path}"] is not a $ref to a file in paths/`);
    const pathItem = /** @type {any} */ (parseYaml(readFileSync(join(source, item.$ref), "utf8")));
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "default";
      const client = op["x-client-method"] ?? names[op.operationId] ?? `${camel(tag)}.${op.operationId}`;
      operations.push({ path, method, tag, operationId: op.operationId, client, file: item.$ref });
    }
  }
  return { indexText, index, operations };
}

/**
 * The data files of the components `value` (a file at `file`, parsed) names, and those they name, into `found`.
 * @param {string} data the fake API's folder
 * @param {string} file
 * @param {unknown} value
 * @param {Set<string>} found paths under `data`
 * @returns {Set<string>}
 */
function components(data, file, value, found) {
  /** @type {string[]} */
  const refs = [];
  /** @type {(node: unknown, inMapping: boolean) => void} */
  const walk = (node, inMapping) => {
    if (Array.isArray(node)) node.forEach((item) => walk(item, false));
    else if (node && typeof node === "object")
      for (const [key, item] of Object.entries(node))
        typeof item === "string" && (key === "$ref" || inMapping) ? refs.push(item) : walk(item, key === "mapping");
  };
  walk(value, false);
  for (const ref of refs) {
    const target = relative(data, resolve(dirname(file), ref));
    if (found.has(target) || !existsSync(join(data, target))) continue;
    found.add(target);
    components(data, join(data, target), parseYaml(readFileSync(join(data, target), "utf8")), found);
  }
  return found;
}

/**
 * Rewrites every YAML file under `dir` without its examples: the `example` and `examples` of every
 * schema, parameter, header and media type (a field of that name stays), as `withoutExamples`
 * (scripts/lib/spec/document.mjs) takes them out of a bundled document.
 * @param {string} dir
 */
export function examplesOut(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".yaml")) continue;
    const file = join(entry.parentPath, entry.name);
    writeFileSync(file, yaml(withoutExamples(parseYaml(readFileSync(file, "utf8")))));
  }
}

/**
 * The path items' text, in the order their paths first appear (a path of the project's own keeps
 * its own path-level parameters), and the component files they use, none of which the project has.
 * @param {import("./catalogue.mjs").ChosenOperation[]} chosen the operations chosen from the fake API
 * @param {{ catalogue: { files: Map<string, import("./catalogue.mjs").PathFile> }, ownPaths: Map<string, string>, clientMethods: boolean, data: string, source: string }} from
 * @returns {{ items: Map<string, string>, written: string[] }}
 */
export function pathItems(chosen, { catalogue, ownPaths, clientMethods, data, source }) {
  /** @type {Map<string, string>} */
  const items = new Map();
  /** @type {Set<string>} */
  const used = new Set();
  for (const op of chosen) {
    const file = catalogue.files.get(op.source);
    // readCatalogue reads the path file of every operation it lists
    if (!file) throw new Error(`${op.source}: the catalogue read no path file for ${op.method} ${op.path}`);
    const { value, entries } = file;
    if (!items.has(op.path)) items.set(op.path, ownPaths.has(op.path) ? "" : (entries.get("parameters") ?? ""));
    const entry = entries.get(op.method);
    if (entry === undefined) throw new Error(`${op.source}: its path file has no ${op.method} for ${op.path}`);
    items.set(op.path, items.get(op.path) + operationText(op, entry, clientMethods));
    components(
      data,
      join(data, "paths", pathFile(op.source)),
      { parameters: value.parameters, op: value[op.method] },
      used,
    );
  }
  const written = [...used].sort();
  for (const file of written)
    if (existsSync(join(source, file)))
      throw new Error(
        `${relative(root, join(source, file))} exists; rename the component in ${relative(root, join(data, file))}`,
      );
  return { items, written };
}

/**
 * The project's own operations in the copy at `dir`, each given its client method name, or
 * without one for a spec without them.
 * @param {string} dir
 * @param {{ file: string, operationId: string, client: string }[]} own
 * @param {boolean} clientMethods
 */
export function nameOwnOperations(dir, own, clientMethods) {
  const clients = new Map(own.map((op) => [op.operationId, op.client]));
  for (const op of own) {
    const file = join(dir, op.file);
    const text = readFileSync(file, "utf8");
    const named = clientMethods
      ? text.replace(/^(\s+)operationId: (\S+)\n(?!\1x-client-method:)/m, (line, indent, operationId) =>
          operationId === op.operationId ? `${line}${indent}x-client-method: ${clients.get(operationId)}\n` : line,
        )
      : text.replace(/^\s+x-client-method: .*\n/gm, "");
    writeFileSync(file, named);
  }
}

/**
 * The index's text: the project's own up to `paths:`, then every path and schema; and how many of each.
 * @param {ReturnType<typeof readProject>} project
 * @param {{ items: Map<string, string>, written: string[], ownPaths: Map<string, string> }} parts
 */
export function indexOf(project, { items, written, ownPaths }) {
  const head = project.indexText.slice(0, project.indexText.search(/^paths:/m));
  const paths = { ...project.index.paths };
  for (const path of items.keys()) if (!ownPaths.has(path)) paths[path] = { $ref: `paths/${pathFile(path)}` };
  const schemas = { ...project.index.components?.schemas };
  for (const file of written)
    if (file.startsWith("components/schemas/"))
      schemas[file.slice("components/schemas/".length, -".yaml".length)] = { $ref: file };
  const text = head + yaml({ paths, components: { ...project.index.components, schemas } });
  return { text, paths: Object.keys(paths).length, schemas: Object.keys(schemas).length };
}
