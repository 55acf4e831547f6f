import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { root } from "../../scripts/lib/paths.mjs";
import { copyRepo } from "../../scripts/lib/repo-copy.mjs";

let copy: string;
let output: string;

// an API team's own document, of the real service's size, written without this project's
// x-client-method convention: 150 operations, streams, downloads, uploads, a recursive schema
beforeAll(() => {
  copy = copyRepo({ prefix: "foreign-" }).dir;
  // the team's document replaces the project's; its release history stays for the gate
  for (const entry of readdirSync(join(copy, "openapi"))) if (entry !== "released") rmSync(join(copy, "openapi", entry), { recursive: true });
  const spec = mkdtempSync(join(tmpdir(), "foreign-spec-"));
  rmSync(spec, { recursive: true });
  writeSyntheticSpec(spec, { operations: 150, clientMethods: false, source: fileURLToPath(new URL("./fixtures/synthetic-base", import.meta.url)) });
  cpSync(spec, join(copy, "openapi"), { recursive: true });
  rmSync(spec, { recursive: true, force: true });
  output = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy, encoding: "utf8" });
}, 120_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("npm run generate on a spec without x-client-method", () => {
  it("derives a name for every operation and says which, and what it cannot express yet", () => {
    const named = output.split("\n").filter((line) => / -> \S+ \(no x-client-method\)$/.test(line));

    expect(named).toHaveLength(150);
    expect(output).toMatch(/^generate: named GET \/browsers -> browsers\.list \(no x-client-method\)$/m);
    expect(output).toMatch(/^generate: named GET \/browsers\/\{id\} -> browsers\.retrieve \(no x-client-method\)$/m);
    expect(output).toMatch(/^generate: not expressed yet: GET \/browsers\/\{id\}\/fs\/read_file: answer application\/octet-stream resolves to the Response/m);
    // an event stream is expressed: a typed stream of events, not a Response
    expect(output).not.toMatch(/text\/event-stream/);
    // every schema keyword of this document is one the client checks: none is reported unchecked
    expect(output).not.toMatch(/^generate: not checked: /m);
  });

  it("writes a client that type-checks, every derived method on it", () => {
    writeFileSync(
      join(copy, "foreign.ts"),
      `import { createClient } from "./src/index.js";
const client = createClient({ apiKey: "k" });
const list: () => Promise<unknown> = () => client.browsers.list();
const one: (id: string) => Promise<unknown> = (id) => client.browsers.retrieve(id);
const stream: (id: string) => Promise<AsyncIterable<{ data: unknown }>> = (id) => client.browsers.logs.stream.list(id);
void [list, one, stream];
`,
    );
    writeFileSync(join(copy, "tsconfig.foreign.json"), JSON.stringify({ extends: "./tsconfig.json", include: ["src", "generated", "foreign.ts"] }));

    expect(() => execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.foreign.json"], { cwd: copy, encoding: "utf8" })).not.toThrow();
  }, 60_000);
});
