// What the stateful mock (./state.mjs) reads of a request and of Prism's answer to it: the fields
// a body gives, the path's parameters decoded, and whether Prism accepted the request.
import { isObject } from "../spec/document.mjs";

/**
 * The fields a request's body gives: a JSON object's, or a form's (a name repeated gives an
 * array); `{}` for anything else.
 * @param {string} text
 * @param {string | undefined} type its `Content-Type`
 * @returns {Record<string, unknown>}
 * @example
 * fieldsOf("UniqueName=lobby", "application/x-www-form-urlencoded"); // { UniqueName: "lobby" }
 */
export function fieldsOf(text, type) {
  if (/^application\/x-www-form-urlencoded/i.test(type ?? "")) {
    /** @type {Record<string, unknown>} */
    const fields = {};
    for (const [name, value] of new URLSearchParams(text)) {
      const known = fields[name];
      fields[name] = known === undefined ? value : [known, value].flat();
    }
    return fields;
  }
  try {
    const value = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** The path's parameters percent-decoded, or undefined for one that is not valid UTF-8 once decoded. */
export function decoded(/** @type {Record<string, string>} */ params) {
  try {
    return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return undefined;
  }
}

/** Whether Prism accepted the request: a success, or its 500 for an answer of its own that breaks the document. */
export function accepted(answer) {
  const status = answer.statusCode ?? 0;
  if (status >= 200 && status <= 299) return true;
  if (status !== 500) return false;
  try {
    const violations = JSON.parse(String(answer.headers["sl-violations"] ?? ""));
    return (
      Array.isArray(violations) &&
      violations.some((v) => v?.location?.[0] === "response") &&
      violations.every((v) => v?.location?.[0] === "response" || v?.severity !== "Error")
    );
  } catch {
    return false;
  }
}
