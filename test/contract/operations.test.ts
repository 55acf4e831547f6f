import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../generated/operations.js";
import {
  AnswerMismatchError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  createClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
  ValidationError,
  type AnswerMismatch,
  type BrowserCloudClient,
  type ClientOptions,
} from "../../src/index.js";
import { apiBaseUrl, specNode, specOperations, type SpecOperation } from "../support/contract.js";
import { recordingProxy, type RecordedRequest, type RecordingProxy } from "../support/recording-proxy.js";

// the oracle is the spec and this file, never src/ or the generator: the cases are read from
// generated/openapi.json's paths, the expected classes are written out below, and every call is
// checked by what reached the mock through a recording proxy

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** The class each status must throw, as the README's Errors table states it. */
const ERROR_CLASS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
  500: InternalServerError,
  502: InternalServerError,
  503: InternalServerError,
  504: InternalServerError,
};

const API_KEY = "test-token";
// percent-encoded by hand: a slash, a query mark or a hash left raw would change the path
const HOSTILE_ID = "a b/c?d#e%f";
const HOSTILE_ID_ENCODED = "a%20b%2Fc%3Fd%23e%25f";

const ops = specOperations();
let proxy: RecordingProxy;
beforeAll(async () => {
  proxy = await recordingProxy(apiBaseUrl());
});
afterAll(async () => {
  await proxy?.close();
});

/** A client pointed at the recording proxy; no retry, so that one call is one request. */
const client = (options: ClientOptions = {}): BrowserCloudClient =>
  createClient({ apiKey: API_KEY, baseUrl: proxy.url, maxRetries: 0, ...options });

/** The client method that serves `op`: its `x-client-method`, else the name the table gives the same METHOD and path. */
function methodName(op: SpecOperation): string {
  return (
    op.clientMethod ??
    operations.find((entry) => entry.method === op.method && entry.path === op.path)?.name ??
    `${op.method} ${op.path}`
  );
}

/** The method `name` names on `target` (`browsers.computer.clickMouse`), callable with any arguments. */
function callOf(target: object, name: string): (...args: unknown[]) => Promise<unknown> {
  const segments = name.split(".");
  const last = segments.pop()!;
  const group = segments.reduce<Record<string, any>>((node, key) => node?.[key], target as Record<string, any>);
  const fn = group?.[last];
  if (typeof fn !== "function") throw new Error(`the client has no method ${name}`);
  return (...args) => fn.apply(group, args);
}

/** The call's arguments: path parameters, then the body (or the query object), then options. */
function argsOf(op: SpecOperation, ids: string[], options?: object): unknown[] {
  const query = Object.fromEntries(
    op.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]),
  );
  const args: unknown[] = [...ids];
  if (op.body) return [...args, op.body.example ?? {}, op.queryParams.length ? { ...options, query } : options];
  if (op.queryParams.length) args.push(query);
  return [...args, options];
}

const exampleIds = (op: SpecOperation) => op.pathParams.map((p) => String(p.example ?? `${p.name}-1`));

/** The request target the spec says goes out for these ids: each substituted, percent-encoded, plus the query. */
function expectedTarget(op: SpecOperation, encodedIds: string[]): string {
  let path = op.path;
  op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodedIds[i]!)));
  const query = new URLSearchParams(
    op.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, String(p.example)]),
  ).toString();
  return query ? `${path}?${query}` : path;
}

/** Runs `act` and returns the requests that reached the proxy meanwhile. */
async function recording(act: () => Promise<unknown>): Promise<{ outcome: unknown; sent: RecordedRequest[] }> {
  const from = proxy.requests.length;
  const outcome = await act().catch((err: unknown) => err);
  return { outcome, sent: proxy.requests.slice(from) };
}

/** Asserts the one request that went out: method, target, bearer token, and the body's bytes and type. */
function expectSent(
  sent: RecordedRequest[],
  op: SpecOperation,
  target: string,
  extraHeaders: Record<string, string> = {},
) {
  expect(sent.map((r) => `${r.method} ${r.target}`)).toEqual([`${op.method} ${target}`]);
  const [request] = sent;
  expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  for (const [name, value] of Object.entries(extraHeaders)) expect(request!.headers[name.toLowerCase()]).toBe(value);
  if (op.body?.mediaType === "application/json") {
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body.toString("utf8")).toBe(JSON.stringify(op.body.example ?? {}));
  } else if (!op.body) {
    expect(request!.body.length).toBe(0);
  }
}

/** Bodies that break the operation's schema, each with what is wrong with it, read from the schema itself. */
function invalidBodies(op: SpecOperation): [string, unknown][] {
  if (op.body?.mediaType !== "application/json") return [];
  const schema = specNode(op.body.schema);
  const out: [string, unknown][] = [];
  if ([schema?.type].flat().includes("object")) out.push(["that is an array, not an object", []]);
  const required: string[] = schema?.required ?? [];
  const example = op.body.example;
  if (required.length && example && typeof example === "object") {
    const { [required[0]!]: _dropped, ...rest } = example as Record<string, unknown>;
    out.push([`without its required ${required[0]}`, rest]);
  }
  return out;
}

// how many tests each operation gets: the example call, a hostile id per path parameter's
// operation, no token, each declared error, each invalid body, and a broken answer twice (lenient, strict) for a JSON one
const expectedCases = (op: SpecOperation) =>
  2 + (op.pathParams.length ? 1 : 0) + op.errors.length + invalidBodies(op).length + (op.success.json ? 2 : 0);
const ran = new Set<string>();
const counted = (title: string, fn: () => Promise<void>) =>
  it(title, async () => {
    await fn();
    ran.add(`${expect.getState().currentTestName}`);
  });

describe("the spec and the client's table", () => {
  it("has one table entry per operation of the spec, same METHOD and path, in document order", () => {
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(ops.map((op) => `${op.method} ${op.path}`));
  });

  it("reads every operation and declared error that openapi/'s own files hold", () => {
    // a second reading, of the YAML as written rather than the bundle, so that a reader that drops
    // operations or errors cannot shrink the suite unseen, and an operation added to openapi/ needs no edit here
    const index = load(readFileSync(new URL("../../openapi/openapi.yaml", import.meta.url), "utf8")) as {
      paths: Record<string, { $ref: string }>;
    };
    const written = Object.entries(index.paths).flatMap(([path, { $ref }]) => {
      const item = load(readFileSync(new URL(`../../openapi/${$ref}`, import.meta.url), "utf8")) as Record<
        string,
        { responses?: Record<string, unknown> }
      >;
      return Object.entries(item)
        .filter(([method]) => HTTP_METHODS.includes(method))
        .map(
          ([method, op]) =>
            `${method.toUpperCase()} ${path} ${Object.keys(op.responses ?? {})
              .filter((s) => /^[45]\d\d$/.test(s))
              .sort()
              .join(",")}`,
        );
    });
    expect(
      ops
        .map(
          (op) =>
            `${op.method} ${op.path} ${op.errors
              .map((e) => e.status)
              .sort()
              .join(",")}`,
        )
        .sort(),
    ).toEqual(written.sort());
  });
});

for (const op of ops) {
  const name = methodName(op);
  describe(`${name} (${op.method} ${op.path})`, () => {
    counted(
      `sends the spec's example request and answers ${op.success.json ? "the spec's example" : `nothing on ${op.success.status}`}`,
      async () => {
        const { outcome, sent } = await recording(() => callOf(client(), name)(...argsOf(op, exampleIds(op))));

        expectSent(sent, op, expectedTarget(op, exampleIds(op).map(encodeURIComponent)));
        expect(sent[0]!.status).toBe(op.success.status);
        if (op.success.json) expect(outcome).toEqual(op.success.example);
        // an empty answer: the right request went out, the mock answered the declared status, and nothing came back
        else expect(outcome).toBeUndefined();
      },
    );

    if (op.pathParams.length) {
      counted("percent-encodes a path parameter holding a slash, a query mark, a hash and a percent sign", async () => {
        const ids = op.pathParams.map(() => HOSTILE_ID);

        const { sent } = await recording(() => callOf(client(), name)(...argsOf(op, ids)));

        expectSent(
          sent,
          op,
          expectedTarget(
            op,
            op.pathParams.map(() => HOSTILE_ID_ENCODED),
          ),
        );
      });
    }

    counted("throws AuthenticationError when the request carries no token, as the mock answered 401", async () => {
      const tokenless = client({
        fetch: (request) => {
          const headers = new Headers(request.headers);
          headers.delete("authorization");
          return fetch(new Request(request, { headers }));
        },
      });

      const { outcome, sent } = await recording(() => callOf(tokenless, name)(...argsOf(op, exampleIds(op))));

      expect(sent).toHaveLength(1);
      expect(sent[0]!.headers.authorization).toBeUndefined();
      expect(sent[0]!.status).toBe(401);
      expect(outcome).toBeInstanceOf(AuthenticationError);
    });

    for (const { status, example } of op.errors) {
      const Class = ERROR_CLASS[status] ?? ApiError;
      counted(`throws ${Class.name} carrying the body's code and message on ${status}`, async () => {
        const { outcome, sent } = await recording(() =>
          callOf(client(), name)(...argsOf(op, exampleIds(op), { headers: { Prefer: `code=${status}` } })),
        );

        expectSent(sent, op, expectedTarget(op, exampleIds(op).map(encodeURIComponent)), { Prefer: `code=${status}` });
        expect(sent[0]!.status).toBe(status);
        expect(outcome).toBeInstanceOf(Class);
        expect(outcome).toMatchObject({ status, code: example.code, body: example });
        expect((outcome as Error).message).toContain(example.message);
      });
    }

    for (const [label, body] of invalidBodies(op)) {
      counted(`refuses a body ${label} with ValidationError and sends nothing`, async () => {
        const args = argsOf(op, exampleIds(op));
        args[op.pathParams.length] = body;

        const { outcome, sent } = await recording(() => callOf(client(), name)(...args));

        expect(outcome).toBeInstanceOf(ValidationError);
        expect((outcome as ValidationError).issues.length).toBeGreaterThan(0);
        expect(sent).toHaveLength(0);
      });
    }

    if (op.success.json) {
      // every top-level field of the example turned into an array of arrays, which no scalar or object schema takes
      const broken = () => Object.fromEntries(Object.keys(op.success.example as object).map((key) => [key, [[]]]));
      const tampered = async (options: ClientOptions) => {
        proxy.tamper = (status, received) =>
          status === op.success.status ? Buffer.from(JSON.stringify(broken())) : received;
        try {
          return await recording(() => callOf(client(options), name)(...argsOf(op, exampleIds(op))));
        } finally {
          proxy.tamper = undefined;
        }
      };

      counted(
        "returns a 2xx answer that breaks the spec's schema, and reports it through onAnswerMismatch",
        async () => {
          const reported: AnswerMismatch[] = [];
          const { outcome, sent } = await tampered({ onAnswerMismatch: (mismatch) => void reported.push(mismatch) });

          expect(sent.map((r) => r.status)).toEqual([op.success.status]);
          // the service acted: its answer reaches the caller as it came
          expect(outcome).toEqual(broken());
          expect(reported).toHaveLength(1);
          expect(reported[0]!.operation).toBe(name);
          expect(reported[0]!.data).toEqual(broken());
          expect(reported[0]!.response.status).toBe(op.success.status);
          expect(reported[0]!.issues.map((i) => i.path)).toContain(`response.${Object.keys(broken())[0]}`);
        },
      );

      counted("throws AnswerMismatchError carrying the answer when strictAnswers is set", async () => {
        const { outcome, sent } = await tampered({ strictAnswers: true });

        expect(sent.map((r) => r.status)).toEqual([op.success.status]);
        expect(outcome).toBeInstanceOf(AnswerMismatchError);
        expect(outcome).not.toBeInstanceOf(ApiError);
        expect(outcome).toMatchObject({ operation: name, data: broken(), maybePerformed: true });
        expect((outcome as AnswerMismatchError).response.status).toBe(op.success.status);
        // the complaint is about the answer's fields, not a transport failure
        expect((outcome as Error).message).toContain(Object.keys(broken())[0]);
      });
    }
  });
}

describe("the suite itself", () => {
  it("ran one case per operation, hostile id, missing token, declared error, invalid body and broken answer of the spec", () => {
    const expected = ops.reduce((sum, op) => sum + expectedCases(op), 0);
    expect(expected).toBeGreaterThan(ops.length * 2);
    expect(ran.size).toBe(expected);
  });
});
