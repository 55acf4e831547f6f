// The mock on a document that gives no example: the synthetic spec at the real service's size (133
// operations), written without any example (writeSyntheticSpec's `examples: false`), served by the mock (`mockServer`, as `npm run mock` serves
// it) and called through a client generated from it, its answers held strictly to the document.
// Every operation gets its declared success status; every list walks 3 pages without a repeated
// item; every stream yields each event kind its schema declares. What is expected is read from the
// spec directly, not from the mock's sampler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { WALKED_PAGES, walkEveryOperation, walkReport, type WalkResult } from "../support/mock-walk.js";
import { syntheticProject, type SyntheticProject } from "../support/synthetic-client.js";

/** The real service's size, less the bracket upload syntheticProject adds. */
const OPERATIONS = 133;
/** The header-paged lists among them, as the synthetic spec writes them. */
const LISTS = 14;

let project: SyntheticProject;
let spec: any;
let results: WalkResult[];
const said: string[] = [];

const deref = (node: any): any => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split("/")
      .reduce((at: any, key: string) => at[key], spec);
  return node;
};
const METHODS = ["get", "put", "post", "delete", "patch"];
/** Every operation as the spec writes it, with its first 2xx. */
const specOperations = () =>
  Object.entries<any>(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const op = item[method];
      const status = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s))!;
      return {
        where: `${method.toUpperCase()} ${path}`,
        op,
        status: Number(status),
        response: deref(op.responses[status]),
      };
    }),
  );

beforeAll(async () => {
  project = await syntheticProject({ operations: OPERATIONS, examples: false });
  ({ spec } = project);
  const { operations } = readOperations(spec);
  const { createClient } = await project.load();
  const mock = await mockServer({ port: 0, say: (line) => said.push(line) });
  try {
    await mock.serve(JSON.stringify(spec));
    const fetched: number[] = [];
    const client = createClient({
      apiKey: "contract-token",
      baseUrl: mock.url,
      maxRetries: 0,
      strictAnswers: true,
      fetch: async (input: Request | string | URL, init?: RequestInit) => {
        const response = await fetch(input, init);
        fetched.push(response.status);
        return response;
      },
    });
    results = await walkEveryOperation(client, spec, operations, fetched);
  } finally {
    await mock.close();
  }
}, 300_000);
afterAll(() => project?.remove());

const byWhere = (where: string) => results.find((r) => r.where.startsWith(`${where} (`))!;

describe("the mock on the synthetic spec with every example taken out", () => {
  it("has no example left, and the real service's size", () => {
    expect(JSON.stringify(spec)).not.toMatch(/"examples?":/);
    expect(specOperations()).toHaveLength(OPERATIONS + 1);
    expect(results).toHaveLength(OPERATIONS + 1);
  });

  it("answers every operation the client sends with its declared success status", () => {
    const wrong = specOperations().flatMap(({ where, status }) => {
      const result = byWhere(where);
      return result.answered && result.statuses?.[0] === status
        ? []
        : [`${where}: ${result.statuses?.join(",")} ${result.cause ?? ""}`];
    });

    expect(wrong, walkReport(results).join("\n")).toEqual([]);
  });

  it(`walks every list ${WALKED_PAGES} pages without a repeated item`, () => {
    const lists = specOperations().filter(({ response }) => response.headers?.["X-Has-More"]);
    const walked = lists.map(({ where }) => byWhere(where));

    expect(lists).toHaveLength(LISTS);
    expect(walked.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`)).toEqual([]);
    for (const result of walked) {
      expect(result.pages).toBe(WALKED_PAGES);
      expect(new Set(result.items).size).toBe(result.items!.length);
    }
  });

  it("reads from every stream an event of each kind its event schema declares", () => {
    const streams = specOperations().filter(({ response }) => response.content?.["text/event-stream"]);
    expect(streams).toHaveLength(5);
    for (const { where, response } of streams) {
      // the kinds as the spec writes them: the mapping's names, else each branch's pinned tag
      const event = deref(response.content["text/event-stream"].schema);
      const tag = event.discriminator?.propertyName;
      const branches: any[] = (event.oneOf ?? event.anyOf ?? []).map(deref);
      const mapped = Object.keys(event.discriminator?.mapping ?? {});
      const kinds = mapped.length
        ? mapped
        : branches.map((b) => b.properties?.[tag]?.const ?? b.properties?.[tag]?.enum?.[0]).filter(Boolean);
      const result = byWhere(where);

      expect(result.ok, `${where}: ${result.cause}`).toBe(true);
      expect(result.events).toBeGreaterThanOrEqual(Math.max(1, kinds.length));
      expect([...(result.seen ?? [])].sort(), where).toEqual(expect.arrayContaining([...kinds].sort()));
    }
  });

  it("says in its log which operations it answered from the schema, once each", () => {
    const replaced = said.filter((line) => line.includes("serves an answer built from the schema"));
    const where = replaced.map((line) => line.split(": ")[1]);

    expect(new Set(where).size).toBe(where.length);
  });
});
