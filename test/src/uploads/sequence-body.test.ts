// A body of JSON values one after another (JSON Lines, NDJSON, a JSON text sequence) given as an async
// iterable: sent as it comes, each item checked before it is written, once. A loopback server reads the
// body chunk by chunk and records what arrived, and when; the client is built from rows of the test's own.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { clientOf } from "../../../src/client/client.js";
import { ApiError, ValidationError } from "../../../src/index.js";
import { pickMedia } from "../../../src/client/media-type.js";
import { sequenceBody } from "../../../src/uploads/sequence-body.js";
import { failure } from "../../support/iterate.js";

const PET: Schema = { type: ["object"], required: ["name"], properties: { name: { type: ["string"] } } };
const UPLOAD: Operation = {
  name: "pets.upload",
  method: "PUT",
  path: "/pets",
  body: "lines",
  bodyType: "application/x-ndjson",
  bodySchema: { type: ["array"], items: PET },
  bodyRequired: true,
  status: 204,
  answer: "empty",
  idempotent: true,
};
const RECORDS: Operation = { ...UPLOAD, name: "pets.records", path: "/records", bodyType: "application/json-seq" };
// JSON by default, NDJSON offered beside it
const EITHER: Operation = {
  ...UPLOAD,
  name: "pets.either",
  path: "/either",
  body: "json",
  bodyType: "application/json",
  bodies: [{ body: "lines", bodyType: "application/x-ndjson" }],
};
type Pets = Record<"upload" | "records" | "either", (body: unknown, options?: object) => Promise<void>>;

interface Arrived {
  method: string;
  headers: IncomingMessage["headers"];
  text: string;
  /** The bytes of the body read so far. */
  bytes: number;
}
const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A server that reads each body chunk by chunk, recording what arrived, then answers with `answer` (204 by default). */
async function reader(answer: (res: ServerResponse) => void = (res) => res.writeHead(204).end()) {
  const requests: Arrived[] = [];
  const waiting: { bytes: number; done: () => void }[] = [];
  const server = createServer((req, res) => {
    const seen: Arrived = { method: req.method ?? "", headers: req.headers, text: "", bytes: 0 };
    requests.push(seen);
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      seen.text += chunk;
      seen.bytes += Buffer.byteLength(chunk);
      for (const wait of waiting.filter((w) => seen.bytes >= w.bytes)) wait.done();
    });
    req.on("end", () => answer(res));
    req.on("error", () => {});
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  // a key every scheme takes (HTTP Basic needs "user:password"), whatever document this checkout holds
  const pets = (options: object = {}) =>
    (
      clientOf(
        { apiKey: "test:sk-test", baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ...options },
        [UPLOAD, RECORDS, EITHER],
        { sequenceBody, pickMedia },
      ) as unknown as { pets: Pets }
    ).pets;
  /** Resolves once the body of the last request has `bytes` bytes; rejects after 5 s. */
  const received = (bytes: number) =>
    new Promise<void>((done, fail) => {
      if ((requests.at(-1)?.bytes ?? 0) >= bytes) return done();
      waiting.push({ bytes, done });
      setTimeout(() => fail(new Error(`the server had not read ${bytes} bytes after 5 s`)), 5000).unref();
    });
  return { requests, pets, received };
}

/** `n` pets named `pet-0`…, each padded so that its line (`{"name":"…"}` and its LF) is `size` bytes. */
async function* pets(n: number, size = 20, between?: (i: number) => Promise<void>) {
  for (let i = 0; i < n; i++) {
    await between?.(i);
    yield { name: `pet-${i}`.padEnd(size - 12, ".") };
  }
}

describe("a body of JSON values one after another, given as an async iterable", () => {
  it("is sent as it comes: the server reads the first line before the iterable has made the last", async () => {
    const server = await reader();
    const first = `${JSON.stringify({ name: "pet-0" })}\n`;

    // the last item is made only once the first line arrived: a client that held the body whole never sends
    await server.pets().upload(pets(3, 0, (i) => (i === 2 ? server.received(first.length) : Promise.resolve())));

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      method: "PUT",
      text: '{"name":"pet-0"}\n{"name":"pet-1"}\n{"name":"pet-2"}\n',
      headers: { "content-type": "application/x-ndjson", "transfer-encoding": "chunked" },
    });
  });

  it("holds one item at a time: the iterable is asked for the next only as the body is read", async () => {
    let made = 0;
    async function* counted() {
      for (let i = 0; ; i++) {
        made++;
        yield { name: `pet-${i}` };
      }
    }
    const { stream } = sequenceBody(counted(), UPLOAD.bodySchema, "application/x-ndjson");
    const body = stream.getReader();
    const decoder = new TextDecoder();

    const before = made;
    const read = [];
    for (let i = 0; i < 3; i++) read.push(decoder.decode((await body.read()).value));
    await new Promise((done) => setTimeout(done, 20));
    const after = made;
    await body.cancel();

    expect(before).toBe(0);
    expect(read).toEqual(['{"name":"pet-0"}\n', '{"name":"pet-1"}\n', '{"name":"pet-2"}\n']);
    expect(after).toBe(3);
  });

  it("checks each item before it is written: one that breaks the schema ends the request with ValidationError naming it", async () => {
    const server = await reader();
    let closed = false;
    async function* items() {
      try {
        yield { name: "Rex" };
        yield { name: "Tom" };
        yield { name: 7 };
        yield { name: "never" };
      } finally {
        closed = true;
      }
    }

    const err = await failure(server.pets({ maxRetries: 2 }).upload(items()));

    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ issues: [{ path: "body[2].name", message: "must be string" }], maybePerformed: true });
    expect(closed).toBe(true);
    expect(server.requests.length).toBeLessThanOrEqual(1);
    expect(server.requests[0]?.text ?? "").not.toContain("never");
  });

  it("ends the request with the iterable's own error, as thrown", async () => {
    const server = await reader();
    const broken = new RangeError("the source broke");
    async function* items() {
      yield { name: "Rex" };
      throw broken;
    }

    expect(await failure(server.pets().upload(items()))).toBe(broken);
  });

  it("is sent once: a 503 after a streamed body is not sent again, where the same items as an array are", async () => {
    const server = await reader((res) => res.writeHead(503, { "Retry-After": "0" }).end());

    const streamed = await failure(server.pets({ maxRetries: 1 }).upload(pets(2)));
    const sent = server.requests.length;
    const array = await failure(server.pets({ maxRetries: 1 }).upload([{ name: "Rex" }]));

    expect(streamed).toBeInstanceOf(ApiError);
    expect(array).toBeInstanceOf(ApiError);
    expect(sent).toBe(1);
    expect(server.requests).toHaveLength(3);
  });

  it("writes a JSON text sequence each item after a record separator, and is chosen by its value where JSON is offered too", async () => {
    const server = await reader();

    await server.pets().records(pets(2, 0));
    await server.pets().either(pets(1, 0));
    await server.pets().either([{ name: "Rex" }]);

    expect(server.requests.map((r) => [r.headers["content-type"], r.text])).toEqual([
      ["application/json-seq", '\u001e{"name":"pet-0"}\n\u001e{"name":"pet-1"}\n'],
      ["application/x-ndjson", '{"name":"pet-0"}\n'],
      ["application/json", '[{"name":"Rex"}]'],
    ]);
  });
});

describe("the writer of items as they come (sequenceBody)", () => {
  const INTEGERS: Schema = { type: ["array"], items: { type: ["integer"] } };
  /** An async iterable over `values` whose iterator has no `return`: a plain one, as a caller may write it. */
  const plain = (values: unknown[], finished: string[] = []): AsyncIterable<unknown> => ({
    [Symbol.asyncIterator]: () => {
      let at = 0;
      return {
        next: async () => {
          if (at < values.length) return { done: false, value: values[at++] };
          finished.push("end");
          return { done: true, value: undefined };
        },
      };
    },
  });
  /** What reading the whole stream gives: its text, or the error it ends with. */
  const read = async (stream: ReadableStream<Uint8Array>) => {
    try {
      return await new Response(stream).text();
    } catch (err) {
      return err;
    }
  };

  it("ends with ValidationError at a bad item of an iterable with no return, nothing acted before the first", async () => {
    const first = sequenceBody(plain(["x"]), INTEGERS, "application/jsonl");
    const second = sequenceBody(plain([1, "x"]), INTEGERS, "application/jsonl");

    const [one, two] = [await read(first.stream), await read(second.stream)];

    expect(one).toBeInstanceOf(ValidationError);
    expect((one as ValidationError).issues).toEqual([{ path: "body[0]", message: "must be integer" }]);
    expect((one as ValidationError).maybePerformed).toBe(false);
    expect((two as ValidationError).issues).toEqual([{ path: "body[1]", message: "must be integer" }]);
    expect((two as ValidationError).maybePerformed).toBe(true);
    expect(first.failure()).toBe(one);
  });

  it("says nothing failed before anything did", () => {
    expect(sequenceBody(plain([1]), INTEGERS, "application/jsonl").failure()).toBeUndefined();
  });

  it("names only what is no JSON in an item, not the schema's issues of what is left of it", async () => {
    const { stream } = sequenceBody(
      plain([{ n: Number.NaN }]),
      { type: ["array"], items: { type: ["object"], required: ["n"], properties: { n: { type: ["integer"] } } } },
      "application/jsonl",
    );

    const err = (await read(stream)) as ValidationError;

    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]!.path).toBe("body[0].n");
  });

  it("checks each item against the array's items behind a $ref, and a schema that is no array against itself", async () => {
    const behindRef = sequenceBody(plain([1, "x"]), { $ref: () => INTEGERS }, "application/jsonl");
    const objects = sequenceBody(plain([{ a: 1 }]), { type: ["object"] }, "application/jsonl");
    const untyped = sequenceBody(plain([{ a: 1 }, 2]), {}, "application/jsonl");

    expect(((await read(behindRef.stream)) as ValidationError).issues).toEqual([
      { path: "body[1]", message: "must be integer" },
    ]);
    expect(await read(objects.stream)).toBe('{"a":1}\n');
    expect(await read(untyped.stream)).toBe('{"a":1}\n2\n');
  });

  it("writes an item after a record separator in a JSON text sequence, with parameters too", async () => {
    const { stream } = sequenceBody(plain([1, 2]), INTEGERS, "application/json-seq; charset=utf-8");

    expect(await read(stream)).toBe("\u001e1\n\u001e2\n");
  });

  it("cancels quietly before anything was read, and reads a $ref loop as the schema it is", async () => {
    const loop: Schema = { $ref: () => loop };

    await expect(sequenceBody(plain([1]), INTEGERS, "application/jsonl").stream.cancel()).resolves.toBeUndefined();
    expect(() => sequenceBody(plain([1]), loop, "application/jsonl")).not.toThrow();
  });

  it("returns the iterator it reads when the body is cancelled, and cancels one with no return quietly", async () => {
    const returned: string[] = [];
    async function* source() {
      try {
        yield 1;
        yield 2;
      } finally {
        returned.push("returned");
      }
    }
    const withReturn = sequenceBody(source(), INTEGERS, "application/jsonl").stream.getReader();
    const without = sequenceBody(plain([1, 2]), INTEGERS, "application/jsonl").stream.getReader();

    await withReturn.read();
    await withReturn.cancel();
    await without.read();
    await without.cancel();

    expect(returned).toEqual(["returned"]);
  });
});
