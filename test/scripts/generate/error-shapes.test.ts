import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo, fixtureConfig } from "../../../scripts/lib/shared/repo-copy.mjs";

// documents whose errors are shaped otherwise than this project's { code, message }: each is
// generated in one copy of the project, the clients type-checked in one tsc program, and each
// method called against a scripted fetch; every expected type and value is written out below
const FIXTURES = fileURLToPath(new URL("../fixtures/error-shapes", import.meta.url));

/** One answer of the scripted service, and what the client must make of it, written out by hand. */
interface Case {
  shape: string;
  what: string;
  call: [method: string, ...args: unknown[]];
  status: number;
  statusText: string;
  type: string;
  text: string;
  thrown: { name: string; code: string | undefined; message: string; body: unknown };
}

/** Per document: the type of each method's error body, and of `ApiError.body`, as a user reads them. */
const TYPES: Record<string, { methods: Record<string, string>; body: string }> = {
  "no-errors": { methods: { "things.retrieve": "unknown" }, body: "unknown" },
  "number-code": {
    methods: { "things.retrieve": "{ code: number; message: string }" },
    body: "{ code: number; message: string } | string | undefined",
  },
  "nullable-code": {
    methods: { "things.retrieve": "{ code: string | null; message: string }" },
    body: "{ code: string | null; message: string } | string | undefined",
  },
  envelope: {
    methods: { "things.retrieve": "{ error: { message: string; type: string; code: string | null } }" },
    body: "{ error: { message: string; type: string; code: string | null } } | string | undefined",
  },
  problem: {
    methods: {
      "things.retrieve": `Problem | (Problem & { invalid_params: { name: string; reason: string }[] })`,
      "things.delete": "Problem",
    },
    body: `Problem | (Problem & { invalid_params: { name: string; reason: string }[] }) | string | undefined`,
  },
  // one method declares its errors, the other none: an error of either may hold any JSON
  "errors-array": {
    methods: { "things.update": "{ errors: { message: string; code?: string }[] }", "things.delete": "unknown" },
    body: "unknown",
  },
  "request-id": {
    methods: {
      "things.retrieve": "{ id: string; message: string; request_id?: string }",
      "things.delete": "{ id: string; message: string; request_id?: string }",
    },
    body: "{ id: string; message: string; request_id?: string } | string | undefined",
  },
};
const PROBLEM =
  "type Problem = { type?: string; title?: string; status?: number; detail?: string; instance?: string };";

const CASES: Case[] = [
  {
    shape: "no-errors",
    what: "any JSON, nothing declared: kept as parsed, code and message read",
    call: ["things.retrieve", "t_1"],
    status: 404,
    statusText: "Not Found",
    type: "application/json",
    text: '{"code":"missing","message":"no thing t_1"}',
    thrown: {
      name: "NotFoundError",
      code: "missing",
      message: "404 missing: no thing t_1",
      body: { code: "missing", message: "no thing t_1" },
    },
  },
  {
    shape: "number-code",
    what: "a number code, as its decimal text",
    call: ["things.retrieve", "t_1"],
    status: 429,
    statusText: "Too Many Requests",
    type: "application/json",
    text: '{"code":1015,"message":"slow down"}',
    thrown: {
      name: "RateLimitError",
      code: "1015",
      message: "429 1015: slow down",
      body: { code: 1015, message: "slow down" },
    },
  },
  {
    shape: "nullable-code",
    what: "a null code, as no code",
    call: ["things.retrieve", "t_1"],
    status: 500,
    statusText: "Internal Server Error",
    type: "application/json",
    text: '{"code":null,"message":"the database is away"}',
    thrown: {
      name: "InternalServerError",
      code: undefined,
      message: "500 Internal Server Error: the database is away",
      body: { code: null, message: "the database is away" },
    },
  },
  {
    shape: "envelope",
    what: "error.code and error.message of the envelope",
    call: ["things.retrieve", "t_1"],
    status: 401,
    statusText: "Unauthorized",
    type: "application/json",
    text: '{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}',
    thrown: {
      name: "AuthenticationError",
      code: "invalid_api_key",
      message: "401 invalid_api_key: Incorrect API key provided",
      body: {
        error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" },
      },
    },
  },
  {
    shape: "envelope",
    what: "error.type where error.code is null",
    call: ["things.retrieve", "t_1"],
    status: 400,
    statusText: "Bad Request",
    type: "application/json",
    text: '{"error":{"message":"id is malformed","type":"invalid_request_error","code":null}}',
    thrown: {
      name: "BadRequestError",
      code: "invalid_request_error",
      message: "400 invalid_request_error: id is malformed",
      body: { error: { message: "id is malformed", type: "invalid_request_error", code: null } },
    },
  },
  {
    shape: "envelope",
    what: "JSON the method does not declare: read all the same, kept as text",
    call: ["things.retrieve", "t_1"],
    status: 400,
    statusText: "Bad Request",
    type: "application/json",
    text: '{"message":"from a gateway","code":"gw_400"}',
    thrown: {
      name: "BadRequestError",
      code: "gw_400",
      message: "400 gw_400: from a gateway",
      body: '{"message":"from a gateway","code":"gw_400"}',
    },
  },
  {
    shape: "problem",
    what: "a problem's type and detail",
    call: ["things.retrieve", "t_1"],
    status: 404,
    statusText: "Not Found",
    type: "application/problem+json",
    text: '{"type":"https://api.example.test/problems/no-thing","title":"No such thing","status":404,"detail":"thing t_1 does not exist"}',
    thrown: {
      name: "NotFoundError",
      code: "https://api.example.test/problems/no-thing",
      message: "404 https://api.example.test/problems/no-thing: thing t_1 does not exist",
      body: {
        type: "https://api.example.test/problems/no-thing",
        title: "No such thing",
        status: 404,
        detail: "thing t_1 does not exist",
      },
    },
  },
  {
    shape: "problem",
    what: "a problem of type about:blank: no code, its title",
    call: ["things.retrieve", "t_1"],
    status: 422,
    statusText: "Unprocessable Entity",
    type: "application/problem+json",
    text: '{"type":"about:blank","title":"Unprocessable Content","status":422,"invalid_params":[{"name":"id","reason":"must start with t_"}]}',
    thrown: {
      name: "UnprocessableEntityError",
      code: undefined,
      message: "422 Unprocessable Entity: Unprocessable Content",
      body: {
        type: "about:blank",
        title: "Unprocessable Content",
        status: 422,
        invalid_params: [{ name: "id", reason: "must start with t_" }],
      },
    },
  },
  {
    shape: "errors-array",
    what: "the first of errors[] (a 4XX range)",
    call: ["things.update", "t_1", { name: "taken" }],
    status: 409,
    statusText: "Conflict",
    type: "application/json",
    text: '{"errors":[{"message":"name is taken","code":"taken"},{"message":"name is too short","code":"short"}]}',
    thrown: {
      name: "ConflictError",
      code: "taken",
      message: "409 taken: name is taken",
      body: {
        errors: [
          { message: "name is taken", code: "taken" },
          { message: "name is too short", code: "short" },
        ],
      },
    },
  },
  {
    shape: "errors-array",
    what: "a JSON body of no known shape: no code, the status alone",
    call: ["things.delete", "t_1"],
    status: 403,
    statusText: "Forbidden",
    type: "application/json",
    text: '{"reason":"sk-live-0123456789 may not delete"}',
    thrown: {
      name: "PermissionDeniedError",
      code: undefined,
      message: "403 Forbidden",
      body: { reason: "sk-live-0123456789 may not delete" },
    },
  },
  {
    shape: "request-id",
    what: "message, and no code: id is not one of the rules",
    call: ["things.retrieve", "t_1"],
    status: 404,
    statusText: "Not Found",
    type: "application/json",
    text: '{"id":"not_found","message":"The resource you were accessing could not be found.","request_id":"4851a473-1621-42ea-b2f9-5071c0ea8414"}',
    thrown: {
      name: "NotFoundError",
      code: undefined,
      message: "404 Not Found: The resource you were accessing could not be found.",
      body: {
        id: "not_found",
        message: "The resource you were accessing could not be found.",
        request_id: "4851a473-1621-42ea-b2f9-5071c0ea8414",
      },
    },
  },
  {
    shape: "request-id",
    what: "a status only `default` declares",
    call: ["things.delete", "t_1"],
    status: 503,
    statusText: "Service Unavailable",
    type: "application/json",
    text: '{"id":"unavailable","message":"try again later"}',
    thrown: {
      name: "InternalServerError",
      code: undefined,
      message: "503 Service Unavailable: try again later",
      body: { id: "unavailable", message: "try again later" },
    },
  },
];

let copy: { dir: string; remove: () => void };

// one copy of the project; each document generated into a folder of its own beside a copy of src/,
// so that one tsc program checks them all
beforeAll(async () => {
  copy = copyRepo({
    prefix: "error-shapes-",
    entries: ["package.json", "redocly.yaml", "lint", "scripts", "src", "tsconfig.json"],
  });
  mkdirSync(join(copy.dir, "openapi"));
  writeFileSync(join(copy.dir, "redocly.yaml"), fixtureConfig());
  const { renderWithReport } = await import(join(copy.dir, "scripts/lib/generate/render.mjs"));
  for (const shape of Object.keys(TYPES)) {
    copyFileSync(join(FIXTURES, `${shape}.yaml`), join(copy.dir, "openapi/openapi.yaml"));
    const { files } = (await renderWithReport()) as { files: Map<string, string> };
    for (const [file, content] of files) {
      const at = relative(join(copy.dir, "generated"), file);
      if (at.startsWith("..")) continue;
      mkdirSync(dirname(join(copy.dir, shape, "generated", at)), { recursive: true });
      writeFileSync(join(copy.dir, shape, "generated", at), content);
    }
    cpSync(join(copy.dir, "src"), join(copy.dir, shape, "src"), { recursive: true });
  }
}, 120_000);

afterAll(() => copy?.remove());

describe("a client generated from a document whose errors have another shape", () => {
  it("has a fixture for every shape, and only those", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(
      Object.keys(TYPES)
        .map((shape) => `${shape}.yaml`)
        .sort(),
    );
  });

  it("type-checks, each method's error body typed as its document declares it", () => {
    for (const [shape, { methods, body }] of Object.entries(TYPES)) {
      const lines = Object.entries(methods).map(
        ([name, type]) => `expectTypeOf<ErrorBodyOf<${JSON.stringify(name)}>>().toEqualTypeOf<${type}>();`,
      );
      writeFileSync(
        join(copy.dir, shape, "check.ts"),
        `import { expectTypeOf } from "vitest";
import type { ApiError, ErrorBodyOf } from "./src/index.js";
${PROBLEM}
${lines.join("\n")}
expectTypeOf<ApiError["body"]>().toEqualTypeOf<${body}>();
expectTypeOf<ApiError["code"]>().toEqualTypeOf<string | undefined>();
`,
      );
    }
    writeFileSync(
      join(copy.dir, "tsconfig.shapes.json"),
      JSON.stringify({
        extends: "./tsconfig.json",
        include: Object.keys(TYPES).flatMap((shape) => [`${shape}/src`, `${shape}/generated`, `${shape}/check.ts`]),
      }),
    );

    const tsc = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.shapes.json"], {
      cwd: copy.dir,
      encoding: "utf8",
    });

    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 180_000);

  it.each(CASES)("$shape: $what", async ({ shape, call, status, statusText, type, text, thrown }) => {
    const client = await clientOf(
      shape,
      () => new Response(text, { status, statusText, headers: { "Content-Type": type } }),
    );
    const [name, ...args] = call;
    const method = name.split(".").reduce((at: any, key) => at[key], client);

    const err = await method(...args).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(Error);
    expect({ name: err.name, code: err.code, message: err.message, body: err.body, status: err.status }).toEqual({
      ...thrown,
      status,
    });
  });
});

/** A client of the shape's generated package, answered by `answer`, that does not retry. */
async function clientOf(shape: string, answer: () => Response): Promise<unknown> {
  const { createClient } = await import(join(copy.dir, shape, "src/index.ts"));
  return createClient({
    apiKey: "sk-live-0123456789",
    baseUrl: "https://api.example.test",
    fetch: async () => answer(),
    maxRetries: 0,
  });
}
