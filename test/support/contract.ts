import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createClient, type BrowserCloudClient, type ErrorBody } from "../../src/index.js";

/** The bundled spec, as generated/ holds it (a freshness check keeps it equal to openapi/), its $refs kept. */
const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

/** The node a local `$ref` ("#/components/responses/NotFound") points to, through chains of them; any other node as it is. */
function resolved<T>(node: T): T {
  let current: any = node;
  const seen = new Set<string>();
  while (typeof current?.$ref === "string") {
    const ref: string = current.$ref;
    if (!ref.startsWith("#/") || seen.has(ref)) throw new Error(`cannot resolve $ref ${ref} in generated/openapi.json`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split("/")
      .map((key) => decodeURIComponent(key).replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((parent, key) => (parent !== null && typeof parent === "object" && Object.hasOwn(parent, key) ? parent[key] : undefined), spec);
    if (current === undefined) throw new Error(`$ref ${ref} points at nothing in generated/openapi.json`);
  }
  return current;
}

/** Base address of the mock the globalSetup started (or TEST_API_BASE_URL). */
export const apiBaseUrl = (): string => inject("apiBaseUrl");

/** A client pointed at the mock; Prism accepts any bearer token. */
export function mockClient(): BrowserCloudClient {
  return createClient({ apiKey: "test-token", baseUrl: apiBaseUrl() });
}

/** Per-call options that make Prism answer with the given declared status. */
export const prefer = (status: number) => ({ headers: { Prefer: `code=${status}` } });

interface Operation {
  path: string;
  method: string;
  responses: Record<string, { content?: { "application/json"?: { example?: ErrorBody } } }>;
}

/** Finds an operation of the spec by its operationId. */
export function operation(operationId: string): Operation {
  for (const [path, item] of Object.entries<Record<string, { operationId?: string; responses: Operation["responses"] }>>(spec.paths)) {
    for (const [method, op] of Object.entries(resolved(item))) {
      if (op?.operationId === operationId) return { path, method: method.toUpperCase(), responses: op.responses };
    }
  }
  throw new Error(`no operation ${operationId} in the spec`);
}

/** Every 4xx/5xx status an operation declares, with the Error example the mock answers it with. */
export function declaredErrors(operationId: string): { status: number; example: ErrorBody }[] {
  return Object.entries(operation(operationId).responses)
    .filter(([status]) => /^[45]\d\d$/.test(status))
    .map(([status, response]) => {
      // error responses are shared: each is a $ref to components/responses
      const example = resolved(response).content?.["application/json"]?.example;
      if (!example) throw new Error(`${operationId} ${status} has no example`);
      return { status: Number(status), example };
    });
}
