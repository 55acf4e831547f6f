// This project's lint rules that Redocly's configurable rules cannot express (they see one node
// at a time, and a client method must be unique across the whole document). Loaded by
// lint/house.yaml's `plugins`, so `redocly lint`, `npm run dev` and `npm start` all apply them.
import { clashes, malformed } from "../generate/client-methods.mjs";

/** @typedef {import("@redocly/openapi-core").UserContext} Context what Redocly hands a rule's visitor */
/** @typedef {Record<string, unknown>} Operation an operation object as written, its fields unchecked */

/** Every operation names where it lives on the client, well-formed and unique. */
function ClientMethod() {
  /** @type {{ name: string, report: (message: string) => void }[]} */
  const seen = [];
  return {
    Operation: {
      enter(/** @type {Operation} */ operation, /** @type {Context} */ ctx) {
        const name = operation["x-client-method"];
        if (name === undefined) {
          ctx.report({
            message: `Operation ${operation.operationId ?? ""} has no x-client-method: add one saying where it lives on the client, e.g. \`x-client-method: browsers.computer.clickMouse\` (dot-separated camelCase groups, the method last).`,
            location: ctx.location.key(),
          });
          return;
        }
        const why = malformed(name);
        if (why || typeof name !== "string") {
          ctx.report({
            message: `x-client-method ${why ?? "must be a string"}.`,
            location: ctx.location.child("x-client-method"),
          });
          return;
        }
        const location = ctx.location.child("x-client-method");
        seen.push({ name, report: (message) => ctx.report({ message, location }) });
      },
    },
    Root: {
      leave() {
        const bad = clashes(seen.map((s) => s.name));
        for (const { name, report } of seen) if (bad.has(name)) report(`x-client-method ${bad.get(name)}.`);
      },
    },
  };
}

/** `x-idempotent`, when given, is a boolean: it overrides what the HTTP method says about retrying. */
function Idempotent() {
  return {
    Operation: {
      enter(/** @type {Operation} */ operation, /** @type {Context} */ ctx) {
        const value = operation["x-idempotent"];
        if (value !== undefined && typeof value !== "boolean") {
          ctx.report({
            message: `x-idempotent must be true or false (got ${JSON.stringify(value)}): true lets the client retry this operation after a timeout or a 5xx, false never sends it twice.`,
            location: ctx.location.child("x-idempotent"),
          });
        }
      },
    },
  };
}

/** The plugin the house lint profile (lint/house.yaml) loads: its rules are `client/method` and `client/idempotent`. */
export default function plugin() {
  return {
    id: "client",
    rules: { oas3: { method: ClientMethod, idempotent: Idempotent } },
  };
}
