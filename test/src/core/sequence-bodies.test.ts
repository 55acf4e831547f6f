// A body of JSON values one after another (JSON Lines, NDJSON, a JSON text sequence) built from an
// array, and a number or boolean sent as text: each checked against its schema, then what reaches a
// loopback server is the media type's own writing (the oracle: RFC 7464 and the JSON Lines format,
// written out here), under its own Content-Type.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { clientOf } from "../../../src/client/client.js";
import { ValidationError } from "../../../src/index.js";
import { sequenceBody } from "../../../src/uploads/sequence-body.js";
import { faultServer, reply } from "../../support/fault-server.js";

const ACTIONS: Schema = {
  type: ["array"],
  items: { type: ["object"], required: ["index"], properties: { index: { type: ["string"] } } },
};
const row = (body: "lines" | "text", bodyType: string, bodySchema: Schema): Operation => ({
  name: "bulk.send",
  method: "POST",
  path: "/_bulk",
  body,
  bodySchema,
  bodyType,
  bodyRequired: true,
  status: 204,
  answer: "empty",
  idempotent: false,
  // as the generator writes a row with such a body: it brings the items' writer
  ...(body === "lines" ? { readers: { sequenceBody } } : {}),
});
const send = (url: string, op: Operation) =>
  (
    clientOf({ apiKey: "test:sk-test", baseUrl: url, maxRetries: 0 }, [op]) as unknown as {
      bulk: { send(body: unknown): Promise<unknown> };
    }
  ).bulk.send;

describe("a body of JSON values one after another", () => {
  it.each([
    ["application/x-ndjson", '{"index":"a"}\n{"index":"b"}\n'],
    ["application/jsonl", '{"index":"a"}\n{"index":"b"}\n'],
    ["application/json-seq", '\u001e{"index":"a"}\n\u001e{"index":"b"}\n'],
  ])("goes as %s: each item its own record", async (type, written) => {
    const server = await faultServer(reply(204));

    await send(server.url, row("lines", type, ACTIONS))([{ index: "a" }, { index: "b" }]);

    expect(server.requests.map((r) => [r.headers["content-type"], r.body])).toEqual([[type, written]]);
  });

  it("is checked item by item against the schema, and nothing is sent when one breaks it", async () => {
    const server = await faultServer(reply(204));

    const err = await send(
      server.url,
      row("lines", "application/x-ndjson", ACTIONS),
    )([{ index: "a" }, { index: 3 }]).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).issues).toEqual([{ path: "body[1].index", message: "must be string" }]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a number or boolean sent as text", () => {
  it("goes as its text under the media type, checked against its schema first", async () => {
    const server = await faultServer(reply(204));
    const cutoff = row("text", "text/plain", { type: ["integer"], minimum: 0 });

    await send(server.url, row("text", "text/plain", { type: ["boolean"] }))(true);
    await send(server.url, cutoff)(150);
    const err = await send(server.url, cutoff)(-3).catch((e: unknown) => e);

    expect(server.requests.map((r) => [r.headers["content-type"], r.body])).toEqual([
      ["text/plain", "true"],
      ["text/plain", "150"],
    ]);
    expect(err).toBeInstanceOf(ValidationError);
  });
});
