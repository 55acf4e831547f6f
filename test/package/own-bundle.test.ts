// What a program of the standalone functions that calls this project's own document's one JSON
// method bundles: that operation alone, none of the others' paths or body fields. A test of this
// document (npm run init takes it out of a team's checkout); bundle-size.test.ts holds the same
// property on the synthetic spec, whatever openapi/ holds.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { consumerBundleSize } from "../../scripts/bundle-size.mjs";
import { jsonOperation, operationsOf } from "../support/bundle-operations.js";

const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

describe("a consumer's bundle of this document's standalone functions", () => {
  it("holds the operation it calls and none of the others: their paths and their schemas' fields stay out", async () => {
    const { code } = await consumerBundleSize("functions-json3");
    const called = operationsOf(spec).filter((op) => jsonOperation(spec, op));
    const others = operationsOf(spec).filter((op) => !called.some((c) => c.operationId === op.operationId));
    // the click's body fields, which only the click's schema names
    const fields = Object.keys(spec.components.schemas.ClickMouseRequest.properties).filter((f) => f.length > 4);

    expect(called.map((op) => op.path)).toEqual(["/org/limits"]);
    expect(code).toContain('"/org/limits"');
    expect(others.filter((op) => code.includes(`"${op.path}"`))).toEqual([]);
    expect(fields.length).toBeGreaterThan(2);
    expect(fields.filter((f) => code.includes(f))).toEqual([]);
  });
});
