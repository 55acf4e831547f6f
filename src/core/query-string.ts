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
      if (value === undefined || value === null) continue;
      const how = Object.hasOwn(styles, name) ? styles[name] : undefined;
      const explode = how?.explode ?? true;
      if (Array.isArray(value)) {
        // deepObject says nothing of arrays: its items repeated, as form writes them
        const style = !how?.style || how.style === "deepObject" ? "form" : how.style;
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
