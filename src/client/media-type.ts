import type { Media, Operation } from "./operation-row.js";
import type { ValidationIssue } from "../core/errors.js";
import { asGiven } from "../uploads/form-body.js";
import { isItems } from "./request-body.js";

/**
 * The media type a call sends its body as, of the several its row offers (its own, then its
 * `bodies`). The one the call's `contentType` names (in any case); else by the value: a `FormData` the
 * multipart form, a `URLSearchParams` the urlencoded form, text, bytes or a stream (`Blob`,
 * `ArrayBuffer` or a view of one, `ReadableStream`) the first media type sent as given, an object with a
 * `Blob` among its fields or in an array field the multipart form, an async iterable (of items) the
 * first sequence of JSON values (JSON Lines, NDJSON); else the row's own (JSON where the
 * spec offers it). A value whose kind of media type is not offered goes as the row's own, whose check
 * names what is wrong with it. A `contentType` not offered is an issue (`options.contentType`), and
 * nothing is chosen.
 *
 * @example
 * pickMedia(row, { name: "a", file: new Blob(["…"]) }, undefined, issues)?.bodyType; // "multipart/form-data"
 */
export function pickMedia(op: Operation, input: unknown, asked: unknown, issues: ValidationIssue[]): Media | undefined {
  // another media type's schema is the row's own unless it gives one
  const all: readonly Media[] = [
    op,
    ...(op.bodies ?? []).map((m) => (m.bodySchema ? m : { ...m, bodySchema: op.bodySchema })),
  ];
  if (asked !== undefined) {
    const wanted = typeof asked === "string" ? asked.toLowerCase() : undefined;
    const found = all.find((m) => m.bodyType?.toLowerCase() === wanted);
    if (!found)
      issues.push({
        path: "options.contentType",
        message: `must be one of: ${all.map((m) => JSON.stringify(m.bodyType)).join(", ")}`,
      });
    return found;
  }
  let chosen: Media | undefined;
  if (input instanceof FormData) chosen = all.find((m) => m.form);
  else if (asGiven(input)) chosen = all.find((m) => m.body === "raw" && !m.form);
  else if (holdsFile(input)) chosen = all.find((m) => m.form);
  else if (input instanceof URLSearchParams) chosen = all.find((m) => m.body === "urlencoded");
  else if (isItems(input)) chosen = all.find((m) => m.body === "lines");
  return chosen ?? op;
}

/** Whether a field of an object (not text, bytes or a stream), or an item of an array field, is a `Blob` (a `File` too). */
function holdsFile(input: unknown): boolean {
  if (typeof input !== "object" || input === null) return false;
  for (const value of Object.values(input)) {
    if (value instanceof Blob) return true;
    if (Array.isArray(value) && value.some((item) => item instanceof Blob)) return true;
  }
  return false;
}
