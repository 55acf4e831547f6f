// scripts/synthetic-spec.mjs --openapi 3.2: the same service written as OpenAPI 3.2 (its seven event
// streams by itemSchema, a JSON Lines download and upload, a QUERY search, nested tags), through the
// contract stage: lint, generate, tsc, a strict user, and the mock, every stream and the JSON Lines
// and QUERY operations called with strict answers. What is expected is read from the written files,
// or written out here.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parseYaml } from "@redocly/openapi-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { withoutExamples } from "../../scripts/lib/spec/examples.mjs";
import { openapi31 } from "../../scripts/lib/spec/openapi31.mjs";
import { writeSyntheticSpec, type SyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { walkEveryOperation, walkReport } from "../support/mock-walk.js";
import { strictConsumerErrors } from "../support/strict-consumer.js";

type Json = any;
const STREAMS = [
  "browsers.logs.stream",
  "browsers.telemetry.stream",
  "browsers.process.stdoutStream",
  "deployments.follow",
  "invocations.follow",
  "auth.connections.follow",
  "browsers.fs.watch.events",
];

// a user of what 3.2 describes: streams typed by their itemSchema, JSON Lines both ways, a QUERY search
const CONSUMER = `import { createClient, type AuditLogEntry, type ItemStream, type LogEvent } from "./dist/src/index.js";
const client = createClient({ apiKey: "k" });
for await (const event of await client.browsers.logs.stream("brs_1", { follow: true }, { lastEventId: "3" })) {
  const log: LogEvent = event.data;
  console.log(log.message, event.id);
}
for await (const { data } of await client.deployments.follow("dep_1")) if (data.event === "log") console.log(data.message);
const entries: ItemStream<AuditLogEntry> = await client.auditLogs.entries.export({ since: "2026-11-01T00:00:00Z" });
for await (const entry of entries) console.log(entry.action);
const entry: AuditLogEntry = { id: "aud_1", occurred_at: "2026-11-22T10:15:00Z", actor: { type: "system", id: "sys" }, action: "browser.create" };
await client.auditLogs.entries.append([entry]);
async function* more() {
  yield entry;
}
await client.auditLogs.entries.append(more());
for await (const found of client.auditLogs.search({ actions: ["browser.create"] })) console.log(found.id);
// @ts-expect-error a log event's data is no text
for await (const event of await client.browsers.logs.stream("brs_1")) console.log(event.data.length);
// @ts-expect-error an appended entry names its actor
await client.auditLogs.entries.append([{ id: "aud_1", occurred_at: "2026-11-22T10:15:00Z", action: "browser.create" }]);
`;

let copy: { dir: string; remove: () => void };
let source: string;
let written: SyntheticSpec;
let lines: string[];
let spec: Json;

beforeAll(() => {
  // the spec written apart, then copied in as the copy's document with the fixture's own names and
  // house profile, whatever this checkout's package.json and redocly.yaml say
  source = mkdtempSync(join(tmpdir(), "synthetic-3.2-spec-"));
  written = writeSyntheticSpec(source, { openapi: "3.2" });
  copy = copyRepo({
    entries: ["src", "scripts", "package.json", "redocly.yaml", "lint", "tsconfig.json", "tsconfig.build.json"],
    prefix: "synthetic-3.2-",
    document: source,
  });
  lines = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy.dir, env: toolEnv(), encoding: "utf8" })
    .trimEnd()
    .split("\n");
  spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
}, 180_000);
afterAll(() => {
  copy?.remove();
  if (source) rmSync(source, { recursive: true, force: true });
});

const yamlOf = (file: string): Json => parseYaml(readFileSync(join(written.dir, file), "utf8"));

describe("scripts/synthetic-spec.mjs --openapi 3.2", () => {
  it("writes the same service as OpenAPI 3.2: streams by itemSchema, JSON Lines both ways, a QUERY search, nested tags", () => {
    const index = yamlOf("openapi.yaml");
    const streams = Object.values<Json>(spec.paths).flatMap((item) =>
      Object.values<Json>(item).flatMap((op) => Object.values<Json>(op?.responses?.["200"]?.content ?? {})),
    );
    const entries = yamlOf("paths/audit_logs_entries.yaml");

    expect(written.operations).toBe(152);
    expect(written.openapi32).toEqual({ streams: 7, queries: 1, nested: 10 });
    expect(index.openapi).toBe("3.2.0");
    expect(index.tags.find((tag: Json) => tag.name === "Browser Filesystem").parent).toBe("Browsers");
    expect(
      streams.filter((media) => media.itemSchema?.properties?.data?.contentMediaType === "application/json"),
    ).toHaveLength(7);
    expect(yamlOf("paths/audit_logs_search.yaml")).toHaveProperty("query.operationId", "searchAuditLogs");
    expect(entries.get.responses["200"].content["application/jsonl"].itemSchema).toEqual({
      $ref: "../components/schemas/AuditLogEntry.yaml",
    });
    expect(entries.post.requestBody.content["application/jsonl"].itemSchema).toEqual({
      $ref: "../components/schemas/AuditLogEntry.yaml",
    });
  });

  it("lints clean with the Redocly CLI and the project's redocly.yaml", async () => {
    const args = ["lint", written.index, "--config", join(root, "redocly.yaml"), "--format=json"];
    const { stdout } = await promisify(execFile)(join(root, "node_modules/.bin/redocly"), args, {
      env: toolEnv(),
      maxBuffer: 64 << 20,
    }).catch((err) => err);

    expect(JSON.parse(stdout.slice(stdout.indexOf("{"))).totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it("is generated reading each 3.2 part, compiles, and a strict user of its streams, JSON Lines and QUERY compiles", () => {
    const view = lines.filter((line) => line.startsWith("generate: read as 3.1: "));

    expect(view.filter((line) => line.includes("itemSchema (3.2) read as the schema of one event"))).toHaveLength(7);
    expect(view.filter((line) => line.includes("parent (3.2) kept as x-parent"))).toHaveLength(10);
    expect(view.some((line) => line.includes("#/paths/~1audit_logs~1search/query: QUERY (3.2)"))).toBe(true);
    expect(lines.filter((line) => line.startsWith("generate: not expressed yet: ") && /3\.2/.test(line))).toEqual([]);
    expect(
      execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], {
        cwd: copy.dir,
        encoding: "utf8",
      }),
    ).toBe("");
    expect(strictConsumerErrors(copy.dir, CONSUMER)).toBe("");
  }, 180_000);

  it("is answered by the mock: every kind of each stream's events, the JSON Lines both ways and the QUERY search's pages, strictly checked", async () => {
    const { createClient } = await import(join(copy.dir, "src/index.ts"));
    const { operations } = readOperations(openapi31(spec).spec);
    const wanted = operations.filter(
      (op: Json) => STREAMS.includes(op.name) || op.name.startsWith("auditLogs.entries.") || op.method === "QUERY",
    );
    // without its examples, the mock builds every kind of event and item from the schemas
    const served = withoutExamples(spec);
    const mock = await mockServer({ port: 0, say: () => {} });
    try {
      await mock.serve(JSON.stringify(served));
      const client = createClient({ apiKey: "k", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });
      const results = await walkEveryOperation(client, openapi31(served).spec, wanted);
      async function* entries() {
        yield* spec.paths["/audit_logs/entries"].post.requestBody.content["application/jsonl"].example;
      }
      const appended = await client.auditLogs.entries.append(entries());

      expect(wanted.map((op: Json) => op.name).sort()).toEqual(
        [...STREAMS, "auditLogs.entries.export", "auditLogs.entries.append", "auditLogs.search"].sort(),
      );
      expect(
        results.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`),
        walkReport(results).join("\n"),
      ).toEqual([]);
      expect(results.filter((r) => r.kind === "stream").every((r) => (r.events ?? 0) > 0)).toBe(true);
      expect(appended).toBeUndefined();
    } finally {
      await mock.close();
    }
  }, 120_000);

  it("nests the client's groups by its tags where no x-client-method names them", () => {
    const bare = structuredClone(spec);
    for (const item of Object.values<Json>(bare.paths))
      for (const op of Object.values<Json>(item)) if (op && typeof op === "object") delete op["x-client-method"];
    const names = new Map(
      readOperations(openapi31(bare).spec).operations.map((op: Json) => [`${op.method} ${op.path}`, op.name]),
    );

    expect(names.get("GET /browsers/{id}/fs/read_file")).toBe("browsers.browserFilesystem.readFile");
    expect(names.get("GET /browsers/{id}/logs/stream")).toBe("browsers.browserLogs.stream");
    expect(names.get("QUERY /audit_logs/search")).toBe("organization.auditLogs.search");
    expect(names.get("GET /browsers")).toBe("browsers.list");
  });
});
