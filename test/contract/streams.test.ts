// Every event stream of the 150-operation synthetic spec (the real service's shapes), read through a
// client generated from it, against the mock that npm start serves for it: Prism behind the proxy
// that answers the streams. The expected events are read from the spec's own examples.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { readOperations, type OperationInfo } from "../../scripts/lib/generate/read-operations.mjs";
import { resolve } from "../../scripts/lib/spec/refs.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { generateOnce } from "../support/generate-once.js";

type Json = any;

/** The node a `$ref` names, read as deep as the synthetic spec these tests generate. */
const follow = (doc: unknown, node: unknown): Json => resolve(doc, node);
const run = promisify(execFile);
const SOURCE = fileURLToPath(new URL("../../scripts/synthetic-base", import.meta.url));

let copy: { dir: string; remove: () => void };
let mock: Awaited<ReturnType<typeof mockServer>>;
let spec: Json;
let streams: OperationInfo[];
let client: object;
let StreamEventError: new (...args: never[]) => Error;

beforeAll(async () => {
  const written = mkdtempSync(join(tmpdir(), "contract-streams-spec-"));
  writeSyntheticSpec(join(written, "openapi"), { operations: 150, source: SOURCE });
  copy = copyRepo({
    entries: ["redocly.yaml", "scripts", "src", "generated", "package.json", "tsconfig.json"],
    prefix: "contract-streams-",
    document: join(written, "openapi"),
  });
  rmSync(written, { recursive: true, force: true });
  generateOnce(copy.dir);
  const text = readFileSync(join(copy.dir, "generated/openapi.json"), "utf8");
  spec = JSON.parse(text);
  streams = readOperations(spec).operations.filter((op) =>
    Object.keys(
      follow(spec, spec.paths[op.path][op.method.toLowerCase()].responses[String(op.success.status)]).content ?? {},
    ).includes("text/event-stream"),
  );
  mock = await mockServer({ port: 0, say: () => {} });
  await mock.serve(text);
  const generated = await import(pathToFileURL(join(copy.dir, "src/index.ts")).href);
  StreamEventError = generated.StreamEventError;
  client = generated.createClient({ apiKey: "synthetic-token", baseUrl: mock.url, maxRetries: 0 });
}, 180_000);

afterAll(async () => {
  await mock?.close();
  copy?.remove();
});

/** The method `name` names on `client`, callable with any arguments. */
function callOf(client: object, name: string): (...args: unknown[]) => Promise<unknown> {
  const segments = name.split(".");
  const last = segments.pop()!;
  const group = segments.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    client as Record<string, unknown>,
  );
  return (...args) => (group[last] as (...a: unknown[]) => Promise<unknown>).apply(group, args);
}

/** Arguments that call a stream operation with the spec's examples: path parameters, query, options. */
function exampleArgs(op: OperationInfo, options?: object): unknown[] {
  const args: unknown[] = op.pathParams.map((p) => String(p.example ?? `${p.name}-1`));
  if (op.queryParams.length)
    args.push(
      Object.fromEntries(op.queryParams.filter((p) => p.example !== undefined).map((p) => [p.name, p.example])),
    );
  if (options) args.push(options);
  return args;
}

/** The `data` of each event the spec's example shows, parsed straight from its wire text. */
function exampleData(op: OperationInfo): unknown[] {
  const media = follow(spec, spec.paths[op.path][op.method.toLowerCase()].responses[String(op.success.status)]).content[
    "text/event-stream"
  ];
  return [...String(media.example).matchAll(/^data: (.*)$/gm)].map(([, line]) => JSON.parse(line!));
}

describe("event streams of the synthetic spec, against the mock", () => {
  it("finds the seven stream operations of the real service, each a stream in the generated table", async () => {
    const { operations } = await import(pathToFileURL(join(copy.dir, "generated/operations.ts")).href);
    const table = new Map<string, Json>(operations.map((op: Json) => [op.name, op]));

    expect(streams.map((op) => op.name).sort()).toEqual([
      "auth.connections.follow",
      "browsers.fs.watch.events",
      "browsers.logs.stream",
      "browsers.process.stdoutStream",
      "browsers.telemetry.stream",
      "deployments.follow",
      "invocations.follow",
    ]);
    for (const op of streams)
      expect(table.get(op.name), op.name).toMatchObject({
        answer: "stream",
        eventSchema: expect.any(Object),
        // the row brings the stream reader it needs
        readers: { openStream: expect.any(Function) },
      });
  });

  it("reads every stream operation's events, each one the spec's example, with its id, then ends", async () => {
    for (const op of streams) {
      const events = await callOf(client, op.name)(...exampleArgs(op));
      const seen: { id?: string; data: unknown }[] = [];
      for await (const event of events as AsyncIterable<{ id?: string; data: unknown }>)
        seen.push({ id: event.id, data: event.data });

      expect(seen, op.name).toEqual(exampleData(op).map((data, i) => ({ id: String(i + 1), data })));
      expect((events as { response: Response }).response.headers.get("content-type"), op.name).toBe(
        "text/event-stream",
      );
    }
  });

  it("resumes after the Last-Event-ID it is given: the mock sends only later events", async () => {
    const op = streams.find((s) => s.name === "deployments.follow")!;
    const events = await callOf(client, op.name)(...exampleArgs(op, { lastEventId: "1" } as never));
    const seen: unknown[] = [];
    for await (const event of events as AsyncIterable<unknown>) seen.push(event);

    expect(seen).toEqual([]);
  });

  it("leaves each declared error to Prism: Prefer: code=N rejects the call with that status and its example's code", async () => {
    const declared = streams.flatMap((op) => op.errors.map((e) => ({ op, ...e })));

    expect(declared.length).toBeGreaterThanOrEqual(streams.length);
    for (const { op, status, example } of declared) {
      const call = callOf(client, op.name)(...exampleArgs(op, { headers: { Prefer: `code=${status}` } }));
      await expect(call, `${op.name} ${status}`).rejects.toMatchObject({
        status,
        code: (example as { code?: string } | undefined)?.code,
      });
    }
  });

  it("types each stream's events from the spec: a switch on event.data.event narrows, and each method yields its schema's type", async () => {
    const lines = streams.map((op, i) => {
      const media = follow(spec, spec.paths[op.path][op.method.toLowerCase()].responses[String(op.success.status)])
        .content["text/event-stream"];
      const name = media.schema.contentSchema.$ref.split("/").pop();
      return `const same${i}: Same<DataOf<Resources${op.name
        .split(".")
        .map((s) => `[${JSON.stringify(s)}]`)
        .join("")}>, T.${name}> = true;`;
    });
    const program = `import type { Resources } from "../generated/resources.js";
import type * as T from "../generated/types.js";
import { createClient } from "../src/index.js";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type DataOf<M> = M extends (...args: never[]) => Promise<AsyncIterable<{ data: infer D }>> ? D : never;
${lines.join("\n")}

export async function kinds(): Promise<string[]> {
  const client = createClient({ apiKey: "k" });
  const out: string[] = [];
  for await (const event of await client.deployments.follow("dep_1", { idleTimeoutMs: 5_000 })) {
    switch (event.data.event) {
      case "deployment_state":
        out.push(event.data.deployment.id);
        break;
      case "log":
        out.push(event.data.message);
        break;
      case "error":
        out.push(event.data.error.message ?? "");
        break;
      default: {
        const none: never = event.data;
        out.push(none);
      }
    }
    // @ts-expect-error a kind the spec does not have
    if (event.data.event === "sse_unknown") break;
  }
  return out;
}
`;
    writeFileSync(join(copy.dir, "src/streams-typed.ts"), program);
    const tsc = join(root, "node_modules/.bin/tsc");
    const result = await run(tsc, ["-p", join(copy.dir, "tsconfig.json"), "--noEmit"], { cwd: copy.dir }).catch(
      (err: { stdout: string }) => err,
    );

    expect((result as { stdout: string }).stdout).toBe("");
    expect(lines).toHaveLength(7);
  }, 120_000);

  it("ends a stream whose event breaks the spec with StreamEventError carrying the event, when strictAnswers is set", async () => {
    const op = streams.find((s) => s.name === "deployments.follow")!;
    const { createClient } = await import(pathToFileURL(join(copy.dir, "src/index.ts")).href);
    const drifting = createClient({
      apiKey: "k",
      strictAnswers: true,
      baseUrl: mock.url,
      fetch: async () =>
        new Response('id: 7\ndata: {"event":"log","message":42}\n\n', {
          headers: { "Content-Type": "text/event-stream" },
        }),
    });
    const events = await callOf(drifting, op.name)(...exampleArgs(op));
    const err = await (async () => {
      for await (const _ of events as AsyncIterable<unknown>);
    })().catch((e: unknown) => e);

    expect(err).toBeInstanceOf(StreamEventError);
    expect(err).toMatchObject({ event: { id: "7", data: '{"event":"log","message":42}' } });
    expect((err as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain("data.message");
  });
});
