import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ClickMouseRequest as ClickSchema, OrgLimits as LimitsSchema } from "../generated/validators.js";
import { check } from "../src/validation.js";
import { ValidationError, type ClickMouseRequest } from "../src/index.js";
import { faultServer, reply } from "./support/fault-server.js";

const spec = JSON.parse(readFileSync(new URL("../generated/openapi.json", import.meta.url), "utf8"));

describe("input checks", () => {
  it.each([
    ["", "must not be empty"],
    [".", 'must not be "."'],
    ["..", 'must not be ".."'],
  ])("refuse the id %j before anything is sent", async (id, message) => {
    const server = await faultServer(reply(204));
    const client = server.client();

    for (const call of [() => client.deployments.delete(id), () => client.auth.connections.delete(id), () => client.browsers.computer.clickMouse(id, { x: 1, y: 1 })]) {
      const err = await call().catch((e) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect(err.issues).toEqual([{ path: "id", message }]);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("refuses an id that is not a string, as JavaScript callers may pass one", async () => {
    const server = await faultServer(reply(204));

    const err = await server.client().deployments.delete(42 as unknown as string).catch((e) => e);

    expect(err.issues).toEqual([{ path: "id", message: "must be a string" }]);
    expect(server.requests).toHaveLength(0);
  });

  it.each(["a/../../org/limits", "x?y=1#z", "100%", "dep 1", "..."])("keeps the id %j inside its path segment", async (id) => {
    const server = await faultServer(reply(204));

    await server.client().deployments.delete(id);

    expect(server.requests[0]?.url).toBe(`/deployments/${encodeURIComponent(id)}`);
  });

  it("lists every problem of a click body, and sends nothing", async () => {
    const server = await faultServer(reply(200));
    const body = { x: -1, button: "top", hold_keys: ["Shift", 3], wheel: true } as unknown as ClickMouseRequest;

    const err = await server.client().browsers.computer.clickMouse("brs_1", body).catch((e) => e);

    expect(err).toBeInstanceOf(ValidationError);
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { path: "body.x", message: "must be >= 0" },
        { path: "body.y", message: "is required" },
        { path: "body.button", message: expect.stringMatching(/must be one of: "left", "right", "middle", "back", "forward"/) },
        { path: "body.hold_keys[1]", message: "must be string" },
        { path: "body.wheel", message: "is not a known field" },
      ]),
    );
    expect(err.issues).toHaveLength(5);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a fractional coordinate, since the spec says integer", async () => {
    const server = await faultServer(reply(200));

    const err = await server.client().browsers.computer.clickMouse("brs_1", { x: 1.5, y: 2 }).catch((e) => e);

    expect(err.issues).toEqual([{ path: "body.x", message: "must be integer" }]);
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
    expect(check(ClickSchema, { x: Number.POSITIVE_INFINITY, y: 1 }, "body")).toEqual([{ path: "body.x", message: "must be integer" }]);
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
