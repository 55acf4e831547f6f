import { readFileSync } from "node:fs";
import { readOperations, resolve, type OperationInfo } from "../../scripts/lib/operations.mjs";
import type { RequestOptions } from "../../src/index.js";

/** The bundled spec, as generated/ holds it (a freshness check keeps it equal to openapi/). */
export const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const infos = readOperations(spec).operations;

/** What the generator read of one operation: its parameters, body, answers and examples. */
export function operationInfo(name: string): OperationInfo {
  const info = infos.find((op) => op.name === name);
  if (!info) throw new Error(`no operation ${name} in generated/openapi.json`);
  return info;
}

/** `METHOD /path` of every operation of the spec, walked straight from its `paths`. */
export function tableOrder(): string[] {
  const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  return Object.entries<Record<string, unknown>>(spec.paths).flatMap(([path, item]) => methods.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`));
}

/** The method `name` names on `client` (`browsers.computer.clickMouse`), callable with any arguments. */
export function callOf(client: object, name: string): (...args: unknown[]) => Promise<unknown> {
  const segments = name.split(".");
  const last = segments.pop()!;
  const group = segments.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, client as Record<string, unknown>);
  return (...args) => (group[last] as (...a: unknown[]) => Promise<unknown>).apply(group, args);
}

/** Arguments that call the operation with the spec's examples: path parameters, body or query, options. */
export function exampleArgs(info: OperationInfo, options?: RequestOptions): unknown[] {
  const args: unknown[] = info.pathParams.map((p) => String(p.example ?? `${p.name}-1`));
  const query = Object.fromEntries(info.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, p.example]));
  if (info.body) {
    args.push(info.body.kind === "json" ? (info.body.example ?? {}) : rawBody(info.body.mediaType, info.body.example));
    // an operation with a body takes its query parameters among the per-call options
    if (info.queryParams.length) return [...args, { ...options, query }];
  } else if (info.queryParams.length) args.push(query);
  if (options) args.push(options);
  return args;
}

/** A raw body of the spec's example: a FormData of its fields for a multipart type, else the example's bytes. */
function rawBody(mediaType: string, example: unknown): FormData | Blob {
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value ?? ""));
  if (!/^multipart\//.test(mediaType)) return new Blob([text(example)], { type: mediaType });
  const form = new FormData();
  for (const [name, value] of Object.entries((example ?? {}) as Record<string, unknown>)) form.append(name, text(value));
  return form;
}

/** Bodies that break the operation's schema, each with what is wrong with it. */
export function invalidBodies(info: OperationInfo): [string, unknown][] {
  if (info.body?.kind !== "json") return [];
  const schema = resolve(spec, info.body.schema);
  const out: [string, unknown][] = [];
  const types = [schema?.type].flat();
  if (types.includes("object")) out.push(["that is an array, not an object", []]);
  const example = info.body.example;
  const required: string[] = schema?.required ?? [];
  if (required.length && example && typeof example === "object") {
    const { [required[0]!]: _dropped, ...rest } = example as Record<string, unknown>;
    out.push([`without its required ${required[0]}`, rest]);
  }
  return out;
}
