// An operation's header parameters, its required headers and its idempotency key, on a table of the
// test's own: this project's document declares none of them. What a call may send is judged before
// anything is sent (preparer's ValidationError), and what the server received is the oracle for the key.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { ValidationError } from "../../../src/index.js";
import { type Filled, preparer } from "../../../src/client/call-inputs.js";
import { callHeaders } from "../../../src/client/call-headers.js";
import { clientOf } from "../../../src/client/client.js";
import { faultServer, reply, reset } from "../../support/fault-server.js";

const MODE: Schema = { type: ["string"], enum: ["fast", "safe"] };
const row = (fields: Partial<Operation>): Filled => ({
  name: "jobs.run",
  method: "POST",
  path: "/jobs",
  status: 204,
  answer: "empty",
  params: [],
  idempotent: false,
  ...fields,
});
/** The issues a call with `options` raises, or none. */
const issuesOf = (op: Filled, options: unknown, sends?: ReadonlySet<string>) => {
  try {
    preparer(op, { callHeaders }, sends)([options]);
    return [];
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return err.issues;
  }
};

describe("a header parameter's schema", () => {
  const op = row({ headerSchemas: { "X-Mode": MODE } });

  it.each([
    ["as declared", { "X-Mode": "slow" }],
    ["in another case", { "x-mode": "slow" }],
  ])("holds a value given %s, naming the header as declared", (_, headers) => {
    expect(issuesOf(op, { headers })).toEqual([{ path: "header.X-Mode", message: 'must be one of: "fast", "safe"' }]);
  });

  it("passes a value of its enum, and a header it does not declare", () => {
    expect(issuesOf(op, { headers: { "X-Mode": "safe", "X-Other": "slow" } })).toEqual([]);
  });

  it("leaves a value that is no string, and headers that are no object, to the options check", () => {
    expect(issuesOf(op, { headers: { "X-Mode": 5 } })).toEqual([]);
    expect(issuesOf(op, { headers: null })).toEqual([]);
    expect(issuesOf(op, { headers: "X-Mode: slow" })).toEqual([]);
  });
});

describe("a row with header parameters and no check of them", () => {
  it("is refused loudly: generated/ is older than the spec", () => {
    const op = row({ headersRequired: ["X-Trace"] });

    expect(() => preparer(op, {}, undefined)).toThrow("jobs.run: no header check; run npm run generate");
  });
});

describe("a required header", () => {
  const op = row({ headersRequired: ["X-Trace"] });

  it("is required when the call's headers leave it out, or give it undefined", () => {
    const missing = [{ path: "header.X-Trace", message: "is required" }];

    expect(issuesOf(op, undefined)).toEqual(missing);
    expect(issuesOf(op, { headers: { "X-Other": "1" } })).toEqual(missing);
    expect(issuesOf(op, { headers: { "X-Trace": undefined } })).toEqual(missing);
    expect(issuesOf(op, { headers: null })).toEqual(missing);
  });

  it("is given by the call in any case of its name, or by the client's own headers", () => {
    expect(issuesOf(op, { headers: { "x-trace": "t1" } })).toEqual([]);
    expect(issuesOf(op, undefined, new Set(["x-trace"]))).toEqual([]);
  });

  it("is given by a client's headers option that sets it, not by one that leaves it undefined", async () => {
    const server = await faultServer(reply(204));
    const run = (headers: Record<string, string | undefined>) =>
      (
        clientOf({ apiKey: "sk-header-5e1f", baseUrl: server.url, maxRetries: 0, headers } as never, [op], {
          callHeaders,
        }) as unknown as {
          jobs: { run(): Promise<unknown> };
        }
      ).jobs.run();

    await run({ "x-TRACE": "t1" });
    const err = await run({ "X-Trace": undefined }).catch((e: unknown) => e);

    expect(server.requests.map((r) => r.headers["x-trace"])).toEqual(["t1"]);
    expect((err as ValidationError).issues).toEqual([{ path: "header.X-Trace", message: "is required" }]);
  });
});

describe("an idempotency key", () => {
  const KEY = "Idempotency-Key";
  const op = row({ idempotencyKey: KEY, idempotent: true });
  const sentOptions = (options: unknown) => preparer(op, { callHeaders }, undefined)([options]).options;

  it("is a new one per call, in the header the row names", () => {
    const first = sentOptions(undefined)?.headers?.[KEY];
    const second = sentOptions({ headers: { "X-Other": "1" } })?.headers;

    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second?.["X-Other"]).toBe("1");
    expect(second?.[KEY]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.[KEY]).not.toBe(first);
  });

  it("is the caller's own when its headers carry one, in any case of its name", () => {
    expect(sentOptions({ headers: { "idempotency-key": "k-1" } })?.headers).toEqual({ "idempotency-key": "k-1" });
  });

  it("is new where the caller's header of that name is undefined", () => {
    const headers = sentOptions({ headers: { "idempotency-key": undefined } })?.headers;

    expect(headers?.[KEY]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves options that are no object, and headers that are no object, as given", () => {
    expect(sentOptions("fast")).toBe("fast");
    expect(sentOptions(null)).toBe(null);
    expect(sentOptions({ headers: "k" })).toEqual({ headers: "k" });
    expect(sentOptions({ headers: null })).toEqual({ headers: null });
  });

  it("goes out the same on every attempt of a call, as the server received it", async () => {
    const server = await faultServer(reset, reply(204));
    const c = clientOf({ apiKey: "sk-header-5e1f", baseUrl: server.url, maxRetries: 1 }, [op], {
      callHeaders,
    }) as unknown as {
      jobs: { run(options?: object): Promise<unknown> };
    };

    await c.jobs.run();

    const keys = server.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
