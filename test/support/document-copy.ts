import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "vitest";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";

/** Other services' documents, beside the checkout (the documents stage runs only where they are). */
export const DOCUMENTS = resolve(root, "../shared/documents");

export interface Document {
  name: string;
  /** The folder under ../shared/documents/ that replaces the copy's openapi/. */
  folder: string;
  /** The root file in that folder, redocly.yaml's api root in the copy. */
  file: string;
  /** The share of calls that worked when last measured, printed beside the goal to show the way left. */
  measured: number;
}

// the stage holds each document to the goal, and fails until the pipeline reaches it; every failed
// call is printed with its cause. Since the example calls take values sampled from the schemas where
// the document gives none, and the mock answers from the schemas where Prism cannot (forms read as
// the document declares them, sampled answers where Prism's break the schema, pages at the mock's
// own address), every call of each document works.
export const CASES: Document[] = [
  // 104 of 104 calls
  { name: "resend", folder: "resend", file: "resend.yaml", measured: 1 },
  // 103 of 103 calls
  {
    name: "twilio-conversations",
    folder: "twilio-conversations",
    file: "twilio_conversations_v1.yaml",
    measured: 1,
  },
  // 659 of 659 calls
  { name: "digitalocean", folder: "digitalocean/specification", file: "DigitalOcean-public.v2.yaml", measured: 1 },
];

/** A copy of the project whose openapi/ is the document and whose redocly.yaml's api root is its root file. */
export function copyFor(doc: Document): { dir: string; remove: () => void } {
  const copy = copyRepo({ prefix: `documents-${doc.name}-` });
  rmSync(join(copy.dir, "openapi"), { recursive: true, force: true });
  const source = join(DOCUMENTS, doc.folder);
  // a one-file document brings that file alone; a split one its whole folder
  if (doc.folder === "digitalocean/specification") cpSync(source, join(copy.dir, "openapi"), { recursive: true });
  else cpSync(join(source, doc.file), join(copy.dir, "openapi", doc.file));
  const config = join(copy.dir, "redocly.yaml");
  const text = readFileSync(config, "utf8");
  expect(text).toContain("root: ./openapi/openapi.yaml");
  writeFileSync(config, text.replace("root: ./openapi/openapi.yaml", `root: ./openapi/${doc.file}`));
  return copy;
}
