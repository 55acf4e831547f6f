// The webhooks a document describes (3.1's `webhooks`, or the `x-webhooks` 3.0 documents write): each
// one's payload, the request the service sends, for generated/webhooks.ts, whose schemas and types
// src/webhooks/read-webhook.ts checks a received payload with.
import { deref, escapeToken } from "../spec/refs.mjs";
import { isRecord } from "../spec/guards.mjs";
import { fieldsOf, keyword as field } from "../spec/guards.mjs";
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import * as print from "./print.mjs";
import {
  conditional,
  indexed,
  inferred,
  interfaceOf,
  keyOf,
  keyword,
  mapped,
  namesUsed,
  objectType,
  property,
  stringType,
  typeAlias,
  typeRef,
} from "./print-types.mjs";

/** @typedef {import("typescript").TypeNode} TypeNode */

/** A media type whose body is JSON. */
const JSON_TYPE = /^application\/(.+\+)?json(;.*)?$/i;

/**
 * @typedef {object} Webhook
 * @property {string} name the webhook's key in the document
 * @property {string} method the operation that carries it
 * @property {unknown} schema its payload's schema, `{}` (any value) where the document gives none
 * @property {string} where the operation that carries it, as a JSON pointer
 * @property {string | undefined} summary
 */

/**
 * Every webhook of `spec` with its payload: the JSON request body of each of its operations; where
 * an operation gives none but a JSON 2xx answer, that answer, said so; else any value, said so.
 * @param {unknown} spec a bundled document
 * @returns {{ webhooks: Webhook[], lines: string[] }}
 */
export function readWebhooks(spec) {
  const key = isRecord(field(spec, "webhooks"))
    ? "webhooks"
    : isRecord(field(spec, "x-webhooks"))
      ? "x-webhooks"
      : undefined;
  /** @type {Webhook[]} */
  const webhooks = [];
  const lines = [];
  for (const [name, raw] of Object.entries(key ? fieldsOf(field(spec, key)) : {})) {
    const item = deref(spec, raw);
    if (!isRecord(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const where = `#/${key}/${escapeToken(name)}/${method}`;
      const body = jsonContent(spec, deref(spec, op.requestBody));
      const responses = fieldsOf(op.responses);
      const answerStatus = Object.keys(responses).find(
        (status) => /^2/.test(status) && jsonContent(spec, deref(spec, responses[status])),
      );
      const answer = answerStatus ? jsonContent(spec, deref(spec, responses[answerStatus])) : undefined;
      const payload = body ?? answer;
      if (!body && answer)
        lines.push(
          `${where}: the payload is described as the ${answerStatus} answer, not the request the service sends; read as the payload`,
        );
      if (!payload) lines.push(`${where}: no JSON payload described; read as any value`);
      webhooks.push({
        name: webhooks.some((w) => w.name === name) ? `${name}.${method}` : name,
        method: method.toUpperCase(),
        schema: payload?.schema ?? {},
        where,
        // a summary that is no text (which lint refuses) says nothing
        summary: typeof op.summary === "string" ? op.summary : undefined,
      });
    }
  }
  return { webhooks, lines };
}

/**
 * The schema of the first JSON media type of a request body or an answer.
 * @param {unknown} spec
 * @param {unknown} holder
 * @returns {{ schema: unknown } | undefined}
 */
function jsonContent(spec, holder) {
  if (!isRecord(holder) || !isRecord(holder.content)) return undefined;
  const type = Object.keys(holder.content).find((t) => JSON_TYPE.test(t));
  const media = type ? deref(spec, holder.content[type]) : undefined;
  return isRecord(media) && media.schema !== undefined ? { schema: media.schema } : undefined;
}

/**
 * generated/webhooks.ts: `WEBHOOKS` (name -> its payload's schema, a constant of validators.ts) and
 * `WebhookPayloads` (name -> its payload's type: the component's type, else the one openapi-typescript
 * gives a 3.1 document's webhook, else unknown).
 * @param {Webhook[]} webhooks
 * @param {import("./emit-client.mjs").SchemaRefs} table
 * @param {(schema: unknown) => string | undefined} typeOf a component schema's exported type (`T.Name`)
 * @param {string} header
 */
export function webhooksSource(webhooks, table, typeOf, header) {
  const entries = webhooks.map(
    (w) => /** @type {[Webhook, number]} */ ([w, table.add(w.schema, `${w.where} payload`)]),
  );
  return () => {
    if (!entries.length)
      return print.printModule(header, [
        [
          print.documented(print.constant("WEBHOOKS", print.asConst(print.literal({}))), [
            "Every webhook the document describes: none.",
          ]),
        ],
        [
          print.documented(typeAlias("WebhookPayloads", typeRef("Record", [keyword("never"), keyword("never")])), [
            "Each webhook's payload, as the document types it: none.",
          ]),
        ],
      ]);
    const schemas = new Map(entries.map(([w, i]) => [w.name, print.ref(`S.${table.name(i)}`)]));
    const types = entries.map(([w]) => {
      const type = typeOf(w.schema);
      const payload = type
        ? typeRef(type)
        : typeRef("Payload", [stringType(w.name), stringType(w.method.toLowerCase())]);
      return print.documented(property(w.name, payload, { quoted: true }), [`${w.summary ?? w.name} (${w.method})`]);
    });
    return print.printModule(header, [
      [
        print.importNames("./schema.js", ["webhooks"], { typeOnly: true }),
        ...(namesUsed(types).has("T") ? [print.importAll("./types.js", "T", { typeOnly: true })] : []),
        print.importAll("./validators.js", "S"),
      ],
      [
        print.documented(print.constant("WEBHOOKS", print.asConst(print.literal(schemas, { expanded: true }))), [
          "Every webhook the document describes: its name, and the schema of the payload the service sends.",
        ]),
      ],
      [
        print.commented([
          "a 3.1 document's webhook payload as openapi-typescript types it; unknown where it types none",
        ]),
        payloadType(),
      ],
      [
        print.documented(interfaceOf("WebhookPayloads", types), [
          "Each webhook's payload, as the document types it: what `readWebhook(name, payload)` returns.",
        ]),
      ],
    ]);
  };
}

/**
 * `Payload<K, M>`: the request body's content of webhook K's operation M as openapi-typescript types a
 * 3.1 document's webhooks, else `unknown`.
 */
function payloadType() {
  const [K, M, C] = ["K", "M", "C"].map((name) => typeRef(name));
  const webhooks = typeRef("webhooks");
  const content = objectType([property("content", inferred("C"))]);
  const operation = mapped(
    "P",
    /** @type {TypeNode} */ (M),
    objectType([property("requestBody", content, { optional: true })]),
  );
  const payload = conditional(indexed(webhooks, K), operation, indexed(C, keyOf(C)), keyword("unknown"));
  const body = conditional(/** @type {TypeNode} */ (K), keyOf(webhooks), payload, keyword("unknown"));
  return typeAlias("Payload", body, {
    exported: false,
    params: [
      ["K", keyword("string")],
      ["M", keyword("string")],
    ],
  });
}
