import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticProject } from "../../scripts/bench/synthetic.mjs";
import { consumerBundleSize, consumerParts } from "../../scripts/bundle-size.mjs";
import { jsonOperation, operationsOf } from "../support/bundle-operations.js";

// exact facts about what a consumer ships; its size is judged against the goals by `npm run bench`
// (scripts/bench/budgets.mjs), where a miss is reported without blocking every change to src/
const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operations = Object.entries<Record<string, any>>(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ path, ...item[m] })),
);
/** Where the spec holds values rather than its own prose: a `description` field of an example is data. */
const VALUES = new Set(["example", "examples", "default", "enum", "const"]);

/** Every string of the spec that is not prose: a value a check or a default may carry into the bundle. */
function data(node: unknown, out = new Set<string>(), inValue = false): Set<string> {
  if (typeof node === "string") out.add(node);
  else if (Array.isArray(node)) node.forEach((n) => data(n, out, inValue));
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node))
      if (inValue || (key !== "description" && key !== "summary")) data(value, out, inValue || VALUES.has(key));
  return out;
}

/** Every prose text of the spec longer than a phrase: descriptions and summaries, which a bundle has no use for. */
function prose(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => prose(n, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (VALUES.has(key)) continue;
      if ((key === "description" || key === "summary") && typeof value === "string" && value.length > 20)
        out.push(value.trim().split("\n")[0]!);
      else prose(value, out);
    }
  }
  return out;
}

describe("a consumer's bundle of this client", () => {
  it("holds the path of every operation of the spec, so it measures the whole client", async () => {
    const { code } = await consumerBundleSize("client");

    expect(operations.length).toBeGreaterThan(0);
    expect(operations.map((op) => op.path).filter((path) => !code.includes(path))).toEqual([]);
  });

  it("ships none of the spec's prose: no description or summary reaches a user's bundle", async () => {
    const { code } = await consumerBundleSize("client");
    // a text the document also gives as a value (an enum, a default: Lob's) is data, not prose
    const values = data(spec);
    const texts = prose(spec).filter((text) => ![...values].some((value) => value.includes(text)));

    expect(texts.length).toBeGreaterThan(10);
    expect(texts.filter((text) => code.includes(text))).toEqual([]);
  });

  it("imports no Node built-in, so it runs in browsers, workers and edge runtimes", async () => {
    const { code, externalImports } = await consumerBundleSize("client");

    expect(externalImports).toEqual([]);
    expect(code).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});

describe("the bundle weighed by file (bundle-size.mjs --parts)", () => {
  it("weighs each file of the bundle alone, as many bytes as esbuild's metafile counts for it", async () => {
    const { inputs } = await consumerBundleSize("functions");
    const { parts, runtime } = await consumerParts("functions");
    const shipped = Object.keys(inputs).filter((file) => inputs[file]! > 0);

    expect(Object.keys(parts).sort()).toEqual(shipped.sort());
    for (const file of shipped)
      expect(Math.abs(parts[file]!.minified - inputs[file]!)).toBeLessThan(inputs[file]! * 0.05 + 8);
    // the runtime is the client's own files, openapi-fetch left out
    const own = shipped.filter((file) => file.startsWith("src/"));
    expect(own.length).toBeGreaterThan(10);
    expect(Math.abs(runtime.minified - own.reduce((sum, file) => sum + parts[file]!.minified, 0))).toBeLessThan(8);
    expect(runtime.gzip).toBeLessThan(own.reduce((sum, file) => sum + parts[file]!.gzip, 0));
  });
});

describe("a consumer's bundle of the standalone functions (<package>/operations)", () => {
  it("leaves out the raw client's lookup of a request's operation: the standalone client has no raw client", async () => {
    const { inputs: standalone } = await consumerBundleSize("functions");
    const { inputs: whole } = await consumerBundleSize("client");
    const matcher = "src/core/path-template.js";

    // createClient()'s raw client matches each request's path against every template
    expect(whole[matcher]).toBeGreaterThan(400);
    // what is left is the split of a template the methods render their paths with, the names of its
    // parameters (a row leaves them to its template), and of a path's #variant from it (209 B): the
    // matcher, over 400 B, is not there
    expect(standalone[matcher]).toBeLessThan(250);
  });

  it("leaves out the IANA registry's idempotent methods, which only the raw client reads: a row says its own", async () => {
    const { code: standalone } = await consumerBundleSize("functions");
    const { code: whole } = await consumerBundleSize("client");

    // two of the registry's methods that no other list of the client names
    expect(["PROPFIND", "VERSION-CONTROL"].filter((method) => whole.includes(`"${method}"`))).toHaveLength(2);
    expect(["PROPFIND", "VERSION-CONTROL"].filter((method) => standalone.includes(`"${method}"`))).toEqual([]);
  });

  it("holds every operation when it calls every one", async () => {
    const { code, externalImports } = await consumerBundleSize("functions");

    expect(operationsOf(spec).filter((op) => !code.includes(`"${op.path}"`))).toEqual([]);
    expect(externalImports).toEqual([]);
  });
});

describe("a consumer's bundle of the synthetic spec's standalone functions, at 133 operations", () => {
  let copy: { dir: string; remove(): void };
  let size: typeof consumerBundleSize;
  let synthetic: any;
  beforeAll(async () => {
    copy = syntheticProject(133);
    synthetic = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
    ({ consumerBundleSize: size } = await import(pathToFileURL(join(copy.dir, "scripts/bundle-size.mjs")).href));
  }, 120_000);
  afterAll(() => copy?.remove());

  const readers = (inputs: Record<string, number>) =>
    Object.keys(inputs)
      .filter((file) =>
        /(^|\/)src\/((lists|streams|uploads)\/|client\/(media-type|query-string|call-headers)\.ts|core\/key-in-query\.ts)|node_modules\/eventsource-parser\//.test(
          file,
        ),
      )
      // a package by its name, a file of the client by its path
      .map((file) => file.replace(/^.*?node_modules\/([^/]+)\/.*$/, "$1").replace(/^.*?(src\/)/, "$1"))
      .sort();

  it("of three JSON methods holds no reader of pages, streams, forms, header parameters or a key in the query, and no other operation's path", async () => {
    const { code, inputs } = await size("functions-json3");
    const all = operationsOf(synthetic);
    const called = all.filter((op) => jsonOperation(synthetic, op)).slice(0, 3);

    expect(all).toHaveLength(133);
    expect(readers(inputs)).toEqual([]);
    // a path that is a prefix of a called one would be found inside it: compare whole literals
    const paths = [...new Set(all.map((op) => op.path))];
    expect(paths.filter((path) => code.includes(`"${path}"`))).toEqual([...new Set(called.map((op) => op.path))]);
  });

  it("of every method holds each reader its operations need", async () => {
    const { inputs } = await size("functions");
    const media = operationsOf(synthetic).flatMap((op) =>
      Object.keys(synthetic.paths[op.path][op.method].requestBody?.content ?? {}),
    );

    // the synthetic spec has multipart bodies, and one body offered as JSON, a urlencoded and a multipart form
    expect(media).toContain("multipart/form-data");
    expect(media).toContain("application/x-www-form-urlencoded");
    expect(readers(inputs)).toEqual([
      "eventsource-parser",
      "src/client/media-type.ts",
      "src/lists/next-address.ts",
      "src/lists/pages.ts",
      "src/lists/pagination.ts",
      "src/streams/event-bounds.ts",
      "src/streams/event-check.ts",
      "src/streams/event-data.js",
      "src/streams/event-iterator.ts",
      "src/streams/event-stream.ts",
      "src/streams/stream-errors.ts",
      "src/streams/stream-read.ts",
      "src/uploads/form-body.ts",
      "src/uploads/form-fields.ts",
      "src/uploads/url-encoded.ts",
    ]);
  });
});
