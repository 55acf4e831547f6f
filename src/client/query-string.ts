// The query string of an operation whose parameters the document writes otherwise than openapi-fetch
// does by default (an array's items repeated, an object's fields in brackets): each parameter as its
// `style` and `explode` say, through openapi-fetch's own serializers, so that the rest is written
// exactly as openapi-fetch writes it.
import { serializeArrayParam, serializeObjectParam, serializePrimitiveParam } from "openapi-fetch";
import type { FieldEncoding } from "../uploads/url-encoded.js";

/**
 * openapi-fetch's `querySerializer` for an operation: the parameters `styles` names written as it
 * says, the others as openapi-fetch writes them. OpenAPI's `style: form` writes an object's fields
 * as parameters of their own (`user_id=7`), `explode: false` an array's items joined by commas
 * (`ids=1,2`); `deepObject` writes an object's fields in brackets (`filter[user_id]=7`).
 *
 * @example
 * const serializer = styledQuery({ filter: { style: "form" }, ids: { explode: false } });
 * serializer({ filter: { user_id: "7" }, ids: [1, 2] }); // "user_id=7&ids=1,2"
 */
export function styledQuery(styles: Readonly<Record<string, FieldEncoding>>) {
  return (query: Record<string, unknown>): string => {
    const parts: string[] = [];
    for (const [name, value] of Object.entries(query)) {
      if (value == null) continue;
      const how = Object.hasOwn(styles, name) ? styles[name] : undefined;
      // Stryker disable next-line LogicalOperator: openapi-fetch explodes unless explode is false; its types ask a boolean
      const explode = how?.explode ?? true;
      if (Array.isArray(value)) {
        // deepObject says nothing of arrays: its items repeated, as form writes them
        // Stryker disable next-line StringLiteral: openapi-fetch writes an array of a style it does not know as form
        const style = how?.style === "spaceDelimited" || how?.style === "pipeDelimited" ? how.style : "form";
        if (value.length) parts.push(serializeArrayParam(name, value, { style, explode }));
      } else if (typeof value === "object") {
        // named, the document's style (form by default); spaceDelimited and pipeDelimited say
        // nothing of objects: in brackets, as openapi-fetch writes them
        const style = how && (how.style ?? "form") === "form" ? "form" : "deepObject";
        parts.push(serializeObjectParam(name, value as Record<string, unknown>, { style, explode }));
      } else parts.push(serializePrimitiveParam(name, String(value)));
    }
    // an empty array writes nothing, as openapi-fetch does, and an empty object no empty part
    return parts.filter(Boolean).join("&");
  };
}

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const JSON_MEDIA = /^application\/(.+\+)?json\s*(;|$)/i;

/**
 * openapi-fetch's `querySerializer` for OpenAPI 3.2's `querystring`: the whole query string written
 * from one value as its media type says. `application/x-www-form-urlencoded` writes an object's fields
 * as parameters of their own (`URLSearchParams`): an array's items repeated, an object field as its JSON
 * text (the Encoding Object's default for an object), null and undefined left out; JSON (and any other
 * media type) writes the value's text, JSON's for JSON, percent-encoded as a query must be.
 *
 * @example
 * wholeQuery("application/x-www-form-urlencoded")({ name: "Rex", tags: ["a", "b"] }); // "name=Rex&tags=a&tags=b"
 * wholeQuery("application/json")({ numbers: [1, 2] }); // "%7B%22numbers%22%3A%5B1%2C2%5D%7D"
 */
export function wholeQuery(mediaType: string) {
  if (FORM.test(mediaType))
    return (value: unknown): string => {
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return value === undefined || value === null ? "" : encodeURIComponent(String(value));
      const form = new URLSearchParams();
      const text = (v: unknown) => (typeof v === "object" ? JSON.stringify(v) : String(v));
      for (const [name, field] of Object.entries(value)) {
        for (const item of Array.isArray(field) ? field : [field])
          if (item !== undefined && item !== null) form.append(name, text(item));
      }
      return form.toString();
    };
  const json = JSON_MEDIA.test(mediaType);
  return (value: unknown): string =>
    value === undefined ? "" : encodeURIComponent(json || typeof value !== "string" ? JSON.stringify(value) : value);
}
