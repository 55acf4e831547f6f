// Every operation of a document called through its generated client against the mock, the
// inputs built from the document's schemas by the project's sampler (no example needed): the
// status each call met, 3 pages of each list with their items, the events of each stream (or the
// items of a sequence of JSON texts) and the kinds they cover (every kind declared, where the answer
// gives no example of its own). Used by the contract stage (the synthetic spec, examples stripped)
// and the documents stage (other services' documents).
import { createSampler } from "../../scripts/lib/spec/sample.mjs";
import { resolve } from "../../scripts/lib/spec/refs.mjs";

type Json = any;
/** How many pages of a list are walked. */
export const WALKED_PAGES = 3;
/** How long one call, one list's pages or one stream's read may take before it counts as failed. */
const CALL_MS = 20_000;

export interface WalkResult {
  /** `GET /path (client.method)` */
  where: string;
  kind: "call" | "list" | "stream";
  ok: boolean;
  /** Whether the first call got a success answer (a list's first page, a stream opened). */
  answered: boolean;
  /** The status of each answer the call met, when the caller records them (see walkEveryOperation). */
  statuses?: number[];
  /** How long the call (its pages, its events) took, in ms. */
  ms?: number;
  /** Why it did not work: the error's name, status and first line. */
  cause?: string;
  /** Lists: the pages walked and the items met, in order, as JSON text. */
  pages?: number;
  items?: string[];
  /** Streams: the events read, the kinds the event schema declares and those that came. */
  events?: number;
  kinds?: string[];
  seen?: string[];
}

/** Rejects after `ms`, so one hung call cannot hold the walk. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A failure's cause on one line: name, status, first line of the message. */
function causeOf(err: Json): string {
  const status = typeof err?.status === "number" ? ` ${err.status}` : "";
  return `${err?.name ?? "Error"}${status}: ${String(err?.message ?? err)
    .split("\n")[0]!
    .slice(0, 240)}`;
}

/** `value` with a Blob at each place `pattern` names (`files[][file]`, `zip_file`). */
function withFiles(value: Json, pattern: string): Json {
  const steps = (pattern.match(/\[\]|[^[\]]+/g) ?? []).map((step) => (step === "[]" ? "" : step));
  const place = (node: Json, at: string[]): Json => {
    if (!at.length) return new Blob(["mock bytes"], { type: "application/octet-stream" });
    const [step, ...rest] = at;
    if (step === "" && Array.isArray(node)) return node.map((item) => place(item, rest));
    if (node && typeof node === "object" && !Array.isArray(node) && step !== undefined)
      return { ...node, [step]: place(node[step], rest) };
    return node;
  };
  return place(value, steps);
}

/** The discriminator tags an event schema declares (one per `oneOf`/`anyOf` branch), and its tag's name. */
function declaredKinds(spec: Json, sampler: Json, schema: Json): { tag?: string; kinds: string[] } {
  const whole: Json = resolve(spec, schema);
  const tag = whole?.discriminator?.propertyName;
  if (!tag) return { kinds: [] };
  const kinds = sampler
    .variants(schema)
    .map((v: Json) => v.value?.[tag])
    .filter((k: unknown) => k !== undefined)
    .map(String);
  return { tag, kinds };
}

/**
 * Calls every operation of `operations` (readOperations of `spec`) on `client`: path parameters,
 * required query and header parameters, and the body sampled from their schemas as requests;
 * files as Blobs. A list is walked WALKED_PAGES pages (fewer when the last says so); a stream
 * read to its end. `fetched`, filled by the client's fetch with each answer's status, is emptied
 * into each operation's `statuses`.
 */
export async function walkEveryOperation(
  client: Json,
  spec: Json,
  operations: Json[],
  fetched: number[] = [],
): Promise<WalkResult[]> {
  const sampler = await createSampler(spec);
  const request = (schema: Json, seed = 1) =>
    schema === undefined ? "x" : sampler.sample(schema, { direction: "request", seed }).value;
  const results: WalkResult[] = [];
  for (const op of operations) {
    const where = `${op.method} ${op.path} (${op.name})`;
    const ids = op.pathParams.map((p: Json) => String(request(p.schema)));
    // OpenAPI 3.2's querystring is the whole query: its one value
    const whole = op.queryParams.find((p: Json) => p.querystring);
    const query: Json = whole
      ? whole.required
        ? request(whole.schema)
        : {}
      : Object.fromEntries(
          op.queryParams.filter((p: Json) => p.required).map((p: Json) => [p.name, request(p.schema)]),
        );
    const headers = Object.fromEntries(
      op.headerParams.filter((p: Json) => p.required).map((p: Json) => [p.name, String(request(p.schema))]),
    );
    const options = Object.keys(headers).length ? { headers } : undefined;
    const args: unknown[] = [...ids];
    if (op.body) {
      let body = sampler.sample(op.body.schema, { direction: "request", body: true }).value;
      if (op.form) for (const pattern of op.form.files) body = withFiles(body, pattern);
      else if (op.body.kind === "raw") body = new Blob(["mock bytes"]);
      const hasQuery = whole ? whole.required : Object.keys(query).length > 0;
      args.push(body, { ...options, ...(hasQuery ? { query } : {}) });
    } else if (op.queryParams.length) args.push(query, options);
    else args.push(options);
    const call = () => op.name.split(".").reduce((at: Json, key: string) => at[key], client)(...args);
    // a sequence of JSON items is read as an event stream is, each item its own data
    const sequence = op.success.kind === "sequence";
    const kind = op.page ? "list" : op.success.kind === "stream" || sequence ? "stream" : "call";
    const result: WalkResult = { where, kind, ok: false, answered: false };
    const started = performance.now();
    try {
      await within(
        CALL_MS,
        (async () => {
          if (kind === "list") {
            let page = await call();
            result.answered = true;
            const items: string[] = page.items.map((item: unknown) => JSON.stringify(item));
            let pages = 1;
            while (pages < WALKED_PAGES && page.hasNextPage()) {
              page = await page.nextPage();
              pages++;
              items.push(...page.items.map((item: unknown) => JSON.stringify(item)));
            }
            Object.assign(result, { pages, items });
            result.ok = pages === WALKED_PAGES && new Set(items).size === items.length;
            if (!result.ok)
              result.cause = `walked ${pages} pages, ${items.length} items, ${new Set(items).size} distinct`;
          } else if (kind === "stream") {
            // an itemSchema's events: its kinds by their names, else the kinds its one data schema declares
            const item = op.success.eventItem;
            const named = item?.names ? Object.keys(item.names) : undefined;
            const { tag, kinds } = named
              ? { tag: undefined, kinds: named }
              : declaredKinds(spec, sampler, item ? (op.success.schema?.properties?.data ?? {}) : op.success.schema);
            const stream = await call();
            result.answered = true;
            const seen = new Set<string>();
            let events = 0;
            try {
              for await (const event of stream) {
                events++;
                const data = sequence ? event : (event as Json).data;
                if (named && typeof (event as Json).type === "string") seen.add((event as Json).type);
                if (tag && data && typeof data === "object" && data[tag] !== undefined) seen.add(String(data[tag]));
              }
            } finally {
              stream.close();
            }
            Object.assign(result, { events, kinds, seen: [...seen] });
            // where the answer gives an example, the mock sends the events it shows (the contract
            // stage holds it to them), which may be fewer kinds than declared
            const due = op.success.example === undefined ? kinds : [];
            result.ok = events > 0 && due.every((k) => seen.has(k));
            if (!result.ok) result.cause = `${events} events, kinds ${[...seen].join(",")} of ${kinds.join(",")}`;
          } else {
            await call();
            result.answered = result.ok = true;
          }
        })(),
      );
    } catch (err) {
      result.cause = causeOf(err);
    }
    result.ms = Math.round(performance.now() - started);
    result.statuses = fetched.splice(0);
    results.push(result);
  }
  return results;
}

/** Lines that sum up a walk: calls, lists, streams, then each failure with its cause. */
export function walkReport(results: WalkResult[]): string[] {
  const count = (kind: string) => {
    const all = results.filter((r) => r.kind === kind);
    return `${all.filter((r) => r.ok).length} of ${all.length}`;
  };
  return [
    `calls answered with success: ${results.filter((r) => r.answered).length} of ${results.length}`,
    `plain calls: ${count("call")}; lists walked ${WALKED_PAGES} pages without a repeated item: ${count("list")}; streams with every declared kind: ${count("stream")}`,
    `slowest: ${[...results]
      .sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))
      .slice(0, 3)
      .map((r) => `${r.where} ${r.ms} ms`)
      .join("; ")}`,
    ...results.filter((r) => !r.ok).map((r) => `  failed: ${r.where}: ${r.cause}`),
  ];
}
