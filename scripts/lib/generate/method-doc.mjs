// The JSDoc of one operation's method, which the client's method (generated/resources.ts) and its
// standalone function (generated/functions.ts) both carry: summary, description, HTTP line and
// retry policy, what it resolves to, its parameters and an example.

import { RETRYABLE_STATUSES } from "../../../src/core/policy.js";
import { identifier } from "./identifiers.mjs";
import { offeredMedia } from "./request-bodies.mjs";

/** One line safe inside a JSDoc block, as it is: no `*\/` that would end the block early. */
const inComment = (/** @type {string} */ line) => line.replace(/\*\//g, "*\\/");

/** Text safe inside a JSDoc block: trimmed, no `*\/` that would end it early. */
export const doc = (/** @type {unknown} */ text) => inComment(String(text ?? "").trim());

/**
 * The policy sentence each method's JSDoc carries; the README's table says the same at length.
 * @param {import("./read-operations.mjs").OperationInfo} op
 */
function retryNote(op) {
  const key = op.idempotencyKey
    ? ` Each call sends a new \`${op.idempotencyKey}\` (the same on its retries), or yours from \`options.headers\`.`
    : "";
  if (!op.idempotent)
    return `Not idempotent: sent again only when the service certainly did not act (a 429, or a connection refused before anything was sent), never after a timeout or a 5xx (\`maybePerformed\` tells).${key}`;
  const uncertain =
    op.method === "DELETE"
      ? " When an earlier attempt's outcome was unknown and the retry finds nothing (404), it succeeds."
      : "";
  return `Idempotent: retried after connection failures, timeouts and ${RETRYABLE_STATUSES.join(", ")}.${uncertain}${key}`;
}

/**
 * The lines of an operation's JSDoc, without the comment's frame; each is safe inside it, the
 * document's text, its media types (`*\/*`) and the example's values included.
 * @param {import("./read-operations.mjs").OperationInfo} op
 * @param {string} example the `@example` code
 * @returns {string[]}
 * @example
 * docLines(op, exampleCall(op)); // ["Get organization limits", "", ...]
 */
export function docLines(op, example) {
  const lines = [];
  if (op.summary) lines.push(doc(op.summary), "");
  if (op.description) lines.push(...doc(op.description).split("\n"), "");
  lines.push(`\`${op.method} ${op.path}\`. ${retryNote(op)}`);
  if (op.success.kind === "other")
    lines.push(
      "",
      `Resolves to the \`Response\` (${op.success.mediaType ?? "no declared content"}) for you to read; its body is not buffered.`,
    );
  if (op.success.kind === "sequence")
    lines.push(
      "",
      `Resolves to an \`ItemStream\` of the ${op.success.mediaType} answer once its headers arrive: \`for await\` its typed, checked items as they come; \`break\`, \`close()\` or \`signal\` ends it. A dropped connection ends it: a sequence cannot be resumed.`,
    );
  if (op.success.kind === "stream")
    lines.push(
      "",
      `Resolves to an \`EventStream\` of server-sent events once the answer's headers arrive: \`for await\` its typed, checked events; \`break\`, \`close()\` or \`signal\` ends it. A dropped connection is re-opened with \`Last-Event-ID\`${op.idempotent ? "." : " only for an idempotent operation: not this one."}`,
    );
  const sequence = offeredMedia(op.body).find((media) => media.kind === "lines");
  if (sequence)
    lines.push(
      "",
      `Its ${sequence.mediaType} body takes an array, or an async iterable of items sent as they come, each checked before it is written; such a body is read once, so the call gets one attempt.`,
    );
  lines.push("");
  for (const p of op.pathParams)
    lines.push(`@param ${identifier(p.name, new Set())} ${doc(p.description ?? p.name).replace(/\n/g, " ")}`);
  if (op.deprecated) lines.push("@deprecated The spec marks this operation deprecated.");
  lines.push("@example", ...example.split("\n"));
  return lines.map(inComment);
}
