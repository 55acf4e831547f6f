import fc from "fast-check";
import createFetchClient, { defaultPathSerializer } from "openapi-fetch";
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { ClickMouseRequest, OrgLimits } from "../../../generated/validators.js";
import { method, pathRenderer, type Connection, type Readers } from "../../../src/client/method.js";
import { idempotencyOverrides, rawRequests } from "../../../src/client/raw-operation.js";
import { clientOf } from "../../../src/client/client.js";
import { callHeaders } from "../../../src/client/call-headers.js";
import { givenBody, formBody } from "../../../src/uploads/form-body.js";
import { BrowserCloudError, InternalServerError, ValidationError } from "../../../src/index.js";
import { PagePromise } from "../../../src/lists/pages.js";
import { faultServer, reply } from "../../support/fault-server.js";
import { all } from "../../support/iterate.js";

/** Every item a list method's walk yields, in order. */
const walk = (pages: unknown): Promise<unknown[]> => all(pages as PagePromise<unknown>);

/** A connection straight through openapi-fetch to `baseUrl`, without the client's transport. */
const direct = (baseUrl: string, readers: Readers = {}): Connection => ({
  raw: createFetchClient({ baseUrl }) as never,
  readers,
  fetchFor: (_op, _limits, state) => async (request) => {
    state.address = request.url;
    return (state.answer = await fetch(request));
  },
});

const listWidgets: Operation = {
  name: "widgets.list",
  method: "GET",
  path: "/shops/{shop}/widgets",
  params: ["shop"],
  query: OrgLimits,
  status: 200,
  answer: "other",
  idempotent: true,
};

describe("a method built from a table entry", () => {
  it("takes path parameters in path order, then the query object, and sends them encoded", async () => {
    const server = await faultServer(reply(200, "{}"));
    const entry: Operation = {
      ...listWidgets,
      path: "/shops/{shop}/aisles/{aisle}/widgets",
      params: ["shop", "aisle"],
      query: undefined,
      answer: "json",
    };

    await method(entry, direct(server.url))("s/1", "a 2");

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /shops/s%2F1/aisles/a%202/widgets"]);
  });

  it("refuses an empty path parameter and sends nothing", async () => {
    const server = await faultServer(reply(200, "{}"));

    const err = (await method(
      { ...listWidgets, query: undefined },
      direct(server.url),
    )("").catch((e: unknown) => e)) as ValidationError;

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([{ path: "path.shop", message: "must not be empty" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("holds a path parameter to its schema once it is safe to send, one issue for one mistake", async () => {
    const server = await faultServer(reply(200, "{}"));
    const entry: Operation = {
      ...listWidgets,
      query: undefined,
      answer: "json",
      pathSchemas: { shop: { type: ["string"], pattern: "^s\\d+$" } },
    };
    const call = method(entry, direct(server.url)) as (shop: unknown) => Promise<unknown>;
    const issues = async (shop: unknown) => ((await call(shop).catch((e: unknown) => e)) as ValidationError).issues;

    expect(await issues("x1")).toEqual([{ path: "path.shop", message: "must match /^s\\d+$/" }]);
    expect(await issues("")).toEqual([{ path: "path.shop", message: "must not be empty" }]);
    expect(server.requests).toHaveLength(0);
    await call("s1");
    expect(server.requests.map((r) => r.url)).toEqual(["/shops/s1/widgets"]);
  });

  it("refuses a call without a required header parameter and sends nothing; the call's headers or the client's own carry it in any case", async () => {
    const server = await faultServer(reply(200, "{}"));
    const entry: Operation = {
      ...listWidgets,
      query: undefined,
      answer: "json",
      headerSchemas: { Digest: {} as never, "If-Match": {} as never },
      headersRequired: ["Digest", "If-Match"],
    };

    const err = (await method(entry, direct(server.url, { callHeaders }))("s1", {
      headers: { "if-match": "v1" },
    }).catch((e: unknown) => e)) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([{ path: "header.Digest", message: "is required" }]);
    expect(server.requests).toHaveLength(0);

    await method(entry, direct(server.url, { callHeaders }))("s1", {
      headers: { digest: "sha-256=x", "If-Match": "v1" },
    });
    await method(entry, { ...direct(server.url, { callHeaders }), sends: new Set(["digest"]) })("s1", {
      headers: { "IF-MATCH": "v2" },
    });
    expect(server.requests.map((r) => [r.headers.digest, r.headers["if-match"]])).toEqual([
      ["sha-256=x", "v1"],
      // the client's own header is sent by the client's openapi-fetch, not by this stand-in
      [undefined, "v2"],
    ]);
  });

  it("resolves to the Response itself for an answer that is not JSON, body unread", async () => {
    const server = await faultServer(reply(200, "event: ping\n\n", { "Content-Type": "text/event-stream" }));

    const response = (await method({ ...listWidgets, query: undefined }, direct(server.url))("s1")) as Response;

    expect(response).toBeInstanceOf(Response);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe("event: ping\n\n");
  });
});

describe("a method of a method 3.1 has no field for (OpenAPI 3.2's QUERY, an additionalOperations COPY)", () => {
  const search: Operation = {
    name: "clicks.search",
    method: "QUERY",
    path: "/clicks",
    body: "json",
    bodySchema: ClickMouseRequest,
    bodyType: "application/json",
    bodyRequired: true,
    status: 200,
    answer: "json",
    idempotent: true,
  };

  it("is sent as itself through openapi-fetch's request(), its body as checked", async () => {
    const server = await faultServer(reply(200, { found: 1 }));

    await method(search, direct(server.url))({ x: 1, y: 2 });
    const copy: Operation = {
      ...search,
      name: "clicks.copy",
      method: "COPY",
      body: undefined,
      bodyRequired: undefined,
    };
    await method(copy, direct(server.url))();

    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["QUERY", "/clicks", '{"x":1,"y":2}'],
      ["COPY", "/clicks", ""],
    ]);
  });

  it("is sent again after a 503 by the client's transport where its row says idempotent, once where it does not", async () => {
    const busy = reply(503, { message: "busy" }, { "Retry-After": "0" });
    const once = await faultServer(busy, reply(200, { found: 1 }));
    const twice = await faultServer(busy, reply(200, { found: 1 }));
    const client = (url: string, op: Operation) =>
      clientOf({ apiKey: "sk-test-4f9a7c1e", baseUrl: url }, [op]) as unknown as {
        clicks: { search: (body: unknown) => Promise<unknown> };
      };

    await expect(client(twice.url, search).clicks.search({ x: 1, y: 2 })).resolves.toEqual({ found: 1 });
    await expect(
      client(once.url, { ...search, method: "LOCK", idempotent: false }).clicks.search({ x: 1, y: 2 }),
    ).rejects.toBeInstanceOf(InternalServerError);

    expect(twice.requests.map((r) => [r.method, r.body])).toEqual([
      ["QUERY", '{"x":1,"y":2}'],
      ["QUERY", '{"x":1,"y":2}'],
    ]);
    expect(once.requests.map((r) => r.method)).toEqual(["LOCK"]);
  });
});

describe("a row that leaves its path parameters and its idempotency to their defaults", () => {
  const row: Operation = {
    name: "runs.act",
    method: "PUT",
    path: "/shops/{shop}/runs/{run}#act",
    status: 200,
    answer: "json",
  };
  const client = (url: string, op: Operation) =>
    clientOf({ apiKey: "sk-test-4f9a7c1e", baseUrl: url }, [op]) as unknown as {
      runs: { act: (...args: unknown[]) => Promise<unknown> };
    };

  it("takes its template's path parameters, in their order, and checks each", async () => {
    const server = await faultServer(reply(200, {}));

    await method(row, direct(server.url))("s/1", "r 2");
    const err = await method(row, direct(server.url))("s1", "")
      .then(() => undefined)
      .catch((e: unknown) => e);

    expect(server.requests.map((r) => r.url)).toEqual(["/shops/s%2F1/runs/r%202"]);
    expect((err as ValidationError).issues.map((i) => i.path)).toEqual(["path.run"]);
  });

  it("is sent again after a 503 as its method's rule says: a PUT is, a POST is not", async () => {
    const busy = reply(503, { message: "busy" }, { "Retry-After": "0" });
    const put = await faultServer(busy, reply(200, {}));
    const post = await faultServer(busy, reply(200, {}));

    await expect(client(put.url, row).runs.act("s1", "r1")).resolves.toEqual({});
    await expect(client(post.url, { ...row, method: "POST" }).runs.act("s1", "r1")).rejects.toBeInstanceOf(
      InternalServerError,
    );

    expect(put.requests.map((r) => r.method)).toEqual(["PUT", "PUT"]);
    expect(post.requests.map((r) => r.method)).toEqual(["POST"]);
  });
});

describe("a list whose table brings no page reader", () => {
  // this project's spec has no list, so its generated table exports none
  const pagedWidgets: Operation = { ...listWidgets, query: undefined, answer: "json", page: { style: "link" } };

  it("fails loudly, naming the command that writes the reader, and sends nothing", async () => {
    const server = await faultServer(reply(200, "[]"));

    const calling = () => method(pagedWidgets, direct(server.url))("s1");

    expect(calling).toThrow(BrowserCloudError);
    expect(calling).toThrow("widgets.list: no page reader; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });

  it("walks the pages with the reader the call brings instead", async () => {
    const server = await faultServer(reply(200, '[{"id":"w1"},{"id":"w2"}]', { "Content-Type": "application/json" }));
    const call = direct(server.url, { PageList: PagePromise });

    const items = await walk(method(pagedWidgets, call)("s1"));

    expect(items).toEqual([{ id: "w1" }, { id: "w2" }]);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /shops/s1/widgets"]);
  });
});

describe("a list without a query", () => {
  it("takes the walk's bounds right after the path parameters", async () => {
    const page = (n: number) =>
      reply(200, `[{"id":"w${n}"}]`, {
        "Content-Type": "application/json",
        Link: `</shops/s1/widgets?page=${n + 1}>; rel="next"`,
      });
    const server = await faultServer(page(1), page(2));
    const call = direct(server.url, { PageList: PagePromise });
    const widgets: Operation = { ...listWidgets, query: undefined, answer: "json", page: { style: "link" } };

    const items = await walk(method(widgets, call)("s1", { maxPages: 1 }));

    expect(items).toEqual([{ id: "w1" }]);
    expect(server.requests).toHaveLength(1);
  });
});

describe("a list with a body", () => {
  it("takes the body after the path parameters and the walk's bounds after the body", async () => {
    const page = (n: number) =>
      reply(200, `[{"id":"w${n}"}]`, {
        "Content-Type": "application/json",
        Link: `</shops/s1/widgets/search?page=${n + 1}>; rel="next"`,
      });
    const server = await faultServer(page(1), page(2));
    const call = direct(server.url, { PageList: PagePromise, givenBody });
    const search: Operation = {
      ...listWidgets,
      method: "POST",
      path: "/shops/{shop}/widgets/search",
      query: undefined,
      body: "raw",
      bodyType: "text/plain",
      answer: "json",
      page: { style: "link" },
    };

    const items = await walk(method(search, call)("s1", "color=red", { maxPages: 1 }));

    expect(items).toEqual([{ id: "w1" }]);
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      "POST /shops/s1/widgets/search color=red",
    ]);
  });
});

describe("a list with a query", () => {
  // the click's body schema as the query: { x, y } integers of at least 0
  const pagedPoints: Operation = { ...listWidgets, query: ClickMouseRequest, answer: "json", page: { style: "link" } };

  it("takes the query after the path parameters and the walk's bounds after the query", async () => {
    const page = (n: number) =>
      reply(200, `[{"id":"w${n}"}]`, {
        "Content-Type": "application/json",
        Link: `</shops/s1/widgets?x=1&y=2&page=${n + 1}>; rel="next"`,
      });
    const server = await faultServer(page(1), page(2), page(3));
    const call = direct(server.url, { PageList: PagePromise });

    const items = await walk(method(pagedPoints, call)("s1", { x: 1, y: 2 }, { maxPages: 2 }));

    expect(items).toEqual([{ id: "w1" }, { id: "w2" }]);
    expect(server.requests.map((r) => r.url)).toEqual([
      "/shops/s1/widgets?x=1&y=2",
      "/shops/s1/widgets?x=1&y=2&page=2",
    ]);
  });
});

describe("a stream whose table brings no reader", () => {
  it.each([
    ["an event stream", "stream", "text/event-stream", "data: 1\n\n", "no stream reader"],
    ["a sequence of JSON items", "sequence", "application/jsonl", '{"id":"w1"}\n', "no item stream reader"],
  ] as const)(
    "of %s fails loudly, naming the command that writes the reader, and sends nothing",
    async (_, answer, type, body, missing) => {
      const server = await faultServer(reply(200, body, { "Content-Type": type }));
      const follow: Operation = { ...listWidgets, query: undefined, answer };

      const err = await (method(follow, direct(server.url)) as (id: string) => Promise<unknown>)("s1").catch(
        (e: unknown) => e,
      );

      expect(err).toBeInstanceOf(BrowserCloudError);
      expect((err as Error).message).toBe(`widgets.list: ${missing}; run npm run generate`);
      expect(server.requests).toHaveLength(0);
    },
  );
});

describe("a list whose pages link to the next", () => {
  const pagedWidgets: Operation = { ...listWidgets, query: undefined, answer: "json", page: { style: "link" } };

  it("follows a relative Link rel=next against the address of the page it came on, query and all", async () => {
    const server = await faultServer(
      reply(200, '[{"id":"w1"}]', {
        "Content-Type": "application/json",
        Link: '</shops/s1/widgets?cursor=c%202&limit=1>; rel="next"',
      }),
      reply(200, '[{"id":"w2"}]', { "Content-Type": "application/json" }),
    );
    const call = direct(server.url, { PageList: PagePromise });

    const items = await walk(method(pagedWidgets, call)("s1"));

    expect(items).toEqual([{ id: "w1" }, { id: "w2" }]);
    expect(server.requests.map((r) => r.url)).toEqual(["/shops/s1/widgets", "/shops/s1/widgets?cursor=c%202&limit=1"]);
  });
});

describe("the raw client's retry policy", () => {
  it("follows an operation's x-idempotent where it overrides the HTTP method, and says nothing elsewhere", () => {
    const table: Operation[] = [
      {
        name: "runs.create",
        method: "PUT",
        path: "/runs/{id}",
        params: ["id"],
        status: 200,
        answer: "empty",
        idempotent: false,
      },
      { name: "searches.run", method: "POST", path: "/searches", status: 200, answer: "json", idempotent: true },
      {
        name: "runs.retrieve",
        method: "GET",
        path: "/runs/{id}",
        params: ["id"],
        status: 200,
        answer: "json",
        idempotent: true,
      },
    ];
    const idempotent = idempotencyOverrides(table, "https://api.example.com/v1");

    expect(idempotent("PUT", "https://api.example.com/v1/runs/r_1")).toBe(false);
    expect(idempotent("POST", "https://api.example.com/v1/searches?q=1")).toBe(true);
    expect(idempotent("GET", "https://api.example.com/v1/runs/r_1")).toBeUndefined();
    expect(idempotent("PUT", "https://api.example.com/v1/runs/r_1/extra")).toBeUndefined();
    // the whole path after the base path is the template: neither a shorter nor a longer one is the operation
    expect(idempotent("PUT", "https://api.example.com/runs/r_1")).toBeUndefined();
    expect(idempotent("POST", "https://api.example.com/v1/x/searches")).toBeUndefined();
  });

  it("reads a raw request's operation and whether it may go twice: its x-idempotent, else the IANA registry's rule", () => {
    const table: Operation[] = [
      { name: "runs.create", method: "PUT", path: "/runs/{id}", status: 200, answer: "empty", idempotent: false },
      { name: "runs.retrieve", method: "GET", path: "/runs/{id}", status: 200, answer: "json" },
    ];
    const read = rawRequests(table, "https://api.example.com/v1");
    const at = (path: string) => `https://api.example.com/v1${path}`;

    expect(read("PUT", at("/runs/r_1"))).toEqual({ op: table[0], idempotent: false });
    expect(read("GET", at("/runs/r_1"))).toEqual({ op: table[1], idempotent: true });
    // no operation of the table: the method's rule, the registry's methods (COPY) included
    expect(["COPY", "QUERY", "LOCK", "POST"].map((method) => read(method, at("/other")))).toEqual([
      { op: undefined, idempotent: true },
      { op: undefined, idempotent: true },
      { op: undefined, idempotent: false },
      { op: undefined, idempotent: false },
    ]);
  });
});

describe("the path of a request", () => {
  // the oracle is openapi-fetch's own serializer, which the renderer stands in for
  const templates = [
    "/things/{id}",
    "/things/{id}/parts/{part_id}/act",
    "/{a}",
    "/x/{id}.json",
    "/v1/{id}{suffix}",
    "/org/limits",
  ];

  it("is written as openapi-fetch writes it, for any well-formed id", () => {
    const id = fc.string({ unit: "grapheme", maxLength: 12 }).filter((s) => s !== "");
    fc.assert(
      fc.property(fc.constantFrom(...templates), id, id, (template, a, b) => {
        const url = `https://api.example.com/base${template}`;
        const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((name, i) => [name, i % 2 ? b : a]));
        expect(pathRenderer(template)!(url, params)).toBe(defaultPathSerializer(url, params));
      }),
      { numRuns: 2_000 },
    );
  });

  it("percent-encodes what would change the address", () => {
    expect(pathRenderer("/things/{id}/act")!("http://h/things/{id}/act", { id: "a/b?c#d%e f" })).toBe(
      "http://h/things/a%2Fb%3Fc%23d%25e%20f/act",
    );
  });

  it("leaves label, matrix and exploded parameters to openapi-fetch, and a template without any as it is", () => {
    expect(pathRenderer("/things/{.id}")).toBeUndefined();
    expect(pathRenderer("/things/{;id}")).toBeUndefined();
    expect(pathRenderer("/things/{id*}")).toBeUndefined();
    expect(pathRenderer("/things")!("https://h/v1/things", {})).toBe("https://h/v1/things");
  });

  it("leaves a variant's #name out of the address: the request goes to the path before it", () => {
    expect(pathRenderer("/things#stream")!("https://h/v1/things#stream", {})).toBe("https://h/v1/things");
    expect(pathRenderer("/files/{id}#get_shared_link")!("https://h/files/{id}#get_shared_link", { id: "a/b" })).toBe(
      "https://h/files/a%2Fb",
    );
    expect(pathRenderer("/files/{.id}#link")!("https://h/files/{.id}#link", { id: "f" })).toBe("https://h/files/.f");
  });
});

describe("the inputs a method refuses before sending", () => {
  // the click's body: { x, y } integers of at least 0, nothing else
  const CLICK_SCHEMA = ClickMouseRequest;
  const createWidget: Operation = {
    name: "widgets.create",
    method: "POST",
    path: "/widgets",
    body: "json",
    bodySchema: CLICK_SCHEMA,
    bodyType: "application/json",
    bodyRequired: true,
    status: 200,
    answer: "empty",
    idempotent: false,
  };
  const searchWidgets: Operation = {
    name: "widgets.search",
    method: "GET",
    path: "/widgets",
    query: CLICK_SCHEMA,
    queryRequired: true,
    status: 200,
    answer: "empty",
    idempotent: true,
  };
  const refusal = async (op: Operation, ...args: unknown[]) => {
    const server = await faultServer(reply(200));
    const err = (await (method(op, direct(server.url)) as (...a: unknown[]) => Promise<unknown>)(...args).catch(
      (e: unknown) => e,
    )) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(0);
    return err.issues;
  };

  it("refuses a call without its required body", async () => {
    expect(await refusal(createWidget)).toEqual([{ path: "body", message: "is required" }]);
  });

  it("sends no body when an optional one is left out", async () => {
    const server = await faultServer(reply(200));
    const { bodyRequired: _, ...optional } = createWidget;

    await method(optional, direct(server.url))();

    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([["POST", "/widgets", ""]]);
  });

  it("refuses a call without its required query", async () => {
    expect(await refusal(searchWidgets)).toEqual([{ path: "query", message: "is required" }]);
  });

  it("checks the query against its schema, naming each field from query", async () => {
    expect(await refusal(searchWidgets, { x: 1, y: -1, z: 0 })).toEqual([
      { path: "query.y", message: "must be >= 0" },
      { path: "query.z", message: "is not a known field" },
    ]);
  });

  it("checks a query only once it is plain data: a query that is not says only that", async () => {
    expect(await refusal(searchWidgets, { x: 1, y: () => 2 })).toEqual([
      { path: "query.y", message: "is a function, which JSON cannot carry: pass data" },
    ]);
  });

  it("takes the query of an operation with a body from the options, and the body from its argument", async () => {
    const server = await faultServer(reply(200));
    const both: Operation = { ...createWidget, query: CLICK_SCHEMA };

    await method(both, direct(server.url))({ x: 3, y: 4 }, { query: { x: 1, y: 2 } });

    expect(server.requests.map((r) => [r.url, r.body])).toEqual([["/widgets?x=1&y=2", '{"x":3,"y":4}']]);
  });

  it("sends no query for an operation that declares none, whatever the options say", async () => {
    const server = await faultServer(reply(200));

    await method(createWidget, direct(server.url))({ x: 3, y: 4 }, { query: { x: 1 } });

    expect(server.requests.map((r) => r.url)).toEqual(["/widgets"]);
  });

  it("sends a query that passes, as the query string", async () => {
    const server = await faultServer(reply(200));

    await method(searchWidgets, direct(server.url))({ x: 1, y: 2 });

    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /widgets?x=1&y=2"]);
  });
});

describe("a raw body", () => {
  // a PUT, so that the transport would send it again after a 503
  const putFile: Operation = {
    name: "files.put",
    method: "PUT",
    path: "/files/{id}",
    params: ["id"],
    body: "raw",
    bodyType: "application/octet-stream",
    bodyRequired: true,
    status: 204,
    answer: "empty",
    idempotent: true,
  };
  const NO_WAIT = { "Retry-After": "0" };
  const put = (url: string, op: Operation = putFile) =>
    (
      clientOf({ apiKey: "sk-test", baseUrl: url }, [op], { givenBody }) as unknown as {
        files: { put(id: string, body: unknown): Promise<unknown> };
      }
    ).files.put;
  const bytes = () => new Blob([new Uint8Array([0x66, 0x69, 0x6c, 0x65])]);
  const stream = () =>
    new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array([0x66, 0x69, 0x6c, 0x65])), c.close()) });

  it("goes out as given, under the spec's media type", async () => {
    const server = await faultServer(reply(204));

    await put(server.url)("f1", bytes());

    expect(server.requests.map((r) => [r.method, r.url, r.headers["content-type"], r.body])).toEqual([
      ["PUT", "/files/f1", "application/octet-stream", "file"],
    ]);
  });

  it("is sent again after a 503 when it is bytes, which can be read twice", async () => {
    const server = await faultServer(reply(503, undefined, NO_WAIT), reply(204));

    await put(server.url)("f1", bytes());

    expect(server.requests.map((r) => r.body)).toEqual(["file", "file"]);
  });

  it("gets one attempt when it is a stream, which is read as it is sent", async () => {
    const server = await faultServer(reply(503, undefined, NO_WAIT), reply(204));

    const err = await put(server.url)("f1", stream()).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(InternalServerError);
    expect(server.requests.map((r) => [r.headers["content-type"], r.body])).toEqual([
      ["application/octet-stream", "file"],
    ]);
  });

  it("is refused, and nothing sent, when a binary body is not bytes", async () => {
    const server = await faultServer(reply(204));

    const err = (await put(server.url)("f1", "file").catch((e: unknown) => e)) as ValidationError;

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([
      { path: "body", message: "must be a Blob, an ArrayBuffer or a view of one, or a ReadableStream of bytes" },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("may be left out when optional: nothing is sent as the body, and nothing refused", async () => {
    const server = await faultServer(reply(204));
    const { bodyRequired: _, ...optional } = putFile;

    await put(server.url, optional)("f1", undefined);

    expect(server.requests.map((r) => [r.method, r.body])).toEqual([["PUT", ""]]);
  });

  it("of an operation whose table entry names no media type goes out as given", async () => {
    const server = await faultServer(reply(204));
    const { bodyType: _, ...untyped } = putFile;

    await put(server.url, untyped)("f1", "as given");

    expect(server.requests.map((r) => r.body)).toEqual(["as given"]);
  });

  it("fails loudly, naming the command that writes its check, when the table brings none", async () => {
    const server = await faultServer(reply(204));
    const bare = (
      clientOf({ apiKey: "sk-test", baseUrl: server.url }, [putFile]) as unknown as {
        files: { put(id: string, body: unknown): Promise<unknown> };
      }
    ).files.put;

    const err = await bare("f1", bytes()).catch((e: unknown) => e);

    expect((err as Error).message).toBe("files.put: no body check; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });

  it("is refused when required and missing", async () => {
    const server = await faultServer(reply(204));

    const err = (await put(server.url)("f1", undefined).catch((e: unknown) => e)) as ValidationError;

    expect(err.issues).toEqual([{ path: "body", message: "is required" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("of text goes out under its own media type, and a FormData under fetch's multipart type with its boundary", async () => {
    const server = await faultServer(reply(204));
    const form = new FormData();
    form.append("note", "hi");

    await put(server.url, { ...putFile, bodyType: "text/plain" })("f1", "plain words");
    await put(server.url, { ...putFile, bodyType: "multipart/form-data" })("f2", form);

    const [text, multipart] = server.requests;
    expect([text!.headers["content-type"], text!.body]).toEqual(["text/plain", "plain words"]);
    expect(multipart!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(multipart!.body).toContain('name="note"\r\n\r\nhi\r\n');
  });
});

describe("a multipart form", () => {
  // its fields checked against the click's body schema: { x, y } integers of at least 0
  const upload: Operation = {
    name: "points.upload",
    method: "POST",
    path: "/points",
    body: "raw",
    bodySchema: ClickMouseRequest,
    bodyType: "multipart/form-data",
    bodyRequired: true,
    form: { files: [] },
    status: 204,
    answer: "empty",
    idempotent: false,
  };
  const send = (url: string, readers: object, op: Operation = upload) =>
    (
      clientOf({ apiKey: "sk-test", baseUrl: url }, [op], readers) as unknown as {
        points: { upload(body: unknown): Promise<unknown> };
      }
    ).points.upload;

  it("is built from the fields by the form reader and sent with fetch's multipart type", async () => {
    const server = await faultServer(reply(204));

    await send(server.url, { formBody })({ x: 1, y: 2 });

    const [request] = server.requests;
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(request!.body).toMatch(/name="x"\r\n\r\n1\r\n[\s\S]*name="y"\r\n\r\n2\r\n/);
  });

  it("is checked against the body's schema, and nothing sent when a field breaks it", async () => {
    const server = await faultServer(reply(204));

    const err = (await send(server.url, { formBody })({ x: 1, y: -2 }).catch((e: unknown) => e)) as ValidationError;

    expect(err.issues).toEqual([{ path: "body.y", message: "must be >= 0" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("is left out, and no body sent, when it is optional and not given", async () => {
    const server = await faultServer(reply(204));
    const { bodyRequired: _, ...optional } = upload;

    await send(server.url, { formBody }, optional)(undefined);

    expect(server.requests.map((r) => [r.method, r.body])).toEqual([["POST", ""]]);
  });

  it("fails loudly, naming the command that writes the reader, when the table brings none", async () => {
    const server = await faultServer(reply(204));

    const err = await send(server.url, {})({ x: 1, y: 2 }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(BrowserCloudError);
    expect((err as Error).message).toBe("points.upload: no form builder; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });
});
