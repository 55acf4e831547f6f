// readWebhook on a table of webhooks given in place of generated/webhooks.ts (this project's document
// has none): a payload as text or parsed, held to its webhook's schema as an answer is, each refusal
// a ValidationError that shows none of the payload.
import { describe, expect, it, vi } from "vitest";
import type { Schema } from "../../../generated/validators.js";
import { ValidationError } from "../../../src/core/errors.js";
import { readWebhook } from "../../../src/webhooks/read-webhook.js";

vi.mock("../../../generated/webhooks.js", () => {
  // unknown fields refused and `secret` required of a request; an answer, as a payload is read, lets both be
  const sent: Schema = {
    type: ["object"],
    required: ["id", "to", "secret"],
    additionalProperties: false,
    properties: {
      id: { type: ["string"], minLength: 1 },
      to: { type: ["string"] },
      secret: { type: ["string"], writeOnly: true },
    },
  };
  // a webhook whose name reads as a number: the name 404, a number, is still no name of it
  return { WEBHOOKS: { "email.sent": sent, "404": { type: ["object"] } } };
});

const read = (name: string, payload: unknown) => readWebhook(name as never, payload);

/** The issues of the ValidationError `run` throws; fails when it throws anything else, or nothing. */
function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).not.toContain("s3cr3t");
    return (err as ValidationError).issues;
  }
  throw new Error("no ValidationError");
}

describe("readWebhook, a document's webhooks", () => {
  it("parses a text payload and returns it, typed by its webhook", () => {
    expect(read("email.sent", '{"id":"e_1","to":"a@b.c"}')).toEqual({ id: "e_1", to: "a@b.c" });
  });

  it("takes a parsed payload, and returns a copy of plain JSON data, not the object given", () => {
    const given = { id: "e_1", to: "a@b.c" };
    const read_ = read("email.sent", given);

    expect(read_).toEqual(given);
    expect(read_).not.toBe(given);
  });

  it("checks as an answer is checked: fields the schema does not know pass, a writeOnly field is not required", () => {
    expect(read("email.sent", { id: "e_1", to: "a@b.c", added: 1 })).toEqual({ id: "e_1", to: "a@b.c", added: 1 });
  });

  it("refuses a payload its schema refuses, naming each way", () => {
    expect(refusal(() => read("email.sent", '{"id":"","secret":"s3cr3t"}'))).toEqual([
      { path: "payload.to", message: "is required" },
      { path: "payload.id", message: "must have at least 1 character" },
    ]);
  });

  it("refuses text that is not JSON, showing none of it", () => {
    expect(refusal(() => read("email.sent", "{s3cr3t"))).toEqual([{ path: "payload", message: "is not JSON" }]);
  });

  it("refuses text longer than 16 Mi characters before parsing it, and reads one of that length", () => {
    const limit = 16 * 1024 * 1024;
    const long = `"${"s3cr3t".padEnd(limit - 1, " ")}"`;

    expect(refusal(() => read("email.sent", long))).toEqual([
      { path: "payload", message: `is longer than ${limit} characters` },
    ]);
    // one character shorter: read, and refused by its schema, not its length
    expect(refusal(() => read("email.sent", long.slice(1)))).toEqual([{ path: "payload", message: "is not JSON" }]);
  });

  it("refuses what JSON cannot carry, and checks no schema then", () => {
    expect(refusal(() => read("email.sent", { at: new Date(0) }))).toEqual([
      { path: "payload.at", message: "is a Date: pass date.toISOString()" },
    ]);
  });

  it.each([
    ["a name it does not describe", "email.bounced"],
    ["a name every object inherits", "toString"],
    ["a name that is no string, though its text is one", 404],
  ])("refuses %s before reading the payload", (_, name) => {
    expect(refusal(() => read(name as string, "{s3cr3t"))).toEqual([
      { path: "name", message: "is not a webhook of the document (2 known)" },
    ]);
  });
});
