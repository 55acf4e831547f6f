// Redocly's generated client (`redocly generate-client`, experimental in @redocly/cli 2.77; it checks
// no input nor answer), written from this repo's bundled spec and bundled for Node like ours, so that
// the benches compare both in the same run.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { toolEnv } from "../lib/shared/env.mjs";
import { BUNDLE, fromRoot } from "../lib/shared/paths.mjs";
import { nodeBundle } from "./node-bundle.mjs";

/**
 * Generates Redocly's client of `spec` into `dir`, bundles it and imports it: its `createClient` and
 * `OPERATIONS` (Redocly's runtime builds one function per operation, named by its operationId).
 * @param {string} dir
 * @param {string} [spec]
 * @returns {Promise<{ createClient: Function, OPERATIONS: Record<string, unknown> }>}
 * @example
 * const { createClient, OPERATIONS } = await importRedoclyClient(dir);
 * const client = createClient(OPERATIONS, { serverUrl: url, auth: { bearer: "key" } });
 */
export async function importRedoclyClient(dir, spec = BUNDLE) {
  const source = join(dir, "redocly-client.ts");
  await promisify(execFile)(fromRoot("node_modules/.bin/redocly"), ["generate-client", spec, "-o", source], {
    env: toolEnv(),
  });
  const outfile = join(dir, "redocly-client.mjs");
  await nodeBundle(source, outfile);
  return import(pathToFileURL(outfile).href);
}
