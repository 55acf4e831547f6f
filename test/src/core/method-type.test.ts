// The join of the generated table and the spec's declarations: generated/resources.ts checks that
// each method built from a table entry is assignable to its declared type, which an `any` would pass.
// Here each is the declared type exactly.
import { describe, expectTypeOf, it } from "vitest";
import type { operations } from "../../../generated/operations.js";
import type { Resources } from "../../../generated/resources.js";
import type { MethodOf } from "../../../src/core/method-type.js";

describe("MethodOf", () => {
  it("gives each entry of this project's table exactly the type its declaration gives the method", () => {
    expectTypeOf<MethodOf<(typeof operations)[0]>>().toEqualTypeOf<Resources["organization"]["limits"]["retrieve"]>();
    expectTypeOf<MethodOf<(typeof operations)[1]>>().toEqualTypeOf<Resources["browsers"]["computer"]["clickMouse"]>();
    expectTypeOf<MethodOf<(typeof operations)[2]>>().toEqualTypeOf<Resources["auth"]["connections"]["delete"]>();
    expectTypeOf<MethodOf<(typeof operations)[3]>>().toEqualTypeOf<Resources["deployments"]["delete"]>();
  });
});
