// The error class each status is thrown as, and whether a method may be sent twice, by the one
// table the client and the generator share. Each expected value is the RFC's or the IANA HTTP
// Method Registry's, written out.
import { describe, expect, it } from "vitest";
import { errorClassName, idempotentMethod } from "../../../src/core/policy.js";

describe("the error class of a status", () => {
  it.each([
    [302, "RedirectError"],
    [400, "BadRequestError"],
    [404, "NotFoundError"],
    [418, "ApiError"],
    [499, "ApiError"],
    [500, "InternalServerError"],
    [503, "InternalServerError"],
  ])("of %i is %s", (status, name) => {
    expect(errorClassName(status)).toBe(name);
  });
});

describe("whether a method may be sent twice with the effect of once", () => {
  it.each([
    // RFC 9110 9.2.2, and QUERY
    ["GET", true],
    ["PUT", true],
    ["DELETE", true],
    ["QUERY", true],
    // WebDAV's, in the IANA registry
    ["PROPFIND", true],
    ["VERSION-CONTROL", true],
    // the registry's neither safe nor idempotent, and a method it does not list
    ["POST", false],
    ["PATCH", false],
    ["LOCK", false],
    ["CONNECT", false],
    ["PURGE", false],
    // methods are case-sensitive: a lower-case name is another method
    ["get", false],
    ["propfind", false],
  ])("%s: %s", (method, expected) => {
    expect(idempotentMethod(method)).toBe(expected);
  });
});
