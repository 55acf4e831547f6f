import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Ajv2020 } from "ajv/dist/2020.js";
import { load as yamlLoad } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { startMock } from "../../scripts/lib/mock/prism.mjs";
import { DATA, writeSyntheticSpec, type SyntheticSpec } from "../../scripts/synthetic-spec.mjs";

// the four-operation spec it grows, frozen here so that these tests hold whatever openapi/ becomes
const SOURCE = fileURLToPath(new URL("../../scripts/synthetic-base", import.meta.url));

// the synthetic spec at the real service's size, written once into a temp dir and judged as the
// project judges its own: the redocly cli with redocly.yaml, ajv for the examples, prism serving it

const root = resolve(import.meta.dirname, "../..");
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
// the real service: about 130 operations, 50 GET, 50 POST, 11 PATCH, 15 DELETE, 6 PUT
const REAL_SHARES = { get: 50 / 132, post: 50 / 132, patch: 11 / 132, delete: 15 / 132, put: 6 / 132 };

type Json = any;

// @redocly/openapi-core's .d.ts files name packages it does not install, so it is typed here by what is used
interface RedoclyCore {
  loadConfig(options: { configPath: string }): Promise<unknown>;
  bundle(options: {
    ref: string;
    config: unknown;
  }): Promise<{ bundle: { parsed: Json }; problems: { severity: string; message: string }[] }>;
  parseYaml(text: string): Json;
}
const { bundle, loadConfig, parseYaml }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
interface Op {
  path: string;
  method: string;
  op: Json;
}

const temp = mkdtempSync(join(tmpdir(), "synthetic-spec-"));
const dir = join(temp, "openapi");
let written: SyntheticSpec;
let spec: Json;
let ops: Op[];

/** The spec of `index`, bundled (files become components, references stay) with the project's redocly.yaml. */
async function bundled(index: string): Promise<Json> {
  const config = await loadConfig({ configPath: join(root, "redocly.yaml") });
  const { bundle: doc, problems } = await bundle({ ref: index, config });
  expect(
    problems.filter((p) => p.severity === "error"),
    "bundling problems",
  ).toEqual([]);
  return doc.parsed;
}

function operations(doc: Json): Op[] {
  return Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  );
}

/** `value` itself, or the component its local $ref names. */
function deref(value: Json): Json {
  if (typeof value?.$ref !== "string") return value;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
  const target = spec.components?.[section!]?.[name!];
  if (!target) throw new Error(`unresolved ${value.$ref}`);
  return deref(target);
}

/** Every file under `at`, relative, sorted. */
function files(at: string): string[] {
  return readdirSync(at, { recursive: true, encoding: "utf8" })
    .filter((file) => statSync(join(at, file)).isFile())
    .sort();
}

/** Names of schemas reachable from `schema`, following references. */
function reachable(schema: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) reachable(item, found);
  else if (schema && typeof schema === "object") {
    const name = typeof schema.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
    if (name && !found.has(name)) {
      found.add(name);
      reachable(spec.components.schemas[name], found);
    }
    for (const [key, value] of Object.entries(schema))
      if (!["example", "examples", "const", "enum", "default"].includes(key)) reachable(value, found);
  }
  return found;
}

beforeAll(async () => {
  written = writeSyntheticSpec(dir, { operations: 150, source: SOURCE });
  spec = await bundled(written.index);
  ops = operations(spec);
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("scripts/synthetic-spec.mjs at 150 operations", () => {
  it("writes 150 operations in the real service's proportions of methods, over all 22 tags and about 170 schemas", () => {
    const byMethod: Record<string, number> = {};
    for (const { method } of ops) byMethod[method] = (byMethod[method] ?? 0) + 1;
    const tags = new Set(ops.map(({ op }) => op.tags[0]));

    expect(ops).toHaveLength(150);
    expect(byMethod).toEqual({ get: 57, post: 56, patch: 13, delete: 17, put: 7 });
    for (const [method, share] of Object.entries(REAL_SHARES))
      expect(Math.abs(byMethod[method]! / 150 - share), method).toBeLessThan(0.02);
    expect(spec.tags).toHaveLength(22);
    expect([...tags].sort()).toEqual(spec.tags.map((tag: Json) => tag.name).sort());
    expect(Object.keys(spec.paths)).toHaveLength(110);
    expect(Object.keys(spec.components.schemas)).toHaveLength(170);
    expect(written).toMatchObject({
      operations: 150,
      paths: 110,
      schemas: 170,
      byMethod,
      tags: spec.tags.map((tag: Json) => tag.name),
    });
  });

  it("keeps the project's index and its own operations as they are, adding only their client method names", async () => {
    const project = await bundled(join(SOURCE, "openapi.yaml"));
    const own = operations(project);

    expect(own.length).toBeGreaterThan(0);
    for (const key of ["openapi", "info", "servers", "security", "tags"]) expect(spec[key], key).toEqual(project[key]);
    expect(spec.components.securitySchemes).toEqual(project.components.securitySchemes);
    for (const { path, method, op } of own) {
      const { "x-client-method": name, ...rest } = spec.paths[path][method];
      const { "x-client-method": _own, ...ownRest } = op;
      expect(rest, `${method} ${path}`).toEqual(ownRest);
      expect(name, `${method} ${path}`).toMatch(/^[a-z]/);
    }
    // byte for byte: each own file is where its copy starts, once the added name is taken out
    const index = parseYaml(readFileSync(join(SOURCE, "openapi.yaml"), "utf8"));
    for (const { $ref } of Object.values<Json>(index.paths)) {
      const unnamed = (file: string) => readFileSync(file, "utf8").replace(/^\s+x-client-method: .*\n/gm, "");
      expect(unnamed(join(dir, $ref)).startsWith(unnamed(join(SOURCE, $ref))), $ref).toBe(true);
    }
    expect(files(dir).filter((file) => file.startsWith("released"))).toEqual([]);
  });

  it("gives every operation a unique, well-formed x-client-method, none of them the namespace of another", () => {
    const names = ops.map(({ op }) => op["x-client-method"]);

    expect(names.filter((name) => typeof name !== "string")).toEqual([]);
    expect(names.filter((name) => !/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/.test(name))).toEqual([]);
    expect(new Set(names).size).toBe(names.length);
    // `a.b` cannot be a method when `a.b.c` is one: `b` would be a function and a namespace
    expect(names.filter((name) => names.some((other) => other.startsWith(`${name}.`)))).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        "browsers.computer.clickMouse",
        "browsers.list",
        "browsers.retrieve",
        "profiles.create",
        "browsers.replays.start",
      ]),
    );
  });

  it("has every kind of operation the real service has, a few of each", () => {
    const media = (op: Json, where: "request" | "response") =>
      where === "request"
        ? Object.keys(op.requestBody?.content ?? {})
        : Object.values<Json>(op.responses).flatMap((r) => Object.keys(deref(r).content ?? {}));
    const count = (test: (op: Json) => boolean) => ops.filter(({ op }) => test(op)).length;
    const pages = ops.flatMap(({ op }) =>
      Object.values<Json>(op.responses)
        .map(deref)
        .filter((r) => r.headers?.["X-Has-More"]),
    );
    const bodySchemas = new Set(
      ops.flatMap(({ op }) =>
        Object.values<Json>(op.requestBody?.content ?? {}).flatMap((m) => [...reachable(m.schema)]),
      ),
    );
    const keywords = new Set<string>();
    const collect = (schema: Json) => {
      if (Array.isArray(schema)) schema.forEach(collect);
      else if (schema && typeof schema === "object")
        for (const [key, value] of Object.entries(schema))
          if (!["example", "examples", "enum", "default"].includes(key)) keywords.add(key), collect(value);
    };
    for (const name of bodySchemas) collect(spec.components.schemas[name]);

    expect(pages.length).toBeGreaterThanOrEqual(14);
    expect(pages.filter((r) => r.headers["X-Next-Offset"]).length).toBeGreaterThanOrEqual(3);
    expect(pages.filter((r) => r.headers["X-Next-Page-Token"]).length).toBeGreaterThanOrEqual(3);
    expect(pages.filter((r) => !r.headers["X-Next-Offset"] === !r.headers["X-Next-Page-Token"])).toEqual([]);
    expect(count((op) => (op.parameters ?? []).some((p: Json) => deref(p).in === "query"))).toBeGreaterThanOrEqual(20);
    expect(count((op) => media(op, "response").includes("text/event-stream"))).toBe(7);
    expect(count((op) => media(op, "response").includes("image/png"))).toBeGreaterThanOrEqual(1);
    expect(count((op) => media(op, "response").includes("application/octet-stream"))).toBeGreaterThanOrEqual(2);
    expect(count((op) => media(op, "request").includes("multipart/form-data"))).toBeGreaterThanOrEqual(4);
    // a body offered as JSON, as a urlencoded form and as a multipart form, as real documents offer some
    expect(
      count((op) =>
        ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"].every((type) =>
          media(op, "request").includes(type),
        ),
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(count((op) => op["x-hidden"] === true)).toBeGreaterThanOrEqual(2);
    expect(count((op) => op["x-deprecated"] === true)).toBeGreaterThanOrEqual(2);
    expect(count((op) => typeof op["x-idempotent"] === "boolean")).toBeGreaterThanOrEqual(10);
    for (const keyword of ["oneOf", "anyOf", "allOf", "const", "pattern", "minLength", "discriminator"])
      expect(keywords, keyword).toContain(keyword);
  });

  it("holds a recursive schema: a call stack whose frames contain their caller", () => {
    const recursive = Object.keys(spec.components.schemas).filter((name) =>
      reachable(spec.components.schemas[name]).has(name),
    );

    expect(recursive).toContain("StackFrame");
    expect(
      reachable(deref(spec.paths["/invocations/{id}"].get.responses["200"]).content["application/json"].schema),
    ).toContain("StackFrame");
  });

  it("lints clean with the Redocly CLI and the project's redocly.yaml", async () => {
    const args = ["lint", written.index, "--config", join(root, "redocly.yaml"), "--format=json"];
    const env = toolEnv();

    const { stdout } = await promisify(execFile)(join(root, "node_modules/.bin/redocly"), args, {
      env,
      maxBuffer: 64 << 20,
    }).catch((err) => err);
    const report = JSON.parse(stdout.slice(stdout.indexOf("{")));

    expect(
      report.problems.map(
        (p: Json) => `${p.ruleId}: ${p.message} (${p.location?.[0]?.source?.ref}:${p.location?.[0]?.pointer})`,
      ),
    ).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it("has only examples that are valid against their schemas (Ajv, JSON Schema 2020-12)", () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
    // openapi's own words in a schema, which json schema does not know
    ajv.addKeyword("example").addKeyword("discriminator");
    ajv.addFormat("date-time", {
      type: "string",
      validate: (s: string) =>
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s) && !Number.isNaN(Date.parse(s)),
    });
    ajv.addFormat("uri", { type: "string", validate: (s: string) => URL.canParse(s) });
    ajv.addFormat("email", /^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    ajv.addFormat("binary", true);
    const local = (value: Json): Json =>
      JSON.parse(JSON.stringify(value), (key, item) =>
        key === "$ref" && typeof item === "string"
          ? item.replace("#/components/schemas/", "urn:synthetic:spec#/$defs/")
          : item,
      );
    ajv.addSchema({ $id: "urn:synthetic:spec", $defs: local(spec.components.schemas) });
    const failures: string[] = [];
    const checked: Record<string, number> = {};
    const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
    const check = (kind: string, where: string, schema: Json, example: Json) => {
      const key = typeof schema === "string" ? schema : JSON.stringify(schema);
      const validate =
        compiled.get(key) ?? (typeof schema === "string" ? ajv.getSchema(schema)! : ajv.compile(local(schema)));
      compiled.set(key, validate);
      checked[kind] = (checked[kind] ?? 0) + 1;
      if (!validate(example)) failures.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    const media = (where: string, content: Json) => {
      for (const [type, m] of Object.entries<Json>(content ?? {})) {
        const examples =
          m.example !== undefined ? [m.example] : Object.values<Json>(m.examples ?? {}).map((e) => e.value);
        if (!examples.length) failures.push(`${where} ${type}: no example`);
        for (const example of examples) {
          check("media", `${where} ${type}`, m.schema, example);
          // a stream's example is its wire format; each event's data is checked against the event schema
          if (m.schema.contentSchema) {
            const data = [...String(example).matchAll(/^data: (.*)$/gm)].map(([, line]) => JSON.parse(line!));
            if (!data.length) failures.push(`${where} ${type}: no data line`);
            for (const event of data) check("event", `${where} ${type} data`, m.schema.contentSchema, event);
          }
        }
      }
    };

    for (const { path, method, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of [...(spec.paths[path].parameters ?? []), ...(op.parameters ?? [])].map(deref))
        check("parameter", `${where} ${p.name}`, p.schema, p.example);
      if (op.requestBody) media(`${where} request`, op.requestBody.content);
      for (const [status, r] of Object.entries<Json>(op.responses)) {
        media(`${where} ${status}`, deref(r).content);
        for (const [name, h] of Object.entries<Json>(deref(r).headers ?? {}))
          check("header", `${where} ${status} ${name}`, deref(h).schema, deref(h).example);
      }
    }
    // every example inside a schema, at its json pointer
    const walk = (schema: Json, pointer: string) => {
      if (!schema || typeof schema !== "object") return;
      if (schema.example !== undefined) check("schema", pointer, `urn:synthetic:spec#${pointer}`, schema.example);
      for (const key of ["items", "additionalProperties", "contentSchema", "propertyNames"])
        walk(schema[key], `${pointer}/${key}`);
      for (const key of ["allOf", "anyOf", "oneOf"])
        (schema[key] ?? []).forEach((s: Json, i: number) => walk(s, `${pointer}/${key}/${i}`));
      for (const [name, s] of Object.entries(schema.properties ?? {})) walk(s, `${pointer}/properties/${name}`);
    };
    for (const name of Object.keys(spec.components.schemas)) walk(spec.components.schemas[name], `/$defs/${name}`);

    expect(failures).toEqual([]);
    expect(checked.parameter).toBeGreaterThanOrEqual(150);
    expect(checked.media).toBeGreaterThanOrEqual(600);
    expect(checked.event).toBe(7);
    expect(checked.header).toBeGreaterThanOrEqual(28);
    expect(checked.schema).toBeGreaterThanOrEqual(400);
  });

  it("is served by Prism: pages with headers, streams, bytes, uploads, the recursive schema, and refusals of bodies that break a oneOf", async () => {
    const mock = await startMock({ spec: written.index, timeoutMs: 60_000 });
    try {
      const call = (path: string, init: RequestInit = {}) =>
        fetch(mock.url + path, { ...init, headers: { Authorization: "Bearer synthetic", ...init.headers } });
      const json = (body: unknown): RequestInit => ({
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const form = new FormData();
      form.set("path", "/tmp/uploads/notes.txt");
      form.set("file", new Blob(["hello\n"]), "notes.txt");

      const page = await call("/browsers?limit=5");
      const stream = await call("/browsers/brs_1/logs/stream");
      const png = await call("/browsers/brs_1/computer/screenshot", json({}));
      const upload = await call("/browsers/brs_1/fs/upload", { method: "POST", body: form });
      const invocation = await call("/invocations/inv_1");
      const proxy = await call(
        "/proxies",
        json({ type: "custom", name: "office", host: "proxy.example.net", port: 3128 }),
      );
      const halfProxy = await call("/proxies", json({ type: "custom", name: "office" }));
      const key = await call("/api_keys", json({ name: "ci", scope: "project" }));

      expect([page.status, page.headers.get("x-has-more"), page.headers.get("x-next-offset")]).toEqual([
        200,
        "true",
        "20",
      ]);
      expect(Array.isArray(await page.json())).toBe(true);
      expect([stream.status, stream.headers.get("content-type")]).toEqual([200, "text/event-stream"]);
      expect(await stream.text()).toMatch(/^id: 1\ndata: \{.*\}\n\n$/);
      expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
      await png.arrayBuffer();
      expect(upload.status).toBe(200);
      expect(((await upload.json()) as Json).path).toBe("/tmp/downloads/report.csv");
      expect(((await invocation.json()) as Json).error.stack.caller.caller).toBeNull();
      expect(proxy.status).toBe(201);
      await proxy.arrayBuffer();
      expect(halfProxy.status).toBe(400);
      await halfProxy.arrayBuffer();
      // a project key needs its project_id
      expect(key.status).toBe(400);
      expect(key.headers.get("sl-violations")).toContain("project_id");
      await key.arrayBuffer();
    } finally {
      await mock.stop();
    }
  }, 90_000);

  it("writes the same bytes every time, and no x-client-method with clientMethods: false", () => {
    const again = join(temp, "again");
    const bare = join(temp, "bare");

    writeSyntheticSpec(again, { operations: 150, source: SOURCE });
    writeSyntheticSpec(bare, { operations: 150, clientMethods: false, source: SOURCE });

    expect(files(again)).toEqual(files(dir));
    expect(
      files(again).filter((file) => readFileSync(join(again, file), "utf8") !== readFileSync(join(dir, file), "utf8")),
    ).toEqual([]);
    const named = files(bare).filter(
      (file) => file.endsWith(".yaml") && readFileSync(join(bare, file), "utf8").includes("x-client-method"),
    );
    expect(named).toEqual([]);
    expect(files(bare)).toEqual(files(dir));
  });

  it("leaves every example out with examples: false, and nothing else", () => {
    const plain = join(temp, "plain");
    writeSyntheticSpec(plain, { operations: 150, examples: false, source: SOURCE });
    // example keys, found by js-yaml apart from the writer's own YAML reader; a property named so stays
    const exampleKeys = (folder: string) => {
      let count = 0;
      const walk = (node: Json, inProperties: boolean) => {
        if (Array.isArray(node)) for (const item of node) walk(item, false);
        else if (node && typeof node === "object")
          for (const [key, value] of Object.entries(node)) {
            if (!inProperties && (key === "example" || key === "examples")) count++;
            walk(value, key === "properties");
          }
      };
      for (const file of files(folder).filter((f) => f.endsWith(".yaml")))
        walk(yamlLoad(readFileSync(join(folder, file), "utf8")), false);
      return count;
    };
    expect(exampleKeys(dir)).toBeGreaterThan(100);
    expect(exampleKeys(plain)).toBe(0);
    expect(files(plain)).toEqual(files(dir));
    const operationsOf = (folder: string) =>
      files(folder)
        .filter((f) => f.startsWith("paths/") && f.endsWith(".yaml"))
        .flatMap((f) => Object.keys(yamlLoad(readFileSync(join(folder, f), "utf8")) as object))
        .filter((key) => METHODS.includes(key)).length;
    expect(operationsOf(dir)).toBe(150);
    expect(operationsOf(plain)).toBe(150);
  });

  it("refuses a directory that is not empty and a count below the project's own, and writes nothing", () => {
    const full = join(temp, "full");
    const few = join(temp, "few");
    writeSyntheticSpec(join(full, "seed"), { operations: 4, source: SOURCE });
    writeFileSync(join(full, "keep.txt"), "mine\n");
    const before = files(full);

    expect(() => writeSyntheticSpec(full, { source: SOURCE })).toThrow(/is not empty/);
    expect(() => writeSyntheticSpec(few, { operations: 3, source: SOURCE })).toThrow(RangeError);
    expect(() => writeSyntheticSpec(few, { operations: 12.5, source: SOURCE })).toThrow(RangeError);

    expect(files(full)).toEqual(before);
    expect(() => readdirSync(few)).toThrow(/ENOENT/);
  });

  it("keeps the method proportions and every kind of file in a smaller spec, and grows past the catalogue", () => {
    const small = writeSyntheticSpec(join(temp, "small"), { operations: 40, source: SOURCE });
    const large = writeSyntheticSpec(join(temp, "large"), { operations: 300, source: SOURCE });

    expect(small.operations).toBe(40);
    expect(small.byMethod.get! + small.byMethod.post!).toBeGreaterThanOrEqual(28);
    expect(Math.abs(small.byMethod.get! - small.byMethod.post!)).toBeLessThanOrEqual(2);
    expect(small.tags.length).toBeGreaterThanOrEqual(15);
    expect(large).toMatchObject({
      operations: 300,
      byMethod: { get: 115, post: 112, patch: 26, delete: 33, put: 14 },
      schemas: 170,
    });
  });

  it("uses every file of its data: each path file's operations are in the catalogue (or only OpenAPI 3.2's), and the whole catalogue writes each component", () => {
    const catalogue = parseYaml(readFileSync(join(DATA, "catalogue.yaml"), "utf8"));
    const listed: string[] = Object.values<string[]>(catalogue.operations).flat();
    // the operations only a 3.2 document can write, which --openapi 3.2 adds
    const only32: string[] = Object.values<string[]>(
      parseYaml(readFileSync(join(DATA, "openapi-3.2.yaml"), "utf8")).operations,
    ).flat();
    const inFiles = files(join(DATA, "paths"))
      .filter((file) => file.endsWith(".yaml"))
      .flatMap((file) => {
        const item = parseYaml(readFileSync(join(DATA, "paths", file), "utf8"));
        const path = `/${file.slice(0, -".yaml".length).replaceAll("_", "/")}`;
        return METHODS.filter((method) => item[method]).map((method) => `${method} ${path}`);
      });
    const whole = writeSyntheticSpec(join(temp, "whole"), { operations: 4 + listed.length, source: SOURCE });
    const components = (at: string) =>
      files(join(at, "components")).filter(
        (file) => !/(^|\/)README\.md$/.test(file) && !existsSync(join(SOURCE, "components", file)),
      );

    expect(new Set(listed).size).toBe(listed.length);
    // a path's file name cannot say which "_" was a "/": compare with "_" read as "/" on both sides
    expect([...inFiles].map((entry) => entry.replaceAll("_", "/")).sort()).toEqual(
      [...listed, ...only32].map((entry) => entry.replaceAll("_", "/")).sort(),
    );
    expect(whole.operations).toBe(4 + listed.length);
    expect(components(whole.dir)).toEqual(components(DATA));
  });
});
