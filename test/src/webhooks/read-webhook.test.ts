// readWebhook on this checkout's document: a name it does not describe is refused with a typed error
// that names no part of the payload. Payloads of a document that has webhooks are read in
// test/scripts/generate/webhooks.test.ts, on a client generated from one.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readWebhook, ValidationError } from "../../../src/index.js";

// the webhooks the document describes (a 3.0 document's x-webhooks), read from it: this project's none
const spec = JSON.parse(readFileSync(new URL("../../../generated/openapi.json", import.meta.url), "utf8"));
const KNOWN = Object.keys(spec.webhooks ?? spec["x-webhooks"] ?? {}).length;

describe("readWebhook", () => {
  it("refuses a name the document does not describe, before reading the payload, and shows none of it", () => {
    let caught: unknown;
    try {
      readWebhook("no.such-webhook" as never, '{"secret":"s3cr3t-token"}');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual([
      { path: "name", message: `is not a webhook of the document (${KNOWN} known)` },
    ]);
    expect((caught as Error).message).not.toContain("s3cr3t");
  });
});
