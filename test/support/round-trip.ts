// The stateful mock's round trip on one collection, through a generated client: create, read,
// list, delete, then read and delete answer 404. For the documents stage, which measures it on
// every collection the mock infers from another service's document.
import type { createSampler } from "../../scripts/lib/spec/sample.mjs";

type Json = any;
type Sampler = Awaited<ReturnType<typeof createSampler>>;

/** What one collection's round trip did: each step with what it got, and whether all went as the service would. */
export interface RoundTrip {
  path: string;
  passed: boolean;
  steps: string[];
}

const method = (client: Json, name: string) => name.split(".").reduce((at: Json, key) => at?.[key], client);

/** A value for each parameter: the document's example, else a sample of its schema. */
function values(sampler: Sampler, params: Json[]): Record<string, unknown> {
  return Object.fromEntries(
    params.map((p) => [p.name, p.example ?? sampler.sample(p.schema, { direction: "request" }).value]),
  );
}

/** The query of a call: its required parameters only. */
function query(sampler: Sampler, op: Json): Record<string, unknown> | undefined {
  const required = op.queryParams.filter((p: Json) => p.required);
  return required.length ? values(sampler, required) : undefined;
}

/** The arguments of a call of `op` on the item `id` (undefined: the collection) under the parent `parents`. */
function args(sampler: Sampler, op: Json, parents: Record<string, unknown>, id?: unknown, body?: unknown) {
  const ids = op.pathParams.map((p: Json, i: number) =>
    String(i === op.pathParams.length - 1 && id !== undefined ? id : parents[p.name]),
  );
  const q = query(sampler, op);
  if (op.body)
    return [
      ...ids,
      body ?? sampler.sample(op.body.schema, { direction: "request", body: true }).value,
      ...(q ? [{ query: q }] : []),
    ];
  return [...ids, ...(q ? [q] : [])];
}

/** The status a rejected call carried, or what it was instead. */
async function rejection(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "answered";
  } catch (caught) {
    const err = caught as Json;
    return typeof err?.status === "number" ? String(err.status) : `${err?.name}: ${String(err?.message).slice(0, 120)}`;
  }
}

/**
 * Runs the round trip on `collection` (as scripts/lib/mock/collections.mjs reads it) through
 * `client`: create with a body sampled from the create's request schema, read the new id back,
 * find it in the list, delete it, then expect 404 from a read and from a second delete.
 */
export async function roundTrip(client: Json, sampler: Sampler, collection: Json): Promise<RoundTrip> {
  const { create, read, list, remove, wrapper, idField } = collection;
  const steps: string[] = [];
  const done = (passed: boolean) => ({ path: collection.path, passed, steps });
  try {
    if (create.form || create.body?.kind === "raw") return done((steps.push("create: an upload, not measured"), false));
    const parents = values(sampler, create.pathParams);
    const made = await method(client, create.name)(...args(sampler, create, parents));
    const item = wrapper ? made?.[wrapper] : made;
    const id = item?.[idField];
    steps.push(`create: ${idField} ${JSON.stringify(id)}`);
    if (id === undefined) return done(false);
    const shown = await method(client, read.name)(...args(sampler, read, parents, id));
    const again = (wrapper ? shown?.[wrapper] : shown)?.[idField];
    steps.push(`read: ${JSON.stringify(again)}`);
    if (again !== id) return done(false);
    if (list) {
      const listed = method(client, list.name)(...args(sampler, list, parents));
      const items: Json[] = [];
      if (Symbol.asyncIterator in listed) for await (const one of listed) items.push(one);
      else {
        const answer = await listed;
        items.push(...(Array.isArray(answer) ? answer : (answer?.[collection.listField] ?? [])));
      }
      const found = items.filter((one) => one?.[idField] === id).length;
      steps.push(`list: ${found} of ${items.length}`);
      if (found !== 1) return done(false);
    }
    if (!remove) return done((steps.push("delete: none declared"), false));
    await method(client, remove.name)(...args(sampler, remove, parents, id));
    steps.push("delete: ok");
    const readAfter = await rejection(method(client, read.name)(...args(sampler, read, parents, id)));
    const deleteAfter = await rejection(method(client, remove.name)(...args(sampler, remove, parents, id)));
    steps.push(`read after: ${readAfter}`, `delete after: ${deleteAfter}`);
    return done(readAfter === "404" && deleteAfter === "404");
  } catch (caught) {
    const err = caught as Json;
    steps.push(`failed: ${err?.name} ${err?.status ?? ""} ${String(err?.message).split("\n")[0]?.slice(0, 160)}`);
    return done(false);
  }
}
