import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { createClient, type BrowserCloudClient, type ErrorBody } from "../../src/index.js";

/** The bundled spec, as generated/ holds it (a freshness check keeps it equal to openapi/). */
const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

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
    for (const [method, op] of Object.entries(item)) {
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
      const example = response.content?.["application/json"]?.example;
      if (!example) throw new Error(`${operationId} ${status} has no example`);
      return { status: Number(status), example };
    });
}
