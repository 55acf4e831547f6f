// An operation whose own security scheme carries the key as a query parameter (an `apiKey` scheme
// `in: query`), on a table of the test's own: this project's document sends a bearer token. What the
// server received is the oracle: the key in the address, once, never in a header, whether the
// method's Request or one a middleware made in its place was sent.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { clientOf } from "../../../src/client/client.js";
import { keyInQuery } from "../../../src/core/key-in-query.js";
import { givenBody } from "../../../src/uploads/form-body.js";
import { faultServer, reply } from "../../support/fault-server.js";

const KEY = "sk-query-7d1e";
const NOTE: Schema = { type: ["object"], required: ["text"], properties: { text: { type: ["string"] } } };
const find: Operation = {
  name: "notes.find",
  method: "GET",
  path: "/notes",
  status: 200,
  answer: "empty",
  idempotent: true,
  security: { kind: "query", name: "api_key" },
};
const add: Operation = {
  name: "notes.add",
  method: "POST",
  path: "/notes",
  body: "json",
  bodySchema: NOTE,
  bodyType: "application/json",
  bodyRequired: true,
  status: 204,
  answer: "empty",
  idempotent: false,
  security: { kind: "query", name: "api_key" },
};
type Notes = { notes: { find(query?: object): Promise<unknown>; add(body: unknown): Promise<unknown> } };
const client = (url: string) => clientOf({ apiKey: KEY, baseUrl: url, maxRetries: 0 }, [find, add], { keyInQuery });
const notes = (c: ReturnType<typeof client>) => (c as unknown as Notes).notes;

describe("a key carried in the query", () => {
  it("is refused loudly by a client without its writer (generated/ older than the spec), and nothing is sent", async () => {
    const server = await faultServer(reply(200));
    const bare = clientOf({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 }, [find]) as unknown as Notes;

    await expect(bare.notes.find()).rejects.toThrow(
      "the key goes in the query, and this client has no writer of it; run npm run generate",
    );
    expect(server.requests).toEqual([]);
  });

  it("goes in the address of a method's request, and in no header", async () => {
    const server = await faultServer(reply(200));

    await notes(client(server.url)).find();

    expect(server.requests.map((r) => r.url)).toEqual([`/notes?api_key=${KEY}`]);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("goes in the address of a request a middleware made in place of the method's, its body sent as made", async () => {
    const server = await faultServer(reply(204));
    const c = client(server.url);
    c.raw.use({
      onRequest: ({ request }: { request: Request }) =>
        new Request(`${request.url}?api_key=forged&trace=1`, {
          method: request.method,
          headers: request.headers,
          body: JSON.stringify({ text: "from the middleware" }),
        }),
    });

    await notes(c).add({ text: "hi" });

    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ["POST", `/notes?trace=1&api_key=${KEY}`, '{"text":"from the middleware"}'],
    ]);
  });

  it("goes in the address of a raw request to the operation's path", async () => {
    const server = await faultServer(reply(200));

    await client(server.url).raw.GET("/notes" as never);

    expect(server.requests.map((r) => r.url)).toEqual([`/notes?api_key=${KEY}`]);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe("an operation's own scheme", () => {
  it("holds the client's key to it: HTTP basic refuses a key that is no user:password, before anything is sent", () => {
    const basic: Operation = { ...find, security: { kind: "basic" } };

    expect(() => clientOf({ apiKey: "no-colon-key", baseUrl: "http://127.0.0.1:9" }, [basic])).toThrow(
      /^apiKey must be "user:password" for HTTP Basic authentication/,
    );
  });

  it("sends a streamed body once, as it is read, with the key in the query of the method's own request", async () => {
    const server = await faultServer(reply(204));
    const upload: Operation = {
      ...add,
      name: "notes.upload",
      body: "raw",
      bodySchema: undefined,
      bodyType: "application/octet-stream",
    };
    const c = clientOf({ apiKey: KEY, baseUrl: server.url, maxRetries: 0 }, [upload], {
      givenBody,
      keyInQuery,
    }) as unknown as {
      notes: { upload(body: unknown): Promise<unknown> };
    };
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("first,"));
        controller.enqueue(encoder.encode("second"));
        controller.close();
      },
    });

    await c.notes.upload(body);

    expect(server.requests.map((r) => [r.url, r.body])).toEqual([[`/notes?api_key=${KEY}`, "first,second"]]);
  });
});
