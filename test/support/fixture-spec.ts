// This project's own first document (scripts/synthetic-base/, a frozen copy of its four-operation
// openapi/), bundled and repaired as generate bundles one: for the pipeline's tests that need a
// document of a known shape, whatever openapi/ holds.
import { createRequire } from "node:module";
import { join } from "node:path";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { bundleApi } from "../../scripts/lib/spec/bundle.mjs";
import { SOURCE } from "../../scripts/synthetic-spec.mjs";
import { generateOnce } from "./generate-once.js";

const { createConfig }: { createConfig(options: object): Promise<never> } = createRequire(import.meta.url)(
  "@redocly/openapi-core",
);

/** The fixture document, as generated/openapi.json would hold it. */
export async function fixtureSpec(): Promise<any> {
  return (await bundleApi(join(SOURCE, "openapi.yaml"), await createConfig({}), "openapi/openapi.yaml")).spec;
}

/** A copy of the project generated from the fixture document: its client, by `src/index.ts`; `remove()` deletes it. */
export function fixtureProject(): { dir: string; load(): Promise<any>; remove(): void } {
  const { dir, remove } = copyRepo({
    entries: ["src", "scripts", "package.json", "redocly.yaml", "tsconfig.json"],
    prefix: "fixture-project-",
    document: SOURCE,
  });
  generateOnce(dir);
  return { dir, load: () => import(join(dir, "src/index.ts")), remove };
}
