// Other services' documents (../shared/documents/) through the whole pipeline, one copy of the
// project each: generate, the type check, `npm pack`, a strict user of every method compiled against
// the packed package, then every method called against the project's mock serving that copy's
// repaired bundle. Prints, per document, the calls that worked, those that failed grouped by cause,
// the lists walked, the streams read and the names derived; then the stateful mock's round trip on
// each collection it infers. `npm run test:documents`, not part of `npm test`.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { withCodeSamples } from "../../scripts/lib/docs/code-samples.mjs";
import { withExampleInputs } from "../../scripts/lib/generate/example-inputs.mjs";
import { consumerProgram, exampleCall } from "../../scripts/lib/generate/examples.mjs";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { inferCollections } from "../../scripts/lib/mock/collections.mjs";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { createSampler } from "../../scripts/lib/spec/sample.mjs";
import { STRICT_OPTIONS } from "../support/strict-consumer.js";
import { samplesProgram } from "../support/docs-samples.js";
import { CASES, copyFor, DOCUMENTS, type Document } from "../support/document-copy.js";
import { roundTrip } from "../support/round-trip.js";

type Json = any;
interface RedoclyCore {
  loadConfig(options: object): Promise<unknown>;
  bundle(options: { ref: string; config: unknown }): Promise<{ bundle: { parsed: Json } }>;
}
const { bundle, loadConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
const exec = promisify(execFile);
const RESULTS = join(root, "test-results/documents");
const tsc = join(root, "node_modules/typescript/bin/tsc");
// the methods of a path item (OpenAPI 3.x), read here apart from the generator's own list
const PATH_ITEM_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** The share of calls that should work on every document. */
const GOAL = 0.99;
/** How long one call, or one list's two pages, or one stream's read, may take. */
const CALL_MS = 20_000;
/** The package's name, as the copy's package.json has it and the docs samples import it. */
const PACKAGE = "browser-cloud-client";
/** Events read from each stream. */
const EVENTS = 3;
/** The collections of each document on which the stateful mock's round trip should work (issue 28). */
const ROUND_TRIPS = 3;

// npm's own variables from the `npm run` around us would point the nested npm at this checkout
const env = Object.fromEntries(Object.entries(toolEnv()).filter(([name]) => !/^npm_/i.test(name)));
const run = (cmd: string, args: string[], cwd: string) =>
  exec(cmd, args, { cwd, env, encoding: "utf8", maxBuffer: 256 << 20 });
/** What a failed child printed, stdout then stderr. */
const printed = (err: unknown) => {
  const { stdout = "", stderr = "", message } = err as { stdout?: string; stderr?: string; message: string };
  return `${stdout}${stderr}`.trim() || message;
};
const say = (doc: Document, line: string) => console.log(`documents: ${doc.name}: ${line}`);

/** The operations of the document as its vendor wrote it: the methods of every path item of the bundle. */
async function operationCount(doc: Document): Promise<number> {
  const { bundle: bundled } = await bundle({
    ref: join(DOCUMENTS, doc.folder, doc.file),
    config: await loadConfig({}),
  });
  return Object.values<Json>(bundled.parsed.paths ?? {}).reduce(
    (sum, item) => sum + PATH_ITEM_METHODS.filter((method) => item?.[method]).length,
    0,
  );
}

/**
 * The operations of a copy's generated/openapi.json, each with the example inputs its calls pass:
 * the document's examples, else values sampled from its schemas (example-inputs.mjs), as the
 * generator's own examples and the docs page's samples take them.
 */
async function exampleOperations(dir: string): Promise<Json[]> {
  const spec = JSON.parse(readFileSync(join(dir, "generated/openapi.json"), "utf8"));
  return withExampleInputs(readOperations(spec).operations, await createSampler(spec)).operations;
}

/** The docs page's TypeScript samples of a copy's document, one function each (test/support/docs-samples.ts). */
async function docsSamples(dir: string): Promise<string> {
  const spec = JSON.parse(readFileSync(join(dir, "generated/openapi.json"), "utf8"));
  const page = withCodeSamples(spec, { sampler: await createSampler(spec), packageName: PACKAGE });
  return samplesProgram(page, readOperations(spec).operations, PACKAGE, PACKAGE);
}

/**
 * A module that exports one function per method, each making the example call the generator
 * writes for it (scripts/lib/generate/examples.mjs), on the client it is given.
 */
function callsModule(operations: Json[]): string {
  const calls = operations.map((op) => {
    const call = exampleCall({ ...op, success: { ...op.success, kind: "empty" } }, { runnable: true })
      .replace(/^await /, "")
      .replace(/;$/, "");
    return `  ${JSON.stringify(op.name)}: (client) => ${call},`;
  });
  return `// @ts-nocheck
const form = (fields) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
export const calls = {
${calls.join("\n")}
};
`;
}

/** A failure's cause, without what differs from call to call (ids, paths, quoted values). */
function causeOf(err: Json): string {
  const status = typeof err?.status === "number" ? ` ${err.status}` : "";
  const first = String(err?.message ?? err)
    .split("\n")[0]!
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\/[^\s:;,)]+/g, "/…")
    .replace(/\b\d+\b/g, "N")
    .slice(0, 200);
  return `${err?.name ?? "Error"}${status}: ${first}`;
}

/** Rejects after `ms`, so one hung call cannot hold the stage. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

describe.skipIf(!existsSync(DOCUMENTS))("the shared documents through the pipeline", () => {
  mkdirSync(RESULTS, { recursive: true });

  describe.each(CASES)("$name", (doc) => {
    let copy: { dir: string; remove: () => void } | undefined;
    let generated = false;
    let tarball: string | undefined;
    const work = mkdtempSync(join(tmpdir(), `documents-${doc.name}-pack-`));
    afterAll(() => {
      copy?.remove();
      rmSync(work, { recursive: true, force: true });
    });

    it("generates, with an operation for every method of every path item, and says the names it derived", async () => {
      const count = await operationCount(doc);
      copy = copyFor(doc);
      const started = performance.now();
      const { stdout } = await run(process.execPath, ["scripts/generate.mjs"], copy.dir).catch((err) => {
        throw new Error(`generate failed:\n${printed(err)}`);
      });
      generated = true;
      const names = stdout
        .split("\n")
        .flatMap((l) => /^generate: named (.+) \(no x-client-method\)$/.exec(l)?.[1] ?? []);
      const defects = stdout.split("\n").filter((l) => l.startsWith("generate: defect: "));
      const notExpressed = stdout.split("\n").filter((l) => l.startsWith("generate: not expressed yet: "));
      const unsampled = stdout.split("\n").filter((l) => l.startsWith("generate: example: "));
      writeFileSync(join(RESULTS, `${doc.name}.generate.txt`), stdout);
      say(doc, `generate: ${Math.round(performance.now() - started)} ms, ${count} operations in the document`);
      say(doc, `names derived: ${names.length} (listed in test-results/documents/${doc.name}.generate.txt)`);
      for (const line of names.slice(0, 5)) say(doc, `  ${line}`);
      say(doc, `defects routed around: ${defects.length}; operations not expressed fully yet: ${notExpressed.length}`);
      say(doc, `example inputs no value the checks accept could be sampled for: ${unsampled.length}`);
      for (const line of unsampled) say(doc, `  ${line}`);

      const { operations } = readOperations(JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8")));
      expect(operations).toHaveLength(count);
      expect(new Set(operations.map((op: Json) => op.name)).size).toBe(count);
    });

    it("type-checks the generated client (tsc -p .)", async () => {
      expect(generated, "generate failed").toBe(true);
      const started = performance.now();
      const errors = await run(process.execPath, [tsc, "-p", "."], copy!.dir).then(
        () => "",
        (err) => printed(err),
      );
      say(doc, `type check: ${errors ? "failed" : "ok"} in ${Math.round(performance.now() - started)} ms`);
      for (const line of errors.split("\n").filter(Boolean)) say(doc, `  ${line.slice(0, 300)}`);
      expect(errors).toBe("");
    });

    it("packs", async () => {
      expect(generated, "generate failed").toBe(true);
      const started = performance.now();
      const out = await run("npm", ["pack", "--json", "--pack-destination", work], copy!.dir).catch((err) => {
        say(doc, "npm pack: failed");
        for (const line of printed(err).split("\n").slice(0, 20)) say(doc, `  ${line.slice(0, 300)}`);
        throw new Error(`npm pack failed:\n${printed(err)}`);
      });
      // prepack's own lines come first on stdout, then npm's JSON
      const [packed] = JSON.parse(out.stdout.slice(out.stdout.search(/^\[/m)));
      tarball = join(work, packed.filename);
      say(doc, `npm pack: ${packed.filename}, ${packed.size} bytes, in ${Math.round(performance.now() - started)} ms`);
      expect(existsSync(tarball)).toBe(true);
    });

    it("compiles a strict user of every method, and the docs page's samples, against the packed package", async () => {
      expect(tarball, "npm pack failed, so there is no package to install").toBeDefined();
      const project = join(work, "project");
      mkdirSync(project, { recursive: true });
      const operations = await exampleOperations(copy!.dir);
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({ name: "documents-consumer", private: true, type: "module" }),
      );
      writeFileSync(
        join(project, "tsconfig.json"),
        JSON.stringify({
          compilerOptions: { ...STRICT_OPTIONS, skipLibCheck: false },
          files: ["operations.ts", "samples.ts"],
        }),
      );
      writeFileSync(
        join(project, "operations.ts"),
        consumerProgram(operations, { from: PACKAGE, baseUrl: '"http://127.0.0.1:4010"' }),
      );
      // and the docs page's samples, as a reader copies them
      writeFileSync(join(project, "samples.ts"), await docsSamples(copy!.dir));
      await run(
        "npm",
        ["install", tarball!, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
        project,
      );
      const started = performance.now();
      const errors = await run(process.execPath, [tsc, "-p", "."], project).then(
        () => "",
        (err) => printed(err),
      );
      say(
        doc,
        `strict user of ${operations.length} methods and the docs page's ${operations.length} TypeScript samples: ${errors ? "failed" : "compiles"} in ${Math.round(performance.now() - started)} ms`,
      );
      for (const line of errors.split("\n").filter(Boolean).slice(0, 40)) say(doc, `  ${line.slice(0, 300)}`);
      expect(errors).toBe("");
    });

    it("calls every method against the mock serving the repaired bundle", async () => {
      expect(generated, "generate failed").toBe(true);
      const spec = readFileSync(join(copy!.dir, "generated/openapi.json"), "utf8");
      const operations = await exampleOperations(copy!.dir);
      writeFileSync(join(copy!.dir, "documents-calls.ts"), callsModule(operations));
      const { calls } = await import(join(copy!.dir, "documents-calls.ts"));
      const { createClient } = await import(join(copy!.dir, "src/index.ts"));
      const mismatched = new Set<string>();
      const mock = await mockServer({ port: 0, say: () => {} });
      const failures = new Map<string, string[]>();
      let worked = 0;
      const lists = { walked: 0, second: 0, total: 0 };
      const streams = { read: 0, events: 0, total: 0 };
      const started = performance.now();
      try {
        await mock.serve(spec);
        // any key: user:password fits basic auth as well as a bearer token or an API key
        const client = createClient({
          apiKey: "documents:token",
          baseUrl: mock.url,
          maxRetries: 0,
          onAnswerMismatch: ({ operation }: { operation: string }) => mismatched.add(operation),
        });
        for (const op of operations) {
          const call = calls[op.name];
          try {
            await within(
              CALL_MS,
              (async () => {
                if (op.page) {
                  lists.total++;
                  const first = await call(client);
                  lists.walked++;
                  if (first.hasNextPage()) {
                    await first.nextPage();
                    lists.second++;
                  }
                } else if (op.success.kind === "stream") {
                  streams.total++;
                  const stream = await call(client);
                  try {
                    let n = 0;
                    for await (const _ of stream) if (++n >= EVENTS) break;
                    streams.events += n;
                    streams.read++;
                  } finally {
                    stream.close();
                  }
                } else await call(client);
              })(),
            );
            worked++;
          } catch (err) {
            const cause = causeOf(err);
            failures.set(cause, [...(failures.get(cause) ?? []), `${op.method} ${op.path} (${op.name})`]);
          }
        }
      } finally {
        await mock.close();
      }
      const rate = worked / operations.length;
      const percent = (n: number) => `${(n * 100).toFixed(1)} %`;
      const report = [
        `calls: ${worked} of ${operations.length} worked, ${percent(rate)} (goal ${percent(GOAL)}, ${percent(doc.measured)} when last measured) in ${Math.round(performance.now() - started)} ms`,
        `answers the client reported as drifting from the document: ${mismatched.size}`,
        `lists walked: ${lists.walked} of ${lists.total} (a second page for ${lists.second})`,
        `streams read: ${streams.read} of ${streams.total} (${streams.events} events)`,
        `calls failed: ${operations.length - worked}, by cause:`,
        ...[...failures].flatMap(([cause, ops]) => [`  ${ops.length} x ${cause}`, ...ops.map((op) => `      ${op}`)]),
      ];
      if (rate < GOAL)
        report.push(`short of the ${percent(GOAL)} goal by ${Math.ceil(GOAL * operations.length) - worked} calls`);
      writeFileSync(join(RESULTS, `${doc.name}.calls.txt`), `${report.join("\n")}\n`);
      for (const line of report) say(doc, line);
      expect(rate).toBeGreaterThanOrEqual(GOAL);
    });

    it("round-trips the collections the stateful mock infers: create, read, list, delete, read → 404", async () => {
      expect(generated, "generate failed").toBe(true);
      const text = readFileSync(join(copy!.dir, "generated/openapi.json"), "utf8");
      const spec = JSON.parse(text);
      const { collections, deletions } = inferCollections(spec);
      const sampler = await createSampler(spec);
      const { createClient } = await import(join(copy!.dir, "src/index.ts"));
      const mock = await mockServer({ port: 0, stateful: true, say: () => {} });
      const results = [];
      const started = performance.now();
      try {
        await mock.serve(text);
        const client = createClient({ apiKey: "documents:token", baseUrl: mock.url, maxRetries: 0 });
        for (const collection of collections)
          results.push(await within(CALL_MS, roundTrip(client, sampler, collection)));
      } finally {
        await mock.close();
      }
      const passed = results.filter((r) => r.passed);
      const report = [
        `stateful: ${collections.length} collections inferred, ${deletions.length} delete-only item paths; the round trip works on ${passed.length} of ${collections.length} (goal ${ROUND_TRIPS}) in ${Math.round(performance.now() - started)} ms`,
        ...results.map((r) => `  ${r.passed ? "ok  " : "FAIL"} ${r.path}: ${r.steps.join("; ")}`),
      ];
      writeFileSync(join(RESULTS, `${doc.name}.stateful.txt`), `${report.join("\n")}\n`);
      for (const line of report.slice(0, 1)) say(doc, line);
      say(doc, `  (each collection's steps in test-results/documents/${doc.name}.stateful.txt)`);
      expect(passed.length).toBeGreaterThanOrEqual(ROUND_TRIPS);
    });
  });
});
