// Which events of an OpenAPI 3.2 event stream carry JSON in their data, by their name: the one
// reading the client parses by and the mock writes by. Expectations are literals.
import { describe, expect, it } from "vitest";
import { jsonData, namedEvent } from "../../../src/streams/event-data.js";

describe("whether an event's data is JSON", () => {
  it.each([
    ["a named event, as its name says", { json: false, names: { addJson: true } }, "addJson", true],
    ["a named event its name says is text", { json: true, names: { ping: false } }, "ping", false],
    ["an event of a name not listed, as any other", { json: true, names: { ping: false } }, "other", true],
    [
      "an event of a name not listed, as any other, when that is text",
      { json: false, names: { a: true } },
      "other",
      false,
    ],
    ["an event sent without a name, as any other", { json: true, names: { ping: false } }, undefined, true],
    [
      "an event sent without a name, not as one named `undefined`",
      { json: true, names: { undefined: false } },
      undefined,
      true,
    ],
    ["an event named `undefined`, as its name says", { json: true, names: { undefined: false } }, "undefined", false],
    ["an event named as an object's own inherited member, as any other", { json: true, names: {} }, "toString", true],
    ["any event of a stream that names none, JSON", { json: true }, "x", true],
    ["any event of a stream that names none, text", { json: false }, "x", false],
    ["an event without a name of a stream that names none", { json: true }, undefined, true],
  ] as const)("%s", (_, data, name, json) => {
    expect(jsonData(data, name)).toBe(json);
  });
});

describe("whether the item schema describes an event of a name", () => {
  it.each([
    ["a name it lists", { json: true, names: { a: false } }, "a", true],
    ["a name it does not list", { json: true, names: { a: false } }, "b", false],
    ["an object's inherited member", { json: true, names: { a: false } }, "toString", false],
    ["any name, where it lists none", { json: true }, "a", false],
  ] as const)("%s", (_, data, name, described) => {
    expect(namedEvent(data, name)).toBe(described);
  });
});
