// The bundled document: a spec and its Redocly config made one self-contained document, its
// defects routed around (repair.mjs). Apart from generate's renderers, so that what needs the
// document alone (the mock, the docs page, the breaking-change gate) does not load TypeScript.
import { dirname, relative, resolve } from "node:path";
import { bundle, loadConfig } from "@redocly/openapi-core";
import { CONFIG, root } from "../shared/paths.mjs";
import { withDeviceFlowScopes } from "./redocly-types.mjs";
import { repairSpec } from "./repair.mjs";
import { emptyTokenRefs, unreadComponents } from "./repair-references.mjs";

/**
 * Bundles one spec file with its Redocly config into one self-contained document, every `$ref`
 * kept and pointing into the document's own `#/components/...`: linear in size, and JSON can hold
 * a recursive schema (inlining would copy each shared component, and turn a recursive schema into
 * a cyclic object that JSON.stringify refuses). Then routes around the document's defects
 * (repair.mjs), so that everything after this reads one repaired document.
 * @param {string} spec
 * @param {import("@redocly/openapi-core").Config} config
 * @param {string} label
 * @returns {Promise<{ spec: any, defects: string[] }>} `spec` the document as parsed and repaired, `any` for
 *   the commands that read it whole (breaking-changes.mjs reads its `info`)
 */
export async function bundleApi(spec, config, label) {
  const {
    bundle: doc,
    problems,
    fileDependencies,
  } = await bundle({
    ref: spec,
    config: withDeviceFlowScopes(config),
    dereference: false,
  });
  // a component that could not be read and that nothing uses is dropped, and a discriminator
  // mapping to a file that is not there is repaired below; any other is fatal
  /** @type {string[]} */
  const unread = [];
  const dropped = unreadComponents(doc.parsed, problems, spec, (line) => unread.push(line));
  const fatal = problems.filter(
    (p) =>
      p.severity === "error" &&
      !dropped.has(p) &&
      !p.location.some((at) => /\/discriminator\/mapping\//.test(at.pointer ?? "")),
  );
  if (fatal.length) {
    const lines = [
      ...new Set(
        fatal.map(
          (p) =>
            `${p.location[0] ? `${relative(root, p.location[0].source.absoluteRef)}${p.location[0].pointer ?? ""}: ` : ""}${p.message}`,
        ),
      ),
    ];
    throw new Error(
      `bundling ${label}: ${lines.join("; ")}; fix: point each $ref above at a file and component that exist`,
    );
  }
  const repaired = repairSpec(doc.parsed);
  return { spec: repaired.spec, defects: [...emptyTokenRefs([...fileDependencies]), ...unread, ...repaired.defects] };
}

/**
 * Bundles the one API of a redocly.yaml exactly as generated/openapi.json holds it: one document
 * whose `$ref`s are kept, each pointing into its own `#/components/...` (a file's component goes
 * there under the file's name). A recursive schema stays a `$ref` to itself, so the document is
 * plain JSON, and its size grows with the spec, not with how often components are used.
 * @param {string} [configPath] the redocly.yaml to read; defaults to this repository's
 * The document is repaired (see repair.mjs); `defects` names what was repaired.
 * @returns {Promise<{ spec: any, file: string, defects: string[] }>} the parsed, repaired document, the absolute path of its root file, and its defects
 * @example
 * const { spec } = await bundleSpec();
 * spec.paths["/org/limits"].get.responses["200"].content["application/json"].schema; // { $ref: "#/components/schemas/OrgLimits" }
 */
export async function bundleSpec(configPath = CONFIG) {
  const config = await loadConfig({ configPath });
  const apis = Object.entries(config.resolvedConfig.apis ?? {});
  if (apis.length !== 1) throw new Error(`${configPath}: expected one api, found ${apis.length}`);
  const [[name, api]] = apis;
  const file = resolve(dirname(configPath), api.root);
  return { ...(await bundleApi(file, config.forAlias(name), api.root)), file };
}
