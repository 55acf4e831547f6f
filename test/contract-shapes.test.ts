// Every list, upload and download of the synthetic spec (the real service's shapes) through a
// client generated from it, against Prism serving the same spec; and the types a user of that
// client meets. Prism keeps no state: every page it serves says the same next position, so a walk
// meets a cursor that does not move on its second page, which must end in PaginationError.
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startMock } from "../scripts/lib/prism.mjs";
import { syntheticProject, typecheck, type SyntheticProject } from "./support/synthetic-client.js";

// the examples of examples/service-shapes import the package by name: here, the synthetic client
const where = vi.hoisted(() => ({ dir: "" }));
vi.mock("browser-cloud-client", () => import(`${where.dir}/src/index.ts`));

let project: SyntheticProject;
let lib: any;
let mock: { url: string; stop(): Promise<void> };
let client: any;

beforeAll(async () => {
  project = await syntheticProject();
  where.dir = project.dir;
  lib = await import("browser-cloud-client");
  mock = await startMock({ spec: join(project.dir, "openapi/openapi.yaml"), timeoutMs: 60_000 });
  client = lib.createClient({ apiKey: "contract-token", baseUrl: mock.url, maxRetries: 0 });
}, 180_000);
afterAll(async () => {
  await mock?.stop();
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
  while (node?.$ref) node = node.$ref.slice(2).split("/").reduce((at: any, key: string) => at[key], project.spec);
  return node;
};
const call = (name: string) => name.split(".").reduce((at: any, key) => at[key], client);
const example = (p: any) => p.example ?? deref(p.schema)?.example;

/** Path arguments and the query of an operation, from the spec's examples. */
function inputs(path: string, item: any, op: any) {
  const params = [...(project.spec.paths[path].parameters ?? []), ...(op.parameters ?? [])].map(deref);
  const ids = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => String(example(params.find((p: any) => p.name === name && p.in === "path"))));
  const query = Object.fromEntries(params.filter((p: any) => p.in === "query" && example(p) !== undefined && !["offset", "page_token"].includes(p.name)).map((p: any) => [p.name, example(p)]));
  return { ids, query };
}

/** What each example of examples/service-shapes prints against Prism serving the synthetic spec. */
const PRINTS: Record<string, string[]> = {
  "walk-a-list.ts": [
    "first page: 1 sessions, more: true, next offset: 20",
    "brs_2x7q9kd4m1 running",
    // Prism keeps no state: the second page says the same next offset, and the walk stops
    "brs_2x7q9kd4m1 running",
    "walked 2 sessions, then stopped at page 2: the next offset did not move forward",
  ],
  "upload-from-disk.ts": ["uploaded to /tmp/downloads/report.csv", "refused before sending: body.files[0].dest_path must match /^//", "downloaded 21 bytes of application/octet-stream"],
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("examples/service-shapes", () => {
  it.each(Object.keys(PRINTS))("%s runs against the mock and prints what it promises", async (file) => {
    vi.stubEnv("BROWSER_CLOUD_API_KEY", "example-key");
    vi.stubEnv("BROWSER_CLOUD_BASE_URL", mock.url);
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));

    await import(/* @vite-ignore */ new URL(`../examples/service-shapes/${file}`, import.meta.url).href);

    expect(out).toEqual(PRINTS[file]);
  }, 60_000);
});

describe("the synthetic spec's shapes against Prism", () => {
  it("has the real service's header-paginated lists and multipart uploads (as the spec writes them)", () => {
    const lists = specOperations().filter(({ op }) => op.responses["200"]?.headers?.["X-Has-More"]);
    const uploads = specOperations().filter(({ op }) => op.requestBody && deref(op.requestBody).content["multipart/form-data"]);
    expect(lists.length).toBe(15);
    expect(uploads.length).toBe(6);
    // and the table pages every one of them
    expect(project.operations.filter((o) => o.page).map((o) => `${o.method} ${o.path}`).sort()).toEqual(lists.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort());
  });

  it("awaits each list's first page: its items checked and typed, its page headers, and a walk that stops at the mock's unmoving cursor", async () => {
    const lists = specOperations().filter(({ op }) => op.responses["200"]?.headers?.["X-Has-More"]);
    for (const { path, method, op } of lists) {
      const { ids, query } = inputs(path, project.spec.paths[path], op);
      const body = op.requestBody ? deref(op.requestBody).content["application/json"].example : undefined;
      const args = body === undefined ? [...ids, query] : [...ids, body, { query }];
      const expected = op.responses["200"].content["application/json"].example;

      const page = await call(op["x-client-method"])(...args);
      const walked: unknown[] = [];
      const err = await (async () => {
        for await (const item of call(op["x-client-method"])(...args)) walked.push(item);
      })().catch((e: unknown) => e);

      expect(page.items, `${method} ${path}`).toEqual(expected);
      expect(page.hasNextPage(), `${method} ${path}`).toBe(true);
      expect(page.headers.get("x-has-more")).toBe("true");
      expect(err, `${method} ${path}`).toBeInstanceOf(lib.PaginationError);
      expect((err as { page: number }).page, `${method} ${path}`).toBe(2);
      // the first page's items and the second's, then the stop: no third request
      expect(walked, `${method} ${path}`).toEqual([...expected, ...expected]);
    }
  }, 120_000);

  it("sends every multipart upload as typed fields, each file a Blob, and gets the declared answer", async () => {
    // Prism reads a bracket name (files[0][file]) as a field of that very name, so it finds
    // `files` missing and answers 400: the bracket upload is proven against the scripted server
    // (test/form-body.test.ts) instead
    const brackets = project.operations.filter((o) => o.form?.brackets).map((o) => o.name);
    expect(brackets).toEqual(["browsers.fs.uploadMany"]);
    const uploads = specOperations().filter(({ op }) => op.requestBody && deref(op.requestBody).content["multipart/form-data"] && !brackets.includes(op["x-client-method"]));
    expect(uploads).toHaveLength(5);
    for (const { path, method, op } of uploads) {
      const media = deref(op.requestBody).content["multipart/form-data"];
      const schema = deref(media.schema);
      const { ids } = inputs(path, project.spec.paths[path], op);
      const withFiles = (value: any, s: any): any => {
        s = deref(s);
        if (s?.format === "binary") return new Blob([String(value)]);
        if (Array.isArray(value)) return value.map((v) => withFiles(v, s.items));
        if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withFiles(v, s.properties?.[k])]));
        return value;
      };
      const status = Number(Object.keys(op.responses).find((s) => s.startsWith("2")));
      const answer = deref(op.responses[String(status)]).content?.["application/json"]?.example;

      const sent = await call(op["x-client-method"])(...ids, withFiles(media.example, schema)).catch((e: Error) => e);
      expect(sent, `${method} ${path}: ${(sent as Error)?.message}`).toEqual(answer);
      // a required field left out is refused before sending
      const { [schema.required[0]]: _left, ...missing } = withFiles(media.example, schema);
      await expect(call(op["x-client-method"])(...ids, missing), `${method} ${path}`).rejects.toBeInstanceOf(lib.ValidationError);
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
      const body = op.requestBody ? deref(op.requestBody).content["application/json"]?.example ?? {} : undefined;
      const args = body !== undefined ? [...ids, body] : Object.keys(query).length ? [...ids, query] : ids;

      const response = await call(op["x-client-method"])(...args);

      expect(response, `${method} ${path}`).toBeInstanceOf(Response);
      expect(response.headers.get("content-type"), `${method} ${path}`).toContain(type);
      expect(await response.text(), `${method} ${path}`).toBe(media.example);
    }
  }, 120_000);

  it("sends the octet-stream body as bytes", async () => {
    await expect(client.browsers.fs.writeFile("brs_2x7q9kd4m1", new Blob(["sku,quantity\n"]), { query: { path: "/tmp/a.csv" } })).resolves.toBeUndefined();
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
