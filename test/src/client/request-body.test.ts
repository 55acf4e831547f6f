// A body an operation offers as several media types: which one a call sends (its contentType, else
// what the value is, else the row's own), the bytes and Content-Type that reach a loopback server, and
// the check of the schema of the media type sent. Rows are written here, with schemas of their own.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { clientOf } from "../../../src/client/client.js";
import { ClientError } from "../../../src/core/errors.js";
import { ValidationError } from "../../../src/index.js";
import { givenBody, formBody } from "../../../src/uploads/form-body.js";
import { pickMedia } from "../../../src/client/media-type.js";
import { sequenceBody } from "../../../src/uploads/sequence-body.js";
import { urlEncodedBody } from "../../../src/uploads/url-encoded.js";
import { faultServer, reply, type SeenRequest } from "../../support/fault-server.js";

// the multipart form's own fields (a file is a string in a schema): not those of the JSON body
const UPLOAD: Schema = {
  type: ["object"],
  required: ["caption"],
  additionalProperties: false,
  properties: {
    caption: { type: ["string"], minLength: 1 },
    file: { type: ["string"] },
    pages: { type: ["array"], items: { type: ["string"] } },
    count: { type: ["integer"], minimum: 1 },
  },
};

// the JSON body's own: { x, y } integers of at least 0, a button of five, nothing else
const POINT: Schema = {
  type: ["object"],
  required: ["x", "y"],
  additionalProperties: false,
  properties: {
    x: { type: ["integer"], minimum: 0 },
    y: { type: ["integer"], minimum: 0 },
    button: { type: ["string"], enum: ["left", "right", "middle", "back", "forward"] },
    click_type: { type: ["string"], enum: ["down", "up", "click"] },
    hold_keys: { type: ["array"], items: { type: ["string"] } },
    num_clicks: { type: ["integer"] },
  },
};

// JSON, its default (POINT); the same as a urlencoded form; a multipart form of its own; text; bytes
const place: Operation = {
  name: "points.place",
  method: "POST",
  path: "/points",
  body: "json",
  bodySchema: POINT,
  bodyType: "application/json",
  bodyRequired: true,
  bodies: [
    { body: "urlencoded", bodyType: "application/x-www-form-urlencoded" },
    { body: "raw", bodyType: "multipart/form-data", bodySchema: UPLOAD, form: { files: ["file", "pages[]"] } },
    { body: "raw", bodyType: "text/plain" },
    { body: "raw", bodyType: "application/octet-stream" },
  ],
  status: 204,
  answer: "empty",
  idempotent: false,
};
const READERS = { pickMedia, formBody, urlEncodedBody, givenBody };
// a row with a body of JSON values one after another brings their writer
const WRITERS = { ...READERS, sequenceBody };
// a key every scheme takes (HTTP Basic needs "user:password"), whatever document this checkout holds
const KEY = "test:sk-test";

type Place = (body: unknown, options?: { contentType?: string }) => Promise<unknown>;
const send = (url: string, op: Operation = place, readers: object = READERS): Place =>
  (
    clientOf({ apiKey: KEY, baseUrl: url, maxRetries: 0 }, [op], readers) as unknown as {
      points: { place: Place };
    }
  ).points.place;

/** What reached the server: its Content-Type and body. */
const sent = (r: SeenRequest) => [r.headers["content-type"], r.body];
/** The multipart form a server received, read back by undici's own parser, as [name, text or "file <name>: <text>"]. */
async function formOf(r: SeenRequest): Promise<[string, string][]> {
  const form = await new Response(r.body, {
    headers: { "Content-Type": String(r.headers["content-type"]) },
  }).formData();
  const out: Promise<[string, string]>[] = [];
  form.forEach((value, name) =>
    out.push(
      typeof value === "string"
        ? Promise.resolve([name, value])
        : value.text().then((text) => [name, `file ${value.name}: ${text}`]),
    ),
  );
  return Promise.all(out);
}
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as ValidationError,
  );

describe("a body offered as several media types, chosen by the value", () => {
  it("goes as JSON, the row's own, when it is plain data", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ x: 1, y: 2 });

    expect(server.requests.map(sent)).toEqual([["application/json", '{"x":1,"y":2}']]);
  });

  it("goes as the multipart form when a field holds a Blob, with fetch's boundary", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ caption: "greeting", file: new File(["hello"], "a.txt") });

    const [request] = server.requests;
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(await formOf(request!)).toEqual([
      ["caption", "greeting"],
      ["file", "file a.txt: hello"],
    ]);
  });

  it("goes as the multipart form when an array field holds a Blob", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ caption: "scan", pages: [new Blob(["p1"]), new Blob(["p2"])] });

    expect(await formOf(server.requests[0]!)).toEqual([
      ["caption", "scan"],
      ["pages", "file pages: p1"],
      ["pages", "file pages: p2"],
    ]);
  });

  it("is read as the multipart form when an array field holds a Blob among text, whose check names the item that is no file", async () => {
    const server = await faultServer(reply(204));

    const err = await refusal(send(server.url)({ caption: "scan", pages: ["cover", new Blob(["p1"])] }));

    expect(err!.issues).toEqual([
      { path: "body.pages[0]", message: "must be a Blob or File (fs.openAsBlob(path) for a file on disk)" },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("goes as the multipart form when it is a FormData, its text read as the form's schema says and checked", async () => {
    const server = await faultServer(reply(204));
    const form = new FormData();
    form.append("caption", "from a form");
    form.append("count", "3");
    form.append("file", new File(["bytes"], "b.bin"));
    const wrong = new FormData();
    wrong.append("caption", "from a form");
    wrong.append("count", "0");

    await send(server.url)(form);
    const err = await refusal(send(server.url)(wrong));

    expect(await formOf(server.requests[0]!)).toEqual([
      ["caption", "from a form"],
      ["count", "3"],
      ["file", "file b.bin: bytes"],
    ]);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err!.issues).toEqual([{ path: "body.count", message: "must be >= 1" }]);
    expect(server.requests).toHaveLength(1);
  });

  it("goes as the urlencoded form when it is a URLSearchParams, read as numbers where the schema says so and checked", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)(new URLSearchParams("x=3&y=4"));
    const errors = await Promise.all([
      refusal(send(server.url)(new URLSearchParams("x=-1&y=4"))),
      refusal(send(server.url)(new URLSearchParams("x=three&y=4"))),
    ]);

    expect(server.requests.map(sent)).toEqual([["application/x-www-form-urlencoded", "x=3&y=4"]]);
    expect(errors.map((e) => e!.issues)).toEqual([
      [{ path: "body.x", message: "must be >= 0" }],
      [{ path: "body.x", message: "must be integer" }],
    ]);
  });

  it("goes as the first media type sent as given when it is text, bytes or a stream", async () => {
    const server = await faultServer(reply(204));
    const bytes = new Uint8Array([0x6f, 0x6b]);

    await send(server.url)("plain words");
    await send(server.url)(new Blob(["a blob"]));
    await send(server.url)(bytes);
    await send(server.url)(new ReadableStream({ start: (c) => (c.enqueue(bytes), c.close()) }));

    expect(server.requests.map(sent)).toEqual([
      ["text/plain", "plain words"],
      ["text/plain", "a blob"],
      ["text/plain", "ok"],
      ["text/plain", "ok"],
    ]);
  });

  it("goes as the row's own when its kind is not offered, whose check names what is wrong", async () => {
    const server = await faultServer(reply(204));
    const jsonOrForm: Operation = { ...place, bodies: [place.bodies![0]!] };

    const err = await refusal(send(server.url, jsonOrForm)({ x: 1, y: 2, file: new Blob(["x"]) }));

    expect(err!.issues).toEqual([{ path: "body.file", message: "is a Blob: pass a plain object" }]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("a body offered as several media types, that is no value", () => {
  it.each([
    ["null", null, [{ path: "body", message: "must be object" }]],
    ["undefined", undefined, [{ path: "body", message: "is required" }]],
  ])("is refused as the row's own when %s, and nothing is sent", async (_, body, issues) => {
    const server = await faultServer(reply(204));

    const err = await refusal(send(server.url)(body));

    expect(err).toBeInstanceOf(ValidationError);
    expect(err!.issues).toEqual(issues);
    expect(server.requests).toHaveLength(0);
  });
});

describe("the choice among media types, called directly", () => {
  it("on a row that offers only its own, takes a contentType naming it, and names it alone when another is asked", () => {
    const { bodies: _, ...jsonOnly } = place;
    const issues: { path: string; message: string }[] = [];

    expect(pickMedia(jsonOnly, { x: 1, y: 2 }, "Application/JSON", issues)).toBe(jsonOnly);
    expect(pickMedia(jsonOnly, { x: 1, y: 2 }, "text/plain", issues)).toBeUndefined();
    expect(pickMedia(jsonOnly, new Blob(["x"]), undefined, issues)).toBe(jsonOnly);
    expect(issues).toEqual([{ path: "options.contentType", message: 'must be one of: "application/json"' }]);
  });

  it("finds the one named where the row's own has no media type written", () => {
    const { bodyType: _, ...untyped } = place;

    expect(pickMedia(untyped, "scan", "TEXT/plain", [])).toEqual({
      body: "raw",
      bodyType: "text/plain",
      bodySchema: POINT,
    });
  });
});

describe("a body offered as several media types, named by options.contentType", () => {
  it("goes as the media type named, in any case, whatever the value", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ x: 1, y: 2 }, { contentType: "application/x-www-form-urlencoded" });
    await send(server.url)({ x: 5, y: 6 }, { contentType: "Application/X-WWW-Form-URLEncoded" });
    await send(server.url)(new Uint8Array([0x6f, 0x6b]), { contentType: "application/octet-stream" });

    expect(server.requests.map(sent)).toEqual([
      ["application/x-www-form-urlencoded", "x=1&y=2"],
      ["application/x-www-form-urlencoded", "x=5&y=6"],
      ["application/octet-stream", "ok"],
    ]);
  });

  it.each([
    ["a media type the operation does not offer", "application/xml"],
    ["a contentType that is no text", 415],
  ])("refuses %s, naming the media types it offers, and sends nothing", async (_, contentType) => {
    const server = await faultServer(reply(204));

    const err = await refusal(send(server.url)({ x: 1, y: 2 }, { contentType } as unknown as { contentType: string }));

    expect(err).toBeInstanceOf(ValidationError);
    expect(err!.issues).toEqual([
      {
        path: "options.contentType",
        message:
          'must be one of: "application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain", "application/octet-stream"',
      },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a value fetch would send as its text, where the media type named is sent as given", async () => {
    const server = await faultServer(reply(204));

    const err = await refusal(send(server.url)({ x: 1, y: 2 }, { contentType: "text/plain" }));

    expect(err!.issues).toEqual([
      { path: "body", message: "must be text, bytes, a Blob, a stream or a form to go as text/plain" },
    ]);
    expect(server.requests).toHaveLength(0);
  });

  it("checks the schema of the media type sent: a body valid as JSON is refused as the multipart form", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ x: 1, y: 2 });
    const err = await refusal(send(server.url)({ x: 1, y: 2 }, { contentType: "multipart/form-data" }));

    expect(err!.issues).toEqual([
      { path: "body.caption", message: "is required" },
      { path: "body.x", message: "is not a known field" },
      { path: "body.y", message: "is not a known field" },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it("checks the schema of the media type sent: a form valid as multipart is refused as JSON", async () => {
    const server = await faultServer(reply(204));

    await send(server.url)({ caption: "c", count: 2 }, { contentType: "multipart/form-data" });
    const err = await refusal(send(server.url)({ caption: "c", count: 2 }, { contentType: "application/json" }));

    expect(err!.issues).toEqual([
      { path: "body.x", message: "is required" },
      { path: "body.y", message: "is required" },
      { path: "body.caption", message: "is not a known field" },
      { path: "body.count", message: "is not a known field" },
    ]);
    expect(server.requests).toHaveLength(1);
  });

  it("on an operation that offers one, is taken only when it names that one", async () => {
    const server = await faultServer(reply(204));
    const { bodies: _, ...jsonOnly } = place;

    await send(server.url, jsonOnly)({ x: 1, y: 2 }, { contentType: "APPLICATION/JSON" });
    const err = await refusal(send(server.url, jsonOnly)({ x: 1, y: 2 }, { contentType: "text/plain" }));

    expect(err!.issues).toEqual([{ path: "options.contentType", message: 'must be "application/json"' }]);
    expect(server.requests.map(sent)).toEqual([["application/json", '{"x":1,"y":2}']]);
  });

  it("on an operation that offers one, is refused when it is no text", async () => {
    const server = await faultServer(reply(204));
    const { bodies: _, ...jsonOnly } = place;

    const err = await refusal(send(server.url, jsonOnly)({ x: 1, y: 2 }, { contentType: 5 as never }));

    expect(err!.issues).toEqual([{ path: "options.contentType", message: 'must be "application/json"' }]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("JSON values one after another", () => {
  const { bodies: _, ...jsonOnly } = place;
  const lines = (bodyType: string): Operation => ({
    ...jsonOnly,
    body: "lines",
    bodyType,
    // the body's schema as the generator writes a sequence's: the items' as an array's, here one item allowed alone too
    bodySchema: { type: ["array", "object"], items: { type: ["object"] }, properties: { x: { type: ["integer"] } } },
  });

  it("are each on a line of their own (JSON Lines), a value that is no array being one item", async () => {
    const server = await faultServer(reply(204), reply(204));

    await send(server.url, lines("application/jsonl"), WRITERS)([{ x: 1 }, { x: 2 }]);
    await send(server.url, lines("application/jsonl"), WRITERS)({ x: 3 });

    expect(server.requests.map(sent)).toEqual([
      ["application/jsonl", '{"x":1}\n{"x":2}\n'],
      ["application/jsonl", '{"x":3}\n'],
    ]);
  });

  it("each follow a record separator in a JSON text sequence (RFC 7464), in any case of its name and with parameters", async () => {
    const server = await faultServer(reply(204), reply(204), reply(204));

    await send(server.url, lines("application/JSON-SEQ"), WRITERS)([{ x: 1 }, { x: 2 }]);
    await send(server.url, lines("application/json-seq; charset=utf-8"), WRITERS)([{ x: 3 }]);
    await send(server.url, lines("application/x-json-sequel"), WRITERS)([{ x: 4 }]);

    expect(server.requests.map((r) => r.body)).toEqual([
      '\u001e{"x":1}\n\u001e{"x":2}\n',
      '\u001e{"x":3}\n',
      '{"x":4}\n',
    ]);
  });

  it("fail loudly where the table brings no writer of them, as data or as they come", async () => {
    const server = await faultServer(reply(204));
    async function* items() {
      yield { x: 1 };
    }

    const err = await send(server.url, lines("application/jsonl"), {})(items()).catch((e: unknown) => e);
    const asData = await send(server.url, lines("application/jsonl"), {})([{ x: 1 }]).catch((e: unknown) => e);

    expect((err as Error).message).toBe("points.place: no item body writer; run npm run generate");
    expect((asData as Error).message).toBe("points.place: no item body writer; run npm run generate");
    expect(server.requests).toHaveLength(0);
  });
});

describe("the Content-Type of what is sent", () => {
  it("is a JSON body's own media type where it is not application/json", async () => {
    const server = await faultServer(reply(204));
    const { bodies: _, ...jsonOnly } = place;

    await send(server.url, { ...jsonOnly, bodyType: "application/merge-patch+json" })({ x: 1, y: 2 });

    expect(server.requests.map(sent)).toEqual([["application/merge-patch+json", '{"x":1,"y":2}']]);
  });

  it("is application/json for a JSON body whose row names no media type", async () => {
    const server = await faultServer(reply(204));
    const { bodies: _, bodyType: __, ...untyped } = place;

    await send(server.url, untyped)({ x: 1, y: 2 });
    // and a contentType named for it is refused: it is to be left out
    const err = await refusal(send(server.url, untyped)({ x: 1, y: 2 }, { contentType: "application/json" }));

    expect(server.requests.map(sent)).toEqual([["application/json", '{"x":1,"y":2}']]);
    expect(err!.issues).toEqual([{ path: "options.contentType", message: "must be undefined" }]);
  });

  it("is not sent where an optional body is not given", async () => {
    const server = await faultServer(reply(204));
    const { bodies: _, bodyRequired: __, ...optional } = place;
    const note: Operation = { ...optional, body: "raw", bodyType: "text/plain", bodySchema: undefined };

    await send(server.url, note)(undefined);

    expect(server.requests.map(sent)).toEqual([[undefined, ""]]);
  });

  it("is fetch's own, with its boundary, on the Request a middleware sees for a multipart form", async () => {
    const server = await faultServer(reply(204));
    const client = clientOf({ apiKey: KEY, baseUrl: server.url }, [place], READERS) as unknown as {
      raw: { use(middleware: object): void };
      points: { place: Place };
    };
    const seen: (string | null)[] = [];
    client.raw.use({
      onRequest: ({ request }: { request: Request }) => void seen.push(request.headers.get("content-type")),
    });

    await client.points.place({ caption: "c", file: new Blob(["x"]) });

    expect(seen).toEqual([expect.stringMatching(/^multipart\/form-data; boundary=\S+$/)]);
  });

  it("is the value's own where the spec offers a media range (*/*)", async () => {
    const server = await faultServer(reply(204));
    const anyBytes: Operation = { ...place, bodies: [{ body: "raw", bodyType: "*/*" }] };

    await send(server.url, anyBytes)(new Blob(["<p>hi</p>"], { type: "text/html" }));

    expect(server.requests.map(sent)).toEqual([["text/html", "<p>hi</p>"]]);
  });
});

it("fails loudly, naming the command that writes the reader, when the table brings no form encoder", async () => {
  const server = await faultServer(reply(204));
  const { bodies: _, ...jsonOnly } = place;
  const form: Operation = { ...jsonOnly, body: "urlencoded", bodyType: "application/x-www-form-urlencoded" };

  const err = await send(server.url, form, {})({ x: 1, y: 2 }).catch((e: unknown) => e);

  expect(err).toBeInstanceOf(ClientError);
  expect((err as Error).message).toBe("points.place: no form encoder; run npm run generate");
  expect(server.requests).toHaveLength(0);
});

it("fails loudly, naming the command that writes the reader, when the table brings no media type choice", async () => {
  const server = await faultServer(reply(204));

  const err = await send(server.url, place, { formBody, urlEncodedBody })({ x: 1, y: 2 }).catch((e: unknown) => e);

  expect(err).toBeInstanceOf(ClientError);
  expect((err as Error).message).toBe("points.place: no media type choice; run npm run generate");
  expect(server.requests).toHaveLength(0);
});
