// Every list, upload and download of the synthetic spec (the real service's shapes) through a
// client generated from it, against the dev mock (Prism behind the proxy that pages lists)
// serving the same spec; and the types a user of that client meets. Every list is walked to its
// end: the mock serves MOCK_PAGES pages of the example items, computed from each request's query.
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { MOCK_PAGES, pageToken } from "../../scripts/lib/mock/pages.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { syntheticProject, typecheck, type SyntheticProject } from "../support/synthetic-client.js";

// the programs of ./service-shapes import the package by the fixture's name: here, the synthetic client
const where = vi.hoisted(() => ({ dir: "" }));
vi.mock("fixture-client", () => import(`${where.dir}/src/index.ts`));

let project: SyntheticProject;
let lib: any;
let mock: { url: string; serve(spec: string): Promise<void>; close(): Promise<void> };
let client: any;

beforeAll(async () => {
  project = await syntheticProject();
  where.dir = project.dir;
  lib = await import(`${project.dir}/src/index.ts`);
  mock = await mockServer({ port: 0, say: () => {} });
  await mock.serve(readFileSync(join(project.dir, "generated/openapi.json"), "utf8"));
  client = lib.createClient({ apiKey: "contract-token", baseUrl: mock.url, maxRetries: 0 });
}, 180_000);
afterAll(async () => {
  await mock?.close();
  project?.remove();
});

const METHODS = ["get", "put", "post", "delete", "patch"];
/** Every operation of the bundled spec, read from the spec itself, with its client name. */
function specOperations(): { path: string; method: string; op: any }[] {
  return Object.entries<any>(project.spec.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] })),
  );
}
const deref = (node: any): any => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((at: any, key: string) => at[key], project.spec);
  return node;
};
const call = (name: string) => name.split(".").reduce((at: any, key) => at[key], client);
const example = (p: any) => p.example ?? deref(p.schema)?.example;

/** Path arguments and the query of an operation, from the spec's examples. */
function inputs(path: string, _item: any, op: any) {
  const params = [...(project.spec.paths[path].parameters ?? []), ...(op.parameters ?? [])].map(deref);
  const ids = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) =>
    String(example(params.find((p: any) => p.name === name && p.in === "path"))),
  );
  const query = Object.fromEntries(
    params
      .filter((p: any) => p.in === "query" && example(p) !== undefined && !["offset", "page_token"].includes(p.name))
      .map((p: any) => [p.name, example(p)]),
  );
  return { ids, query };
}

/** What each program of ./service-shapes prints against the mock serving the synthetic spec. */
const PRINTS: Record<string, string[]> = {
  "walk-a-list.ts": [
    "first page: 1 sessions, more: true, next offset: 1",
    // the mock serves three pages of the example session, each id its own
    "brs_2x7q9kd4m1 running",
    "brs_2x7q9kd4m2 running",
    "brs_2x7q9kd4m3 running",
    "walked 3 sessions",
  ],
  "upload-from-disk.ts": [
    "uploaded to /tmp/downloads/report.csv",
    "refused before sending: body.files[0].dest_path must match /^//",
    "downloaded 21 bytes of application/octet-stream",
  ],
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("the programs of test/contract/service-shapes", () => {
  it.each(Object.keys(PRINTS))(
    "%s runs against the mock and prints what it promises",
    async (file) => {
      // the fixture's variables (FIXTURE_PACKAGE's envPrefix)
      vi.stubEnv("FIXTURE_API_KEY", "example-key");
      vi.stubEnv("FIXTURE_BASE_URL", mock.url);
      const out: string[] = [];
      vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));

      await import(/* @vite-ignore */ new URL(`./service-shapes/${file}`, import.meta.url).href);

      expect(out).toEqual(PRINTS[file]);
    },
    60_000,
  );
});

describe("the synthetic spec's shapes against Prism", () => {
  it("has the real service's header-paginated lists and multipart uploads (as the spec writes them)", () => {
    const lists = specOperations().filter(({ op }) => op.responses["200"]?.headers?.["X-Has-More"]);
    const uploads = specOperations().filter(
      ({ op }) => op.requestBody && deref(op.requestBody).content["multipart/form-data"],
    );
    expect(lists.length).toBe(15);
    expect(uploads.length).toBe(6);
    // and the table pages every one of them
    expect(
      project.operations
        .filter((o) => o.page)
        .map((o) => `${o.method} ${o.path}`)
        .sort(),
    ).toEqual(lists.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort());
  });

  it("walks each list to its end against the mock: every page's items checked and typed, each next position as the mock gave it", async () => {
    const lists = specOperations().filter(({ op }) => op.responses["200"]?.headers?.["X-Has-More"]);
    for (const { path, method, op } of lists) {
      const where = `${method.toUpperCase()} ${path}`;
      const { ids, query } = inputs(path, project.spec.paths[path], op);
      const body = op.requestBody ? deref(op.requestBody).content["application/json"].example : undefined;
      const args = body === undefined ? [...ids, query] : [...ids, body, { query }];
      const expected = op.responses["200"].content["application/json"].example;
      const { page: style } = project.operations.find((o) => `${o.method} ${o.path}` === where);
      // every request the walk sends, through a client of its own, strict: an id made distinct
      // must still be what the schema allows
      const sent: URL[] = [];
      const recording = lib.createClient({
        apiKey: "contract-token",
        baseUrl: mock.url,
        maxRetries: 0,
        strictAnswers: true,
        fetch: (input: Request | string | URL, init?: RequestInit) => (
          sent.push(new URL(input instanceof Request ? input.url : input)), fetch(input, init)
        ),
      });
      const list = (name: string) => name.split(".").reduce((at: any, key) => at[key], recording);

      const page = await list(op["x-client-method"])(...args);
      sent.length = 0;
      const walked: any[] = [];
      for await (const item of list(op["x-client-method"])(...args)) walked.push(item);

      expect(page.items, where).toEqual(expected);
      expect(page.hasNextPage(), where).toBe(true);
      expect(page.headers.get("x-has-more")).toBe("true");
      // MOCK_PAGES pages of the example's items, the first as the spec writes them, none repeated
      expect(sent, where).toHaveLength(MOCK_PAGES);
      expect(walked, where).toHaveLength(MOCK_PAGES * expected.length);
      expect(walked.slice(0, expected.length), where).toEqual(expected);
      expect(new Set(walked.map((item) => JSON.stringify(item))).size, where).toBe(walked.length);
      // the first page without a position, then each the mock's answer gave
      const n = expected.length;
      const positions =
        style.style === "offset-header" ? [null, String(n), String(2 * n)] : [null, pageToken(n), pageToken(2 * n)];
      expect(
        sent.map((url) => url.searchParams.get(style.param)),
        where,
      ).toEqual(positions);
      expect(
        sent.every(
          (url) =>
            url.pathname === sent[0]!.pathname &&
            Object.entries(query).every(([k, v]) => url.searchParams.get(k) === String(v)),
        ),
        where,
      ).toBe(true);
    }
  }, 120_000);

  it("answers a position the mock never gave with a 400 in the Error shape, and a list without a token with Prism's 401", async () => {
    const base = `${mock.url}/browsers`;
    const auth = { Authorization: "Bearer contract-token" };

    const huge = await fetch(`${base}?offset=99999999999999`, { headers: auth });
    const negative = await fetch(`${base}?offset=-20`, { headers: auth });
    const anonymous = await fetch(base);

    for (const response of [huge, negative]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: "bad_request",
        message: expect.stringContaining("offset must be a whole number"),
      });
    }
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
    await expect(client.browsers.list({}, { headers: { Prefer: "code=400" } })).rejects.toBeInstanceOf(
      lib.BadRequestError,
    );
  }, 60_000);

  it("sends every multipart upload as typed fields, each file a Blob, and gets the declared answer", async () => {
    // Prism reads a bracket name (files[0][file]) as a field of that very name, so it finds
    // `files` missing and answers 400: the bracket upload is proven against the scripted server
    // (test/src/uploads/form-body.test.ts) instead
    const brackets = project.operations.filter((o) => o.form?.brackets).map((o) => o.name);
    expect(brackets).toEqual(["browsers.fs.uploadMany"]);
    const uploads = specOperations().filter(
      ({ op }) =>
        op.requestBody &&
        deref(op.requestBody).content["multipart/form-data"] &&
        !brackets.includes(op["x-client-method"]),
    );
    expect(uploads).toHaveLength(5);
    for (const { path, method, op } of uploads) {
      const media = deref(op.requestBody).content["multipart/form-data"];
      const schema = deref(media.schema);
      const { ids } = inputs(path, project.spec.paths[path], op);
      const withFiles = (value: any, s: any): any => {
        s = deref(s);
        if (s?.format === "binary") return new Blob([String(value)]);
        if (Array.isArray(value)) return value.map((v) => withFiles(v, s.items));
        if (value && typeof value === "object")
          return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFiles(v, s.properties?.[k])]));
        return value;
      };
      const status = Number(Object.keys(op.responses).find((s) => s.startsWith("2")));
      const answer = deref(op.responses[String(status)]).content?.["application/json"]?.example;

      const sent = await call(op["x-client-method"])(...ids, withFiles(media.example, schema)).catch((e: Error) => e);
      expect(sent, `${method} ${path}: ${(sent as Error)?.message}`).toEqual(answer);
      // a required field left out is refused before sending
      const { [schema.required[0]]: _left, ...missing } = withFiles(media.example, schema);
      await expect(call(op["x-client-method"])(...ids, missing), `${method} ${path}`).rejects.toBeInstanceOf(
        lib.ValidationError,
      );
    }
  }, 120_000);

  it("resolves every download to a Response with the declared type and the mock's bytes", async () => {
    const downloads = specOperations().filter(({ op }) => {
      const content = deref(op.responses["200"] ?? {})?.content ?? {};
      return Object.keys(content).some((t) => t !== "application/json" && t !== "text/event-stream");
    });
    expect(downloads.length).toBe(8);
    for (const { path, method, op } of downloads) {
      const { ids, query } = inputs(path, project.spec.paths[path], op);
      const [type, media] = Object.entries<any>(op.responses["200"].content)[0]!;
      const body = op.requestBody ? (deref(op.requestBody).content["application/json"]?.example ?? {}) : undefined;
      const args = body !== undefined ? [...ids, body] : Object.keys(query).length ? [...ids, query] : ids;

      const response = await call(op["x-client-method"])(...args);

      expect(response, `${method} ${path}`).toBeInstanceOf(Response);
      expect(response.headers.get("content-type"), `${method} ${path}`).toContain(type);
      expect(await response.text(), `${method} ${path}`).toBe(media.example);
    }
  }, 120_000);

  it("sends the octet-stream body as bytes", async () => {
    await expect(
      client.browsers.fs.writeFile("brs_2x7q9kd4m1", new Blob(["sku,quantity\n"]), { query: { path: "/tmp/a.csv" } }),
    ).resolves.toBeUndefined();
  });

  it("types list items and form fields from the spec for a user of the client", () => {
    const output = typecheck(
      project.dir,
      `import { createClient, type Browser, type PaginationError } from "./src/index.js";
const client = createClient({ apiKey: "k" });
export async function use(): Promise<void> {
  const page = await client.browsers.list({ status: "running", limit: 10 });
  const first: Browser | undefined = page.items[0];
  const more: boolean = page.hasNextPage();
  const header: string | null = page.headers.get("x-next-offset");
  for await (const browser of client.browsers.list({}, { maxItems: 5 })) browser.session_id.toUpperCase();
  for await (const p of client.browsers.list().pages()) p.items.length;
  await client.browsers.fs.upload("brs_1", { path: "/tmp/a", file: new Blob(["x"]) });
  await client.browsers.fs.uploadMany("brs_1", { files: [{ file: new Blob(["x"]), dest_path: "/tmp/a" }] });
  await client.browsers.fs.writeFile("brs_1", new Uint8Array([1]), { query: { path: "/tmp/a" } });
  // @ts-expect-error a file field takes a Blob, not text
  await client.browsers.fs.upload("brs_1", { path: "/tmp/a", file: "x" });
  // @ts-expect-error dest_path is required in each entry
  await client.browsers.fs.uploadMany("brs_1", { files: [{ file: new Blob(["x"]) }] });
  // @ts-expect-error "paused" is no browser status the spec allows
  client.browsers.list({ status: "paused" });
  // @ts-expect-error maxPages is a number
  client.browsers.list({}, { maxPages: "2" });
  // @ts-expect-error an item is a Browser, which has no such field
  for await (const browser of client.browsers.list()) browser.no_such_field;
  console.log(first, more, header, null as PaginationError | null);
}
`,
    );
    expect(output).toBe("");
  }, 240_000);
});
