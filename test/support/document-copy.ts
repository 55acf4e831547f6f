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
  /** The share of calls that worked when the stage was written, printed beside the goal to show the way left. */
  measured: number;
}

// the stage holds each document to the goal, and fails until the pipeline reaches it: when it was
// written, most failed calls were example calls the document gives no example for (a required body
// field, a path id with a pattern or format), which the client rightly refuses before sending; every
// one is printed with its cause.
export const CASES: Document[] = [
  // 62 of 104 calls
  { name: "resend", folder: "resend", file: "resend.yaml", measured: 0.596 },
  // 34 of 103 calls
  {
    name: "twilio-conversations",
    folder: "twilio-conversations",
    file: "twilio_conversations_v1.yaml",
    measured: 0.33,
  },
  // 564 of 659 calls
  { name: "digitalocean", folder: "digitalocean/specification", file: "DigitalOcean-public.v2.yaml", measured: 0.855 },
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
