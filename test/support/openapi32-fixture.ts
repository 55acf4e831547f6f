// The OpenAPI 3.2 fixture (test/scripts/fixtures/openapi-3.2/) in a copy of the project, generated once
// for every test file that reads it the same way (generate-once.ts), and its client's entry loaded.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { generateOnce } from "./generate-once.js";

const FIXTURE = fileURLToPath(new URL("../scripts/fixtures/openapi-3.2", import.meta.url));
const ENTRIES = ["redocly.yaml", "lint", "scripts", "src", "package.json", "tsconfig.json", "tsconfig.build.json"];

/**
 * A generated copy of the project on the OpenAPI 3.2 fixture, and `lib`, its `src/index.ts` (the client
 * and the error classes as that copy has them). `remove()` deletes the copy.
 *
 * @example
 * const fixture = await openapi32Fixture("openapi-3.2-events-");
 * const client = fixture.lib.createClient({ apiKey: "k", baseUrl });
 */
export async function openapi32Fixture(prefix: string) {
  // the fixture's own names and house profile, whatever this checkout's package.json and redocly.yaml say
  const copy = copyRepo({ entries: ENTRIES, prefix, document: FIXTURE });
  generateOnce(copy.dir);
  const lib: Omit<typeof import("../../src/index.js"), "createClient"> & {
    // the client generated in the copy, typed there
    createClient: (options: object) => any;
  } = await import(join(copy.dir, "src/index.ts"));
  return { ...copy, lib };
}
