import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { operations } from "../../../generated/operations.js";
import type { Schema } from "../../../generated/validators.js";
import { check, checkId, checkParam, MAX_DEPTH, jsonSnapshot } from "../../../src/checks/check.js";
import { uuid } from "../../../src/checks/formats.js";
import { BrowserCloudError, ValidationError, type ClickMouseRequest } from "../../../src/index.js";
import { faultServer, reply } from "../../support/fault-server.js";

// the checks the client runs: on the click's body, and on the limits it answers
const ClickSchema: Schema = operations.find((op) => op.name === "browsers.computer.clickMouse")!.bodySchema!;
const LimitsSchema: Schema = operations.find((op) => op.name === "organization.limits.retrieve")!.answerSchema!;

const spec = JSON.parse(readFileSync(new URL("../../../generated/openapi.json", import.meta.url), "utf8"));

describe("input checks", () => {
  it.each([
    ["", "must not be empty"],
    [".", 'must not be "."'],
    ["..", 'must not be ".."'],
  ])("refuse the id %j before anything is sent", async (id, message) => {
    const server = await faultServer(reply(204));
    const client = server.client();

    for (const call of [
      () => client.deployments.delete(id),
      () => client.auth.connections.delete(id),
      () => client.browsers.computer.clickMouse(id, { x: 1, y: 1 }),
    ]) {
      const err = await call().catch((e) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect(err.issues).toEqual([{ path: "path.id", message }]);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an id that is not a string, as JavaScript callers may pass one", async () => {
    const server = await faultServer(reply(204));

    const err = await server
      .client()
      .deployments.delete(42 as unknown as string)
      .catch((e) => e);

    expect(err.issues).toEqual([{ path: "path.id", message: "must be a string" }]);
    expect(server.requests).toHaveLength(0);
  });

  it.each(["a/../../org/limits", "x?y=1#z", "100%", "dep 1", "..."])(
    "keeps the id %j inside its path segment",
    async (id) => {
      const server = await faultServer(reply(204));

      await server.client().deployments.delete(id);

      expect(server.requests[0]?.url).toBe(`/deployments/${encodeURIComponent(id)}`);
    },
  );

  it("lists every problem of a click body, and sends nothing", async () => {
    const server = await faultServer(reply(200));
    const body = { x: -1, button: "top", hold_keys: ["Shift", 3], wheel: true } as unknown as ClickMouseRequest;

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", body)
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { path: "body.x", message: "must be >= 0" },
        { path: "body.y", message: "is required" },
        {
          path: "body.button",
          message: expect.stringMatching(/must be one of: "left", "right", "middle", "back", "forward"/),
        },
        { path: "body.hold_keys[1]", message: "must be string" },
        { path: "body.wheel", message: "is not a known field" },
      ]),
    );
    expect(err.issues).toHaveLength(5);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a fractional coordinate, since the spec says integer", async () => {
    const server = await faultServer(reply(200));

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", { x: 1.5, y: 2 })
      .catch((e) => e);

    expect(err.issues).toEqual([{ path: "body.x", message: "must be integer" }]);
  });
});

describe("what is checked is what is sent", () => {
  // each body would pass a check that looks up names or reads values the way JSON does not
  it.each<[string, () => unknown, { path: string; message: string }]>([
    [
      "a field named constructor",
      () => ({ x: 1, y: 1, constructor: 5 }),
      { path: "body.constructor", message: "is not a known field" },
    ],
    [
      "a field named toString",
      () => ({ x: 1, y: 1, toString: "left" }),
      { path: "body.toString", message: "is not a known field" },
    ],
    [
      "a field named hasOwnProperty",
      () => ({ x: 1, y: 1, hasOwnProperty: true }),
      { path: "body.hasOwnProperty", message: "is not a known field" },
    ],
    [
      "an own __proto__ field",
      () => JSON.parse('{"x":1,"y":1,"__proto__":{"wheel":1}}'),
      { path: "body.__proto__", message: "is not a known field" },
    ],
    [
      "inherited x and y",
      () => Object.create({ x: 1, y: 1 }),
      { path: "body", message: "inherits properties: pass a plain object" },
    ],
    [
      "an own toJSON",
      () => ({ x: 1, y: 1, toJSON: () => ({ x: -5, y: 1 }) }),
      { path: "body", message: "has a toJSON method: pass what it returns" },
    ],
    [
      "a class with toJSON",
      () =>
        new (class Click {
          x = 1;
          y = 1;
          toJSON() {
            return { x: -5, y: 1 };
          }
        })(),
      { path: "body", message: "is a Click: pass a plain object" },
    ],
    [
      "a Date",
      () => ({ x: 1, y: 1, hold_keys: [new Date(0)] }),
      { path: "body.hold_keys[0]", message: "is a Date: pass date.toISOString()" },
    ],
    [
      "sparse hold_keys",
      // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
      () => ({ x: 1, y: 1, hold_keys: ["Shift", , "Alt"] }),
      { path: "body.hold_keys[1]", message: "is a hole: pass a dense array" },
    ],
    [
      "an undefined key",
      () => ({ x: 1, y: 1, hold_keys: ["Shift", undefined] }),
      { path: "body.hold_keys[1]", message: "is undefined, which JSON cannot carry: pass null" },
    ],
    ["a NaN coordinate", () => ({ x: Number.NaN, y: 1 }), { path: "body.x", message: "is NaN: pass a finite number" }],
    [
      "a bigint coordinate",
      () => ({ x: 1n, y: 1 }),
      { path: "body.x", message: "is a bigint, which JSON cannot carry: pass a number or a string" },
    ],
    [
      "a function field",
      () => ({ x: 1, y: 1, button: () => "left" }),
      { path: "body.button", message: "is a function, which JSON cannot carry: pass data" },
    ],
    [
      "a symbol key",
      () => ({ x: 1, y: 1, hold_keys: [Symbol("Shift")] }),
      { path: "body.hold_keys[0]", message: "is a symbol, which JSON cannot carry: pass data" },
    ],
  ])("refuses a click body with %s and sends nothing", async (_, body, issue) => {
    const server = await faultServer(reply(200));

    const err = await server
      .client()
      .browsers.computer.clickMouse("brs_1", body() as ClickMouseRequest)
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([issue]);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a body when Object.prototype has been given a toJSON, and sends nothing", async () => {
    const server = await faultServer(reply(200));
    const proto = Object.prototype as { toJSON?: unknown };

    // the check runs before the first await, so the prototype is restored before anything else runs
    proto.toJSON = () => ({ x: -5, y: 1 });
    const pending = server.client().browsers.computer.clickMouse("brs_1", { x: 1, y: 1 });
    delete proto.toJSON;
    const err = await pending.catch((e) => e);

    expect(err.issues).toEqual([{ path: "body", message: "has a toJSON method: pass what it returns" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("sends the snapshot it checked, even when a getter answers differently the second time", async () => {
    const server = await faultServer(reply(200));
    let reads = 0;
    const body = {
      x: 1,
      get y() {
        return reads++ === 0 ? 2 : -100;
      },
      button: undefined,
    };

    await server.client().browsers.computer.clickMouse("brs_1", body as ClickMouseRequest);

    expect(reads).toBe(1);
    expect(server.requests[0]?.body).toBe('{"x":1,"y":2}');
  });

  it("refuses an id holding a lone surrogate, which percent-encoding cannot carry, and sends nothing", async () => {
    const server = await faultServer(reply(204));

    const err = await server
      .client()
      .deployments.delete("dep_\uD800x")
      .catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual([{ path: "path.id", message: "must not hold a lone surrogate" }]);
    expect(server.requests).toHaveLength(0);
  });

  it("accepts an id with characters outside the basic plane, encoded as UTF-8", async () => {
    const server = await faultServer(reply(204));

    await server.client().deployments.delete("dep_😀");

    expect(checkId("dep_😀")).toEqual([]);
    expect(checkId("..")).toEqual([{ path: "id", message: 'must not be ".."' }]);
    expect(checkId("dep_\uDE00")).toHaveLength(1);
    expect(server.requests[0]?.url).toBe("/deployments/dep_%F0%9F%98%80");
  });
});

describe("parameter checks, on the text a path segment or a header carries", () => {
  const id: Schema = { type: ["string"], pattern: "^(0|[1-9][0-9]*)$" };
  const count: Schema = { type: ["integer"], minimum: 1 };
  const mode: Schema = { type: ["string"], enum: ["fast", "safe"] };

  it.each<[string, Schema, string, string[]]>([
    ["a digit string that matches the pattern", id, "10", []],
    ["a leading zero the pattern refuses", id, "01", ["must match /^(0|[1-9][0-9]*)$/"]],
    ["a name where the pattern wants digits", id, "abc", ["must match /^(0|[1-9][0-9]*)$/"]],
    ["the text of an integer, for an integer schema", count, "12", []],
    ["the text of an integer under the minimum", count, "0", ["must be >= 1"]],
    ["the text of a fraction, for an integer schema", count, "1.5", ["must be integer"]],
    ["a word, for an integer schema", count, "abc", ["must be integer"]],
    ["a leading zero, which is no JSON number", count, "012", ["must be integer"]],
    ["a number too large to be finite", { type: ["number"] }, "1e400", ["must be number"]],
    ["a value of the enum", mode, "safe", []],
    ["a value outside the enum", mode, "slow", ['must be one of: "fast", "safe"']],
    ["an enum of numbers, given as text", { enum: [1, 2] }, "2", []],
    ["the text true, for a boolean schema", { type: ["boolean"] }, "true", []],
    ["a word, for a boolean schema", { type: ["boolean"] }, "yes", ["must be boolean"]],
    ["a string too long", { type: ["string"], maxLength: 3 }, "abcd", ["must have at most 3 characters"]],
    ["a string too short", { type: ["string"], minLength: 1 }, "", ["must have at least 1 character"]],
    ["a malformed uuid", { type: ["string"], format: uuid }, "1234", ["must be uuid"]],
    ["digits, where the schema takes a string or an integer", { type: ["string", "integer"], maxLength: 1 }, "42", []],
    ["an array's items joined by commas (style simple)", { type: ["array"], items: { type: ["string"] } }, "a,b", []],
    ["an array of integers, written with commas", { type: ["array"], items: { type: ["integer"] } }, "1,22", []],
    ["one item, for an array schema", { type: ["array"], items: { type: ["string"] }, minItems: 1 }, "only", []],
    [
      "no text, for an array schema: no item",
      { type: ["array"], items: { type: ["string"] }, minItems: 1 },
      "",
      ["must have at least 1 item"],
    ],
    ["the text false, for a boolean schema", { type: ["boolean"] }, "false", []],
    ["the text true, where only true is allowed", { type: ["boolean"], enum: [true] }, "true", []],
    ["the text false, where only false is allowed", { type: ["boolean"], enum: [false] }, "false", []],
    [
      "the text false, where only true is allowed",
      { type: ["boolean"], enum: [true] },
      "false",
      ["must be one of: true"],
    ],
    ["a number outside an enum of numbers, with no type", { enum: [1, 2] }, "3", ["must be one of: 1, 2"]],
    [
      "digits too long, where the schema takes a string",
      { type: ["string"], maxLength: 1 },
      "12",
      ["must have at most 1 character"],
    ],
    [
      "an array behind a $ref, written with commas",
      { $ref: () => ({ type: ["array"], items: { type: ["integer"] } }) },
      "1,22",
      [],
    ],
    [
      "a text that may be an array or a string, too long as a string",
      { type: ["array", "string"], items: { type: ["string"] }, maxLength: 2 },
      "a,b",
      ["must have at most 2 characters"],
    ],
    ["a word, where anything but a string is allowed", { not: { type: ["string"] } }, "abc", ["is not allowed"]],
    [
      "a number too large to be finite, where anything but a string is allowed",
      { not: { type: ["string"] } },
      "1e400",
      ["is not allowed"],
    ],
  ])("judge %s", (_, schema, text, messages) => {
    expect(checkParam(schema, text, "path.id")).toEqual(messages.map((message) => ({ path: "path.id", message })));
  });

  it("name the item of an array written with commas that breaks its schema", () => {
    expect(checkParam({ type: ["array"], items: { type: ["integer"] } }, "1,x", "path.ids")).toEqual([
      { path: "path.ids[1]", message: "must be integer" },
    ]);
  });

  it("add to the issues already found", () => {
    const issues = [{ path: "body.x", message: "is required" }];

    checkParam(mode, "slow", "header.X-Mode", issues);

    expect(issues).toEqual([
      { path: "body.x", message: "is required" },
      { path: "header.X-Mode", message: 'must be one of: "fast", "safe"' },
    ]);
  });
});

describe("values no JSON text writes", () => {
  it("are of no type, an object's least of all", () => {
    const object: Schema = { type: ["object"] };

    for (const value of [undefined, () => 1, 1n, Symbol("s")])
      expect(check(object, value, "v")).toEqual([{ path: "v", message: "must be object" }]);
  });
});

describe("answer checks", () => {
  it("require a readOnly field of an answer, which only requests may leave out", async () => {
    const server = await faultServer(reply(200, { default_project_max_concurrent_sessions: 10, added_later: true }));

    const err = await server
      .client({ strictAnswers: true })
      .organization.limits.retrieve()
      .catch((e) => e);

    expect(err).toBeInstanceOf(BrowserCloudError);
    expect(err.message).toBe(
      "The answer to organization.limits.retrieve (status 200) is not what the spec promises: response.max_concurrent_sessions is required",
    );
  });
});

describe("jsonSnapshot()", () => {
  it("copies plain data into fresh objects and arrays, leaving undefined fields out", () => {
    const input = {
      a: 1,
      b: [true, null, "s", { c: -0.5 }],
      d: undefined,
      e: Object.assign(Object.create(null), { f: 2 }),
    };
    const issues: { path: string; message: string }[] = [];

    const copy = jsonSnapshot(input, "body", issues) as typeof input;

    expect(issues).toEqual([]);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(input));
    expect(Object.keys(copy)).toEqual(["a", "b", "e"]);
    expect(copy).not.toBe(input);
    expect(copy.b).not.toBe(input.b);
    expect(copy.b[3]).not.toBe(input.b[3]);
  });

  it("keeps an own __proto__ as an ordinary field, so that the checks see it", () => {
    const input = JSON.parse('{"x":1,"__proto__":{"polluted":true}}');

    const issues: { path: string; message: string }[] = [];

    const copy = jsonSnapshot(input, "body", issues) as Record<string, unknown>;

    expect(issues).toEqual([]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")).toEqual({
      value: { polluted: true },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    expect(Object.keys(copy)).toEqual(["x", "__proto__"]);
    expect(JSON.stringify(copy)).toBe('{"x":1,"__proto__":{"polluted":true}}');
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("lists every value JSON would change, each with its path", () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    const issues: { path: string; message: string }[] = [];

    jsonSnapshot({ when: new Date(0), list: [1, Infinity], loop: cyclic, map: new Map() }, "body", issues);

    expect(issues).toEqual([
      { path: "body.when", message: "is a Date: pass date.toISOString()" },
      { path: "body.list[1]", message: "is Infinity: pass a finite number" },
      { path: "body.loop.self", message: "is a cycle: pass a tree" },
      { path: "body.map", message: "is a Map: pass a plain object" },
    ]);
  });

  it("accepts the same object twice when it is not a cycle", () => {
    const shared = { k: 1 };
    const issues: { path: string; message: string }[] = [];

    expect(jsonSnapshot({ a: shared, b: [shared] }, "body", issues)).toEqual({ a: { k: 1 }, b: [{ k: 1 }] });
    expect(issues).toEqual([]);
  });

  it("reports a sparse array of a billion items once, without walking its length", () => {
    const sparse: unknown[] = [];
    sparse[1e9] = "x";
    const issues: { path: string; message: string }[] = [];

    jsonSnapshot({ keys: sparse }, "body", issues);

    expect(issues).toEqual([{ path: "body.keys[0]", message: "is a hole: pass a dense array" }]);
  });

  it("gives one issue, not a RangeError, for a value nested deeper than the limit", () => {
    const deep = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels));
    const issues: { path: string; message: string }[] = [];

    expect(jsonSnapshot(deep(MAX_DEPTH), "body", issues)).toEqual(deep(MAX_DEPTH));
    expect(issues).toEqual([]);
    jsonSnapshot(deep(100_000), "body", issues);
    expect(issues).toEqual([{ path: `body${"[0]".repeat(MAX_DEPTH)}`, message: "is nested deeper than 1024 levels" }]);
  });

  it("counts the levels of objects as of arrays", () => {
    const deep = (levels: number) => JSON.parse(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);
    const issues: { path: string; message: string }[] = [];

    expect(jsonSnapshot(deep(MAX_DEPTH), "body", issues)).toEqual(deep(MAX_DEPTH));
    expect(issues).toEqual([]);
    jsonSnapshot(deep(MAX_DEPTH + 1), "body", issues);
    expect(issues).toEqual([{ path: `body${".a".repeat(MAX_DEPTH)}`, message: "is nested deeper than 1024 levels" }]);
  });
});

describe("the generated checks", () => {
  // ajv, a full JSON Schema implementation, judges the spec's own schemas; the components ride
  // along so that a schema's $refs ("#/components/schemas/...") resolve as in the spec
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const judge = (name: string) => ajv.compile({ $ref: `#/components/schemas/${name}`, components: spec.components });

  it("agree with a JSON Schema validator on ClickMouseRequest", () => {
    const reference = judge("ClickMouseRequest");
    const samples: unknown[] = [
      { x: 0, y: 0 },
      { x: 10, y: 20, button: "back", click_type: "up", hold_keys: [], num_clicks: 0 },
      { x: 10, y: 20, num_clicks: -3 },
      { x: -1, y: 0 },
      { x: 0 },
      { y: 0 },
      { x: 0.5, y: 1 },
      { x: "1", y: 1 },
      { x: 1, y: 1, button: "LEFT" },
      { x: 1, y: 1, click_type: "double" },
      { x: 1, y: 1, hold_keys: "Shift" },
      { x: 1, y: 1, hold_keys: ["Shift", null] },
      { x: 1, y: 1, num_clicks: 1.5 },
      { x: 1, y: 1, extra: 1 },
      { x: Number.NaN, y: 1 },
      null,
      [],
      "x",
      42,
    ];

    for (const sample of samples) {
      expect(check(ClickSchema, sample, "body").length === 0, JSON.stringify(sample)).toBe(reference(sample));
    }
  });

  it("refuse an infinite coordinate, which JSON would send as null", () => {
    expect(check(ClickSchema, { x: Number.POSITIVE_INFINITY, y: 1 }, "body")).toEqual([
      { path: "body.x", message: "must be integer" },
    ]);
  });

  it("agree with a JSON Schema validator on OrgLimits", () => {
    const reference = judge("OrgLimits");
    const samples: unknown[] = [
      { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: null },
      { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: 2, newer_field: true },
      { max_concurrent_sessions: 5 },
      { max_concurrent_sessions: null, default_project_max_concurrent_sessions: null },
      { max_concurrent_sessions: 5.5, default_project_max_concurrent_sessions: 1 },
      { max_concurrent_sessions: 5, default_project_max_concurrent_sessions: "2" },
      {},
      null,
    ];

    for (const sample of samples) {
      expect(check(LimitsSchema, sample, "response").length === 0, JSON.stringify(sample)).toBe(reference(sample));
    }
  });
});
