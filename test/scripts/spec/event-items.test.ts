// The 3.1 view of a server-sent event stream's OpenAPI 3.2 `itemSchema` (scripts/lib/spec/event-items.mjs):
// one event as the client hands it out, each kind its own branch, and which kinds' data is JSON. The
// item schemas are the OpenAPI specification's own example (4.14.6.3, over its generic event schema of
// 4.14.4), and shapes other tools write; the expected values are written out here.
import { describe, expect, it } from "vitest";
import { eventItems } from "../../../scripts/lib/spec/event-items.mjs";

// the generic event schema of OpenAPI 3.2's "Special Considerations for Server-Sent Events"
const EVENT = {
  type: "object",
  required: ["data"],
  properties: {
    data: { type: "string" },
    event: { type: "string" },
    id: { type: "string" },
    retry: { type: "integer", minimum: 0 },
  },
};
const spec = {
  components: { schemas: { Event: EVENT, Todo: { type: "object", properties: { title: { type: "string" } } } } },
};
const ID = { type: "string" };
const RETRY = { type: "integer", minimum: 0 };

describe("an event stream's itemSchema read as one event", () => {
  it("reads the specification's own example: three kinds by their event, one of them JSON data", () => {
    const foo = { type: "object", required: ["foo"], properties: { foo: { type: "integer" } } };
    const item = {
      $ref: "#/components/schemas/Event",
      required: ["event"],
      oneOf: [
        { properties: { event: { const: "addString" } } },
        { properties: { event: { const: "addInt64" }, data: { format: "int64" } } },
        {
          properties: {
            event: { const: "addJson" },
            data: { contentMediaType: "application/json", contentSchema: foo },
          },
        },
      ],
    };

    const { schema, data, kinds } = eventItems(spec, item);

    expect(data).toEqual({ json: false, names: { addString: false, addInt64: false, addJson: true } });
    expect(kinds).toEqual(['"addString": text', '"addInt64": text', '"addJson": JSON']);
    expect(schema).toEqual({
      oneOf: [
        {
          type: "object",
          required: ["data", "event"],
          properties: { data: { type: "string" }, event: { type: "string", const: "addString" }, id: ID, retry: RETRY },
        },
        {
          type: "object",
          required: ["data", "event"],
          properties: {
            data: { type: "string", format: "int64" },
            event: { type: "string", const: "addInt64" },
            id: ID,
            retry: RETRY,
          },
        },
        {
          type: "object",
          required: ["data", "event"],
          properties: { data: foo, event: { type: "string", const: "addJson" }, id: ID, retry: RETRY },
        },
      ],
    });
  });

  it("reads one kind of event whose data is JSON, by its content or by a schema that takes no string", () => {
    const content = eventItems(spec, {
      properties: {
        data: { contentMediaType: "application/json", contentSchema: { $ref: "#/components/schemas/Todo" } },
      },
    });
    const object = eventItems(spec, {
      required: ["data"],
      properties: { data: { $ref: "#/components/schemas/Todo" } },
    });

    for (const { schema, data } of [content, object]) {
      expect(data).toEqual({ json: true });
      expect(schema).toEqual({
        type: "object",
        required: ["data"],
        properties: { data: { $ref: "#/components/schemas/Todo" }, event: { type: "string" }, id: ID, retry: RETRY },
      });
    }
  });

  it("reads data of another content type as text, and names the kinds of an enum and of a discriminator's mapping", () => {
    const jwt = {
      properties: { event: { enum: ["token", "refresh"] }, data: { contentMediaType: "application/jwt" } },
    };
    const mapped = {
      discriminator: { propertyName: "event", mapping: { todo: "#/components/schemas/TodoEvent" } },
      anyOf: [{ $ref: "#/components/schemas/TodoEvent" }],
    };
    const todoEvent = { properties: { data: { contentSchema: { $ref: "#/components/schemas/Todo" } } } };
    const withTodo = { components: { schemas: { ...spec.components.schemas, TodoEvent: todoEvent } } };

    const token = eventItems(spec, jwt);
    const todo = eventItems(withTodo, mapped);

    expect(token.data).toEqual({ json: false, names: { token: false, refresh: false } });
    expect((token.schema.properties as Record<string, unknown>).data).toEqual({ type: "string" });
    expect(todo.data).toEqual({ json: true, names: { todo: true } });
    // one branch is the event itself
    expect(todo.schema).toEqual({
      type: "object",
      required: ["data"],
      properties: {
        data: { $ref: "#/components/schemas/Todo" },
        event: { type: "string", enum: ["todo"] },
        id: ID,
        retry: RETRY,
      },
    });
  });
});
