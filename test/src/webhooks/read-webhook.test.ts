// readWebhook on this document, which describes no webhook: every name is refused with a typed error
// that names no part of the payload. Payloads of a document that has webhooks are read in
// test/scripts/generate/webhooks.test.ts, on a client generated from one.
import { describe, expect, it } from "vitest";
import { readWebhook, ValidationError } from "../../../src/index.js";

describe("readWebhook", () => {
  it("refuses a name the document does not describe, before reading the payload, and shows none of it", () => {
    let caught: unknown;
    try {
      readWebhook("email.sent" as never, '{"secret":"s3cr3t-token"}');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual([
      { path: "name", message: "is not a webhook of the document (0 known)" },
    ]);
    expect((caught as Error).message).not.toContain("s3cr3t");
  });
});
