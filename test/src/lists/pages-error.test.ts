import { describe, expect, it } from "vitest";
import { ClientError } from "../../../src/core/errors.js";
import { PaginationError } from "../../../src/lists/pages.js";

// test/src/lists/pages.test.ts walks lists through a generated client; this is the error on its own
describe("PaginationError", () => {
  it("names the page whose next position was wrong, keeps its headers, and says the call may have acted", () => {
    const headers = new Headers({ "x-next-offset": "20" });

    const err = new PaginationError("page 2 of browsers.list gave no next offset", 2, headers);

    expect(err).toBeInstanceOf(ClientError);
    expect([err.name, err.page, err.headers, err.maybePerformed, err.message]).toEqual([
      "PaginationError",
      2,
      headers,
      true,
      "page 2 of browsers.list gave no next offset",
    ]);
  });
});
