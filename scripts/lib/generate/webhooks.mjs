// The webhooks a document describes (3.1's `webhooks`, or the `x-webhooks` 3.0 documents write): each
// one's payload, the request the service sends, for generated/webhooks.ts, whose schemas and types
// src/webhooks/read-webhook.ts checks a received payload with.
import { deref, escapeToken, isObject, isRecord } from "../spec/document.mjs";
import { HTTP_METHODS } from "../../../src/core/path-template.js";

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
 * @param {any} spec a bundled document
 * @returns {{ webhooks: Webhook[], lines: string[] }}
 */
export function readWebhooks(spec) {
  const key = isObject(spec.webhooks) ? "webhooks" : isObject(spec["x-webhooks"]) ? "x-webhooks" : undefined;
  /** @type {Webhook[]} */
  const webhooks = [];
  const lines = [];
  for (const [name, raw] of Object.entries(key ? spec[key] : {})) {
    const item = deref(spec, raw);
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `#/${key}/${escapeToken(name)}/${method}`;
      const body = jsonContent(spec, deref(spec, op.requestBody));
      const answerStatus = Object.keys(op.responses ?? {}).find(
        (status) => /^2/.test(status) && jsonContent(spec, deref(spec, op.responses[status])),
      );
      const answer = answerStatus ? jsonContent(spec, deref(spec, op.responses[answerStatus])) : undefined;
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
        summary: op.summary,
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
  return isObject(media) && media.schema !== undefined ? { schema: media.schema } : undefined;
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
    const schemas = entries.map(([w, i]) => `  ${JSON.stringify(w.name)}: S.${table.name(i)},`);
    const types = entries.map(
      ([w]) =>
        `  /** ${String(w.summary ?? w.name).replaceAll("*/", "*\\/")} (${w.method}) */\n  ${JSON.stringify(w.name)}: ${typeOf(w.schema) ?? `Payload<${JSON.stringify(w.name)}, ${JSON.stringify(w.method.toLowerCase())}>`};`,
    );
    if (!entries.length)
      return `${header}/** Every webhook the document describes: none. */
export const WEBHOOKS = {} as const;

/** Each webhook's payload, as the document types it: none. */
export type WebhookPayloads = Record<never, never>;
`;
    return `${header}import type { webhooks } from "./schema.js";
${types.some((t) => t.includes(" T.")) ? 'import type * as T from "./types.js";\n' : ""}import * as S from "./validators.js";

/** Every webhook the document describes: its name, and the schema of the payload the service sends. */
export const WEBHOOKS = {
${schemas.join("\n")}
} as const;

// a 3.1 document's webhook payload as openapi-typescript types it; unknown where it types none
type Payload<K extends string, M extends string> = K extends keyof webhooks
  ? webhooks[K] extends { [P in M]: { requestBody?: { content: infer C } } }
    ? C[keyof C]
    : unknown
  : unknown;

/** Each webhook's payload, as the document types it: what \`readWebhook(name, payload)\` returns. */
export interface WebhookPayloads {
${types.join("\n")}
}
`;
  };
}
