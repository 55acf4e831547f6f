import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { curlSample, shellQuote, typescriptSample, withCodeSamples } from "../../../scripts/lib/docs/code-samples.mjs";
import { serverUrl } from "../../../scripts/lib/generate/read-operations.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";

// a small spec of its own: one operation with a body, one with a query, one with neither
const spec = {
  openapi: "3.1.0",
  info: { title: "t", version: "0.1.0" },
  servers: [{ url: "{base_url}/v1/", variables: { base_url: { default: "https://api.example.test" } } }],
  paths: {
    "/notes/{id}": {
      put: {
        operationId: "updateNote",
        "x-client-method": "notes.update",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "a b/c" }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object" }, example: { text: "it's done" } } },
        },
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
        },
      },
      delete: {
        operationId: "deleteNote",
        "x-client-method": "notes.delete",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "note_1" }],
        responses: { "204": { description: "gone" } },
      },
    },
    "/notes/{id}#share": {
      get: {
        operationId: "shareNote",
        "x-client-method": "notes.share",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string" }, example: "note_1" },
          { name: "fields", in: "query", required: true, schema: { enum: ["link"] }, example: "link" },
        ],
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
        },
      },
    },
    "/notes": {
      get: {
        operationId: "listNotes",
        "x-client-method": "notes.list",
        parameters: [
          { name: "limit", in: "query", schema: { type: "integer" }, example: 20 },
          { name: "tag", in: "query", schema: { type: "array", items: { type: "string" } }, example: ["a&b", "c"] },
        ],
        responses: {
          "200": { description: "ok", content: { "application/json": { schema: { type: "object" }, example: {} } } },
        },
      },
    },
  },
};
const ops = new Map(readOperations(spec).operations.map((op) => [op.name, op]));
const op = (name: string) => ops.get(name)!;
const base = serverUrl(spec);

describe("code samples for the docs page", () => {
  it("takes the first server with its variables at their defaults and no trailing slash", () => {
    expect(base).toBe("https://api.example.test/v1");
  });

  it("quotes a body with a quote in it so that the shell passes it through unchanged", () => {
    const body = JSON.stringify({ text: "it's done", path: "$HOME `x`" });

    const quoted = shellQuote(body);
    const echoed = execFileSync("sh", ["-c", `printf %s ${quoted}`], { encoding: "utf8" });

    expect(echoed).toBe(body);
  });

  it("sends a JSON body with its content type, the key from the environment, and the path parameter encoded", () => {
    const sample = curlSample(op("notes.update"), base, "ACME_API_KEY");

    expect(sample.split(" \\\n  ")).toEqual([
      "curl -X PUT 'https://api.example.test/v1/notes/a%20b%2Fc'",
      '-H "Authorization: Bearer $ACME_API_KEY"',
      "-H 'Content-Type: application/json'",
      `-d '{"text":"it'\\''s done"}'`,
    ]);
  });

  it("puts the query examples in the address, repeating an array's name, and sends no body for a GET", () => {
    const sample = curlSample(op("notes.list"), base, "ACME_API_KEY");

    expect(sample).toBe(
      `curl 'https://api.example.test/v1/notes?limit=20&tag=a%26b&tag=c' \\\n  -H "Authorization: Bearer $ACME_API_KEY"`,
    );
  });

  it("sends a path's variant (path#name) to the path without its #name, the query after it", () => {
    expect(curlSample(op("notes.share"), base, "ACME_API_KEY")).toBe(
      `curl 'https://api.example.test/v1/notes/note_1?fields=link' \\\n  -H "Authorization: Bearer $ACME_API_KEY"`,
    );
  });

  it("has no content type and no -d for an operation without a body", () => {
    const sample = curlSample(op("notes.delete"), base, "ACME_API_KEY");

    expect(sample).toBe(
      `curl -X DELETE 'https://api.example.test/v1/notes/note_1' \\\n  -H "Authorization: Bearer $ACME_API_KEY"`,
    );
    expect(sample).not.toMatch(/Content-Type|-d /);
  });

  it("calls the client's method with the spec's example values in the TypeScript sample", () => {
    const sample = typescriptSample(op("notes.update"), { packageName: "acme-client", apiKeyEnv: "ACME_API_KEY" });

    expect(sample).toContain('import { createClient } from "acme-client";');
    expect(sample).toContain("const client = createClient({ apiKey: process.env.ACME_API_KEY });");
    expect(sample).toMatch(/await client\.notes\.update\("a b\/c", \{ text: "it's done" \}\);$/);
  });

  it("adds both samples to every operation of a copy and leaves the document given unchanged", async () => {
    const before = JSON.stringify(spec);

    const page: any = withCodeSamples(spec, { sampler: await createSampler(spec) });

    expect(JSON.stringify(spec)).toBe(before);
    for (const [path, method] of [
      ["/notes/{id}", "put"],
      ["/notes/{id}", "delete"],
      ["/notes", "get"],
    ] as const) {
      const samples = (page.paths[path] as Record<string, { "x-codeSamples": { label: string }[] }>)[method]![
        "x-codeSamples"
      ];
      expect(
        samples.map((s) => s.label),
        `${method} ${path}`,
      ).toEqual(["Node.js", "curl"]);
    }
  });
});

// a document with no example at all: a patterned id and a uuid in the path, a required header, a
// required body and a required query parameter; what each sample must hold is written out here
const bare = {
  openapi: "3.1.0",
  info: { title: "t", version: "0.1.0" },
  servers: [{ url: "https://api.example.test" }],
  paths: {
    "/accounts/{account_id}/keys/{key_id}": {
      post: {
        parameters: [
          { name: "account_id", in: "path", required: true, schema: { type: "string", pattern: "^(0|[1-9][0-9]*)$" } },
          { name: "key_id", in: "path", required: true, schema: { type: "string", format: "uuid" } },
          { name: "X-Dangerous", in: "header", required: true, schema: { type: "boolean" } },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["name", "scopes"],
                properties: {
                  name: { type: "string", minLength: 3 },
                  scopes: { type: "array", minItems: 1, items: { type: "string", enum: ["read", "write"] } },
                },
              },
            },
          },
        },
        responses: { "204": { description: "done" } },
      },
    },
    "/events": {
      get: {
        parameters: [
          { name: "since", in: "query", required: true, schema: { type: "string", format: "date-time" } },
          { name: "note", in: "query", schema: { type: "string" } },
        ],
        responses: { "204": { description: "done" } },
      },
    },
  },
};

describe("code samples where the document gives no example", () => {
  it("samples each input from its schema: path ids by pattern and format, the required header, body and query", async () => {
    const page: any = withCodeSamples(bare, { sampler: await createSampler(bare) });
    const samples = (path: string, method: string) =>
      Object.fromEntries(
        (page.paths[path][method]["x-codeSamples"] as { label: string; source: string }[]).map((s) => [
          s.label,
          s.source,
        ]),
      );
    const keys = samples("/accounts/{account_id}/keys/{key_id}", "post");
    const events = samples("/events", "get");

    const url = /^curl -X POST '([^']+)'/.exec(keys.curl!)![1]!;
    const [, account, key] = /^https:\/\/api\.example\.test\/accounts\/([^/]+)\/keys\/([^/]+)$/.exec(url)!;
    expect(account).toMatch(/^(0|[1-9][0-9]*)$/);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    expect(keys.curl).toContain("-H 'X-Dangerous: true'");
    const body = JSON.parse(/ -d '([^']*)'/.exec(keys.curl!)![1]!);
    expect(body.name.length).toBeGreaterThanOrEqual(3);
    expect(body.scopes.length).toBeGreaterThanOrEqual(1);
    for (const scope of body.scopes) expect(["read", "write"]).toContain(scope);
    expect(keys["Node.js"]).toContain(
      `("${account}", "${key}", { name: ${JSON.stringify(body.name)}, scopes: [${body.scopes.map((s: string) => JSON.stringify(s)).join(", ")}] }, { headers: { "X-Dangerous": "true" } });`,
    );

    const since = new URL(/^curl '([^']+)'/.exec(events.curl!)![1]!).searchParams;
    expect([...since.keys()]).toEqual(["since"]);
    expect(Number.isNaN(Date.parse(since.get("since")!))).toBe(false);
    expect(events["Node.js"]).toContain(
      `await client.events.retrieve({ since: ${JSON.stringify(since.get("since"))} });`,
    );
  });
});

// an OpenAPI 3.2 document of its own: the whole query as one JSON value or one form, and bodies that
// are sequences of JSON texts; what each curl sample sends is written out here, and run through sh
const v32 = {
  openapi: "3.2.0",
  info: { title: "t", version: "0.1.0" },
  servers: [{ url: "https://api.example.test" }],
  paths: {
    "/lookup": {
      get: {
        "x-client-method": "lookup",
        parameters: [
          {
            name: "selector",
            in: "querystring",
            required: true,
            content: { "application/json": { schema: { type: "object" }, example: { names: ["Rex & Tom"] } } },
          },
        ],
        responses: { "204": { description: "done" } },
      },
    },
    "/search": {
      get: {
        "x-client-method": "search",
        parameters: [
          {
            name: "filter",
            in: "querystring",
            content: {
              "application/x-www-form-urlencoded": {
                schema: { type: "object", properties: { name: { type: "string" } } },
                example: { name: "it's", tags: ["a", "b"] },
              },
            },
          },
        ],
        responses: { "204": { description: "done" } },
      },
    },
    "/entries": {
      post: {
        "x-client-method": "entries.append",
        requestBody: {
          required: true,
          content: {
            "application/jsonl": {
              itemSchema: { type: "object", properties: { n: { type: "integer" }, note: { type: "string" } } },
              example: [{ n: 1 }, { n: 2, note: "it's" }],
            },
          },
        },
        responses: { "204": { description: "done" } },
      },
    },
    "/records": {
      post: {
        "x-client-method": "records.append",
        requestBody: {
          required: true,
          content: {
            "application/json-seq": {
              itemSchema: { type: "object", properties: { n: { type: "integer" }, path: { type: "string" } } },
              example: [{ n: 1 }, { path: "C:\\x" }],
            },
          },
        },
        responses: { "204": { description: "done" } },
      },
    },
  },
};

describe("code samples of an OpenAPI 3.2 document", () => {
  const curl = async (path: string) => {
    const page: any = withCodeSamples(v32, { sampler: await createSampler(v32) });
    const samples = page.paths[path][path === "/lookup" || path === "/search" ? "get" : "post"]["x-codeSamples"];
    return (samples as { label: string; source: string }[]).find((s) => s.label === "curl")!.source;
  };
  /** What the shell gives curl for the sample's `--data-binary` word. */
  const sent = (sample: string) => {
    const word = sample.split("--data-binary ")[1]!;
    return execFileSync("bash", ["-c", `printf %s ${word}`], { encoding: "utf8" });
  };

  it("writes a querystring of JSON as the JSON text, percent-encoded, for the whole query", async () => {
    expect((await curl("/lookup")).split(" \\\n  ")[0]).toBe(
      "curl 'https://api.example.test/lookup?%7B%22names%22%3A%5B%22Rex%20%26%20Tom%22%5D%7D'",
    );
  });

  it("writes a querystring form's fields as the query's parameters", async () => {
    expect((await curl("/search")).split(" \\\n  ")[0]).toBe(
      "curl 'https://api.example.test/search?name=it%27s&tags=a&tags=b'",
    );
  });

  it("sends a JSON Lines body as one line for each item of the example", async () => {
    const sample = await curl("/entries");

    expect(sample).toContain("-H 'Content-Type: application/jsonl'");
    expect(sent(sample)).toBe('{"n":1}\n{"n":2,"note":"it\'s"}\n');
  });

  it("sends a JSON text sequence as records, each after the record separator 0x1E", async () => {
    const sample = await curl("/records");

    expect(sample).toContain("-H 'Content-Type: application/json-seq'");
    expect(sent(sample)).toBe('\x1e{"n":1}\n\x1e{"path":"C:\\\\x"}\n');
  });
});
