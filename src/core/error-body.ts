// What an error answer's body says, whatever shape the spec gives its errors: its code and its
// message, read by one set of rules (the README's Errors section), for ApiError and the error of a
// non-2xx answer (./error-answer.ts) alike.
import { isObject } from "./values.js";

/** A parsed JSON object or array: what an error body is read from (text, `null` and other values are not). */
export function isJson(body: unknown): body is object {
  return typeof body === "object" && body !== null;
}

const objectOf = (value: unknown) => (isObject(value) ? value : undefined);
const words = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
const codeOf = (value: unknown) => words(value) ?? (Number.isFinite(value) ? String(value) : undefined);

/**
 * The code and message of an error body, whatever shape the spec gives its errors, by these rules
 * (the README's Errors section says the same); a field of another type counts as absent:
 *
 * - `code`: `code` when a non-empty string, or a finite number (as its decimal text); else
 *   `error.code` (the same), else `error.type`; else `type` (an RFC 9457 problem), unless
 *   `about:blank`; else `errors[0].code` (the same).
 * - `message`: `message` when a non-empty string; else `error.message`; else `detail`, else `title`
 *   (a problem); else `errors[0].message`.
 *
 * @example
 * readError({ code: 404, message: "no such browser" }); // { code: "404", message: "no such browser" }
 * readError({ error: { message: "slow down", type: "rate_limit", code: null } }); // { code: "rate_limit", message: "slow down" }
 * readError({ type: "about:blank", title: "Not Found", status: 404 }); // { code: undefined, message: "Not Found" }
 * readError({ errors: [{ code: "taken", message: "name is taken" }] }); // { code: "taken", message: "name is taken" }
 */
export function readError(body: unknown): { code: string | undefined; message: string | undefined } {
  const top = objectOf(body);
  const error = objectOf(top?.error);
  const first = Array.isArray(top?.errors) ? objectOf(top.errors[0]) : undefined;
  const type = words(top?.type);
  return {
    code:
      codeOf(top?.code) ??
      codeOf(error?.code) ??
      words(error?.type) ??
      (type === "about:blank" ? undefined : type) ??
      codeOf(first?.code),
    message:
      words(top?.message) ?? words(error?.message) ?? words(top?.detail) ?? words(top?.title) ?? words(first?.message),
  };
}
