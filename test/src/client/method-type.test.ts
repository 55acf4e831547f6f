// The join of the generated table and the spec's declarations: generated/resources.ts checks that
// each method built from a table entry is assignable to its declared type, which an `any` would pass.
// Here each is the declared type exactly, for every entry of the table, found by its name: the same
// test holds for any document's table (the growth bench type-checks it at 150 operations).
import { describe, expectTypeOf, it } from "vitest";
import type { Operation, operations } from "../../../generated/operations.js";
import type { Resources } from "../../../generated/resources.js";
import type { MethodAt, MethodOf } from "../../../src/client/method-type.js";
import type { EventStream } from "../../../src/streams/event-stream.js";

/** Whether `A` and `B` are the same type, not merely assignable either way. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

type Entry = (typeof operations)[number];
/**
 * Per entry of the table (a union of them taken one by one): whether its method has exactly its
 * declared type. An event stream's method is joined by its kind only (`MethodOf` types its events
 * `any`, which the declaration narrows): its parameters exactly, and an `EventStream` it resolves to.
 */
type Exact<E> = E extends Operation
  ? E extends { answer: "stream" }
    ? MethodAt<Resources, E["name"]> extends (...args: infer A) => infer R
      ? Same<Parameters<MethodOf<E>>, A> extends true
        ? R extends Promise<EventStream<unknown>>
          ? true
          : false
        : false
      : false
    : Same<MethodOf<E>, MethodAt<Resources, E["name"]>>
  : never;

describe("MethodOf", () => {
  it("gives each entry of the table exactly the type its declaration gives the method", () => {
    // a single entry that differs makes this `boolean`
    expectTypeOf<Exact<Entry>>().toEqualTypeOf<true>();
  });

  it("finds each entry's declaration by its name", () => {
    // an entry whose name leads nowhere would compare with never
    expectTypeOf<MethodAt<Resources, Entry["name"]>>().not.toBeNever();
  });
});
