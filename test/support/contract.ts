import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { HTTP_METHODS } from "../../src/core/path-template.js";
import { resolve } from "../../scripts/lib/spec/refs.mjs";
import { createClient, type ApiErrorBody } from "../../src/index.js";

/** The bundled spec, as generated/ holds it (a freshness check keeps it equal to openapi/), its $refs kept. */
export const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));

/** The node a local `$ref` ("#/components/responses/NotFound") points to, through chains of them; any other node as it is. */
const resolved = <T>(node: T): T => resolve(spec, node) as T;

/** Base address of the mock the globalSetup started (or TEST_API_BASE_URL). */
export const apiBaseUrl = (): string => inject("apiBaseUrl");

/** A client pointed at the mock; Prism accepts any bearer token. */
export function mockClient(): ReturnType<typeof createClient> {
  return createClient({ apiKey: "test-token", baseUrl: apiBaseUrl() });
}

/** Per-call options that make Prism answer with the given declared status. */
export const prefer = (status: number) => ({ headers: { Prefer: `code=${status}` } });

/** One operation as the bundled spec states it, read straight from its `paths` (no generator code). */
export interface SpecOperation {
  method: string;
  path: string;
  operationId?: string;
  /** Its `x-client-method`, when it has one. */
  clientMethod?: string;
  /** Path parameters in path order, with their examples. */
  pathParams: { name: string; example: unknown }[];
  queryParams: { name: string; example: unknown }[];
  body?: { mediaType: string; schema: any; example: unknown };
  /** The first 2xx the spec declares, with the first example of its JSON body, if any. */
  success: { status: number; example?: unknown; json: boolean };
  /** Every 4xx/5xx it declares, with the Error example the mock answers it with. */
  errors: { status: number; example: ApiErrorBody }[];
  responses: Record<string, unknown>;
}

/** The first example of a media type or parameter: `example`, else the first of `examples`. */
function firstExample(node: any): unknown {
  if (node?.example !== undefined) return node.example;
  const first = Object.values<any>(node?.examples ?? {})[0];
  return first === undefined ? undefined : resolved(first).value;
}

/** Every operation of the bundled spec, in document order. */
export function specOperations(): SpecOperation[] {
  return Object.entries<any>(spec.paths).flatMap(([path, rawItem]) => {
    const item = resolved(rawItem);
    return HTTP_METHODS.filter((m) => item[m]).map((m): SpecOperation => {
      const op = item[m];
      // operation-level parameters override path-level ones of the same name and place
      const params = new Map<string, any>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolved))
        params.set(`${p.in}:${p.name}`, p);
      const all = [...params.values()].map((p) => ({
        in: p.in as string,
        name: p.name as string,
        example: firstExample(p),
      }));
      const order = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const [mediaType, media] = Object.entries<any>(resolved(op.requestBody)?.content ?? {})[0] ?? [];
      const responses: Record<string, any> = op.responses ?? {};
      const successStatus = Object.keys(responses).find((s) => /^2\d\d$/.test(s));
      if (!successStatus) throw new Error(`${m.toUpperCase()} ${path} declares no 2xx answer`);
      const successJson = resolved(responses[successStatus]).content?.["application/json"];
      return {
        method: m.toUpperCase(),
        path,
        operationId: op.operationId,
        clientMethod: op["x-client-method"],
        pathParams: order.map(
          (name) => all.find((p) => p.in === "path" && p.name === name) ?? { name: name!, example: undefined },
        ),
        queryParams: all.filter((p) => p.in === "query"),
        body: mediaType ? { mediaType, schema: resolved(media.schema), example: firstExample(media) } : undefined,
        success: { status: Number(successStatus), example: firstExample(successJson), json: successJson !== undefined },
        errors: Object.entries(responses)
          .filter(([status]) => /^[45]\d\d$/.test(status))
          .map(([status, response]) => {
            // error responses are shared: each is a $ref to components/responses
            const example = resolved<any>(response).content?.["application/json"]?.example;
            if (!example) throw new Error(`${m.toUpperCase()} ${path} ${status} has no example`);
            return { status: Number(status), example };
          }),
        responses,
      };
    });
  });
}

/** The node a `$ref` in the bundled spec points to (`#/components/schemas/ClickMouseRequest`); any other node as it is. */
export const specNode = resolved;

/** Finds an operation of the spec by its operationId. */
export function operation(operationId: string): SpecOperation {
  const found = specOperations().find((op) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the spec`);
  return found;
}

/** Every 4xx/5xx status an operation declares, with the Error example the mock answers it with. */
export function declaredErrors(operationId: string): { status: number; example: ApiErrorBody }[] {
  return operation(operationId).errors;
}
