// The corpus: other services' documents in ../shared/documents/, read from its index.json, never by
// name (more arrive between turns). Each one is tried in a throwaway copy of the project whose
// openapi/ is the document's folder and whose redocly.yaml points at its root file, as an API team
// drops its document in.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { withDeviceFlowScopes } from "../../scripts/lib/spec/redocly-types.mjs";

interface RedoclyCore {
  createConfig(options: object): Promise<unknown>;
  bundle(options: { ref: string; config: unknown; dereference: boolean }): Promise<{
    bundle: { parsed: any };
    problems: never[];
  }>;
}
const { bundle, createConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");

/** Other services' documents, beside the checkout (the corpus stages run only where they are). */
export const DOCUMENTS = resolve(root, "../shared/documents");
const INDEX = join(DOCUMENTS, "index.json");

export interface Document {
  /** Unique in the index; names the document's results. */
  name: string;
  /** The folder under ../shared/documents/ that replaces the copy's openapi/ (or a folder's absolute path). */
  folder: string;
  /** The root file, relative to the folder: redocly.yaml's api root in the copy. */
  root: string;
}

/** Whether the corpus is beside the checkout. */
export const hasCorpus = existsSync(INDEX);

/** Every document the index lists, in its order; a malformed entry throws, naming it. */
export function corpus(): Document[] {
  if (!hasCorpus) return [];
  const { documents } = JSON.parse(readFileSync(INDEX, "utf8")) as { documents: unknown[] };
  const seen = new Set<string>();
  return documents.map((entry, i) => {
    const { name, folder, root: file } = (entry ?? {}) as Record<string, unknown>;
    for (const [field, value] of Object.entries({ name, folder, root: file }))
      if (typeof value !== "string" || !value || value.includes(".."))
        throw new Error(`index.json: document ${i} has no usable ${field}`);
    if (seen.has(name as string)) throw new Error(`index.json: two documents are named ${name}`);
    seen.add(name as string);
    return { name, folder, root: file } as Document;
  });
}

/** A copy of the project whose openapi/ is the document's whole folder and whose redocly.yaml's api root is its root file. */
export function copyFor(doc: Document): { dir: string; remove: () => void } {
  const copy = copyRepo({ prefix: `corpus-${doc.name}-` });
  rmSync(join(copy.dir, "openapi"), { recursive: true, force: true });
  cpSync(resolve(DOCUMENTS, doc.folder), join(copy.dir, "openapi"), { recursive: true });
  const config = join(copy.dir, "redocly.yaml");
  const text = readFileSync(config, "utf8");
  const line = /^(\s*root:\s*)\.\/openapi\/\S+$/m;
  if (!line.test(text)) throw new Error("redocly.yaml has no `root: ./openapi/…` line to point at the document");
  writeFileSync(config, text.replace(line, `$1./openapi/${doc.root}`));
  return copy;
}

/** Every file under `dir`, sorted, as paths relative to it; `skip` names top-level entries left out. */
function files(dir: string, skip = new Set<string>()): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(join(dir, at)).sort()) {
      const rel = at ? `${at}/${name}` : name;
      if (!at && skip.has(name)) continue;
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else out.push(rel);
    }
  };
  walk("");
  return out;
}

/** A digest of every file under `dir` (names and contents). */
function digestOf(dir: string, skip?: Set<string>): string {
  const hash = createHash("sha256");
  for (const file of files(dir, skip))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}

/** The project as the pipeline runs it: everything a copy takes, but openapi/ (replaced) and what runs write. */
const PROJECT_SKIP = new Set(["node_modules", ".git", "site", "dist", ".logs", "test-results", "openapi", "generated"]);

/**
 * The key a document's result is kept under: its folder's files and the project's, so a result is
 * reused until the document or the pipeline changes.
 */
export function resultKey(doc: Document): string {
  return createHash("sha256")
    .update(JSON.stringify(doc))
    .update(digestOf(resolve(DOCUMENTS, doc.folder)))
    .update(digestOf(root, PROJECT_SKIP))
    .digest("hex");
}

/**
 * The document as its vendor published it, bundled by Redocly as generate bundles it (3.2's device
 * flow declared, `$ref`s kept), not repaired: its root file's path, the document, and the bundler's problems.
 */
export async function published(doc: Document): Promise<{ ref: string; parsed: any; problems: never[] }> {
  const config = withDeviceFlowScopes((await createConfig({})) as never);
  const ref = resolve(DOCUMENTS, doc.folder, doc.root);
  const { bundle: bundled, problems } = await bundle({ ref, config, dereference: false });
  return { ref, parsed: bundled.parsed, problems };
}
