// Every operation of the 133- and 300-operation synthetic specs (the real service's paths, several
// of them ending one another: /extensions and /browsers/{id}/extensions) sent through mockFetch and
// through the raw client's x-idempotent lookup: each request must find its own operation.
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { writeSyntheticSpec } from "../../../scripts/synthetic-spec.mjs";
import type { Operation } from "../../../src/client/operation-row.js";

interface RedoclyCore {
  loadConfig(options: { configPath?: string }): Promise<unknown>;
  bundle(options: { ref: string; config: unknown }): Promise<{ bundle: { parsed: unknown } }>;
}
const { bundle, loadConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
const BASE = "https://api.example.test/v1";
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The synthetic spec's operations as table rows, each path parameter filled with a value of its own. */
async function syntheticTable(operations: number): Promise<{ rows: Operation[]; urls: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "routes-"));
  dirs.push(dir);
  writeSyntheticSpec(join(dir, "openapi"), { operations });
  const { bundle: bundled } = await bundle({ ref: join(dir, "openapi/openapi.yaml"), config: await loadConfig({}) });
  const read = readOperations(bundled.parsed).operations;
  const rows = read.map(
    (op) =>
      ({
        name: op.name,
        method: op.method,
        path: op.path,
        params: op.pathParams.map((p) => p.name),
        status: 204,
        answer: "empty",
        idempotent: op.idempotent,
      }) as Operation,
  );
  const urls = read.map((op) => BASE + op.path.replace(/\{([^}]+)\}/g, (_, name: string) => `${name}_1`));
  return { rows, urls };
}

describe.each([133, 300])("the %i-operation synthetic spec", (count) => {
  it("sends every operation's request, through mockFetch, to that operation", async () => {
    const { rows, urls } = await syntheticTable(count);
    expect(rows).toHaveLength(count);
    vi.resetModules();
    vi.doMock(import("../../../generated/operations.js"), () => ({ operations: rows as never }));
    const { mockFetch } = await import("../../../src/testing/index.js");
    const fetch = mockFetch(Object.fromEntries(rows.map((op) => [op.name, {}])) as never, {
      baseUrl: BASE,
      maxCalls: count,
    });

    for (const [i, op] of rows.entries()) await fetch(new Request(urls[i]!, { method: op.method }));

    expect(fetch.calls.map((call) => call.operation)).toEqual(rows.map((op) => op.name));
    vi.doUnmock(import("../../../generated/operations.js"));
  });

  it("finds every operation's x-idempotent for the raw client, each one overriding its method", async () => {
    const { rows, urls } = await syntheticTable(count);
    const { idempotencyOverrides } = await import("../../../src/client/raw-operation.js");
    // every row says the opposite of its method, so that each lookup must find that very row
    const flipped = rows.map((op) => ({
      ...op,
      idempotent: !["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].includes(op.method),
    }));
    const idempotent = idempotencyOverrides(flipped, BASE);

    expect(rows.map((op, i) => idempotent(op.method, urls[i]!))).toEqual(flipped.map((op) => op.idempotent));
  });
});
