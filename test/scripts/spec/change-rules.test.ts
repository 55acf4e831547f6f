// A named component compared through each document's own $refs, read by the one reference reader
// (scripts/lib/spec/refs.mjs): a pointer's escaped tokens (~1 for /, ~0 for ~, percent-encoding)
// name the component they escape, so a release that inlined it and one that keeps the $ref agree.
import { describe, expect, it } from "vitest";
import { namedComponentChanges } from "../../../scripts/lib/spec/change-rules.mjs";

const doc = (schemas: Record<string, unknown>) => ({ components: { schemas } });
const modified = (released: Record<string, unknown>, current: Record<string, unknown>) =>
  namedComponentChanges(released, current)
    .filter((c) => c.kind === "modified")
    .map((c) => c.pointer);

describe("a named schema read through its $refs", () => {
  const target = { type: "string", maxLength: 8 };

  it.each([
    ["a name with a slash, escaped ~1", "a/b", "#/components/schemas/a~1b"],
    ["a name with a tilde, escaped ~0", "a~b", "#/components/schemas/a~0b"],
    ["a name with a space, percent-encoded", "a b", "#/components/schemas/a%20b"],
  ])("is the same as its inlined copy: %s", (_, name, ref) => {
    const released = doc({ Holder: { properties: { field: target } }, [name]: target });
    const current = doc({ Holder: { properties: { field: { $ref: ref } } }, [name]: target });

    expect(modified(released, current)).toEqual([]);
  });

  it("differs from its inlined copy once the schema it names changed", () => {
    const released = doc({ Holder: { properties: { field: target } }, "a/b": target });
    const current = doc({
      Holder: { properties: { field: { $ref: "#/components/schemas/a~1b" } } },
      "a/b": { type: "string", maxLength: 9 },
    });

    expect(modified(released, current)).toEqual(["/components/schemas/Holder", "/components/schemas/a~1b"]);
  });

  it("keeps a $ref that names nothing as it is: it differs from any schema", () => {
    const released = doc({ Holder: { properties: { field: target } } });
    const current = doc({ Holder: { properties: { field: { $ref: "#/components/schemas/gone" } } } });

    expect(modified(released, current)).toEqual(["/components/schemas/Holder"]);
  });
});
