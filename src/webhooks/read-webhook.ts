import { WEBHOOKS, type WebhookPayloads } from "../../generated/webhooks.js";
import type { Schema } from "../../generated/validators.js";
import { assertValid, check, jsonSnapshot } from "../checks/check.js";
import { ValidationError, type ValidationIssue } from "../core/errors.js";

/** The largest payload text `readWebhook` parses, in UTF-16 code units: 16 Mi, the client's default answer bound. */
export const MAX_PAYLOAD_LENGTH = 16 * 1024 * 1024;

/**
 * Reads a payload the service sent to one of the document's webhooks: the received body as text
 * (parsed as JSON) or already parsed, held to the webhook's schema with the client's own checks,
 * and returned typed. Throws `ValidationError` (nothing of the payload in its message but the
 * issues' paths) for an unknown webhook, text that is not JSON or is longer than
 * `MAX_PAYLOAD_LENGTH`, a value that is not plain JSON data, or one the schema refuses. It checks
 * what the payload says, not who sent it: verify the request's signature first, as the service
 * documents it.
 *
 * @example
 * app.post("/hooks/email", async (req, res) => {
 *   const event = readWebhook("email.sent", await req.text());
 *   res.sendStatus(204);
 * });
 */
export function readWebhook<const K extends keyof WebhookPayloads>(name: K, payload: unknown): WebhookPayloads[K] {
  const schemas: Readonly<Record<string, Schema>> = WEBHOOKS;
  const issues: ValidationIssue[] = [];
  if (typeof name !== "string" || !Object.hasOwn(schemas, name))
    throw new ValidationError([
      { path: "name", message: `is not a webhook of the document (${Object.keys(schemas).length} known)` },
    ]);
  let value = payload;
  if (typeof payload === "string") {
    if (payload.length > MAX_PAYLOAD_LENGTH)
      throw new ValidationError([{ path: "payload", message: `is longer than ${MAX_PAYLOAD_LENGTH} characters` }]);
    try {
      value = JSON.parse(payload);
    } catch {
      throw new ValidationError([{ path: "payload", message: "is not JSON" }]);
    }
  }
  const data = jsonSnapshot(value, "payload", issues);
  if (!issues.length) check(schemas[name]!, data, "payload", issues, true);
  assertValid(issues);
  return data as WebhookPayloads[K];
}
