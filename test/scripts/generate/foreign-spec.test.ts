import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeSyntheticSpec } from "../../../scripts/synthetic-spec.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

type Json = any;
// @redocly/openapi-core's .d.ts files name packages it does not install, so it is typed here by what is used
interface RedoclyCore {
  loadConfig(options: { configPath: string }): Promise<unknown>;
  bundle(options: { ref: string; config: unknown }): Promise<{ bundle: { parsed: Json } }>;
}
const { bundle, loadConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
const METHODS = ["get", "put", "post", "delete", "patch"];

// every name `npm run generate` derives for the synthetic spec, written out to be judged by a
// reader: action leaves are verbs on their parent, one-thing resources retrieve and update
const DERIVED = [
  "GET /org/limits -> org.limits.retrieve",
  "PATCH /org/limits -> org.limits.update",
  "POST /browsers/{id}/computer/click_mouse -> browsers.computer.clickMouse",
  "GET /auth/connections/{id} -> auth.connections.retrieve",
  "DELETE /auth/connections/{id} -> auth.connections.delete",
  "PATCH /auth/connections/{id} -> auth.connections.update",
  "GET /deployments/{id} -> deployments.retrieve",
  "DELETE /deployments/{id} -> deployments.delete",
  "GET /browsers -> browsers.list",
  "POST /browsers -> browsers.create",
  "DELETE /browsers -> browsers.deleteAll",
  "POST /browsers/{id}/computer/move_mouse -> browsers.computer.moveMouse",
  "GET /profiles/{id_or_name} -> profiles.retrieve",
  "DELETE /profiles/{id_or_name} -> profiles.delete",
  "PATCH /profiles/{id_or_name} -> profiles.update",
  "GET /browsers/{id}/fs/read_file -> browsers.fs.readFile",
  "POST /browsers/{id}/playwright/execute -> browsers.playwright.execute",
  "GET /browsers/{id}/replays -> browsers.replays.list",
  "POST /browsers/{id}/replays -> browsers.replays.create",
  "POST /browsers/{id}/process/exec -> browsers.process.exec",
  "GET /browsers/{id}/logs/stream -> browsers.logs.stream",
  "PUT /browsers/{id}/fs/write_file -> browsers.fs.writeFile",
  "GET /browsers/{id}/telemetry/stream -> browsers.telemetry.stream",
  "POST /browsers/{id}/computer/screenshot -> browsers.computer.screenshot",
  "GET /proxies/{id} -> proxies.retrieve",
  "DELETE /proxies/{id} -> proxies.delete",
  "PATCH /proxies/{id} -> proxies.update",
  "GET /profiles -> profiles.list",
  "POST /profiles -> profiles.create",
  "POST /browsers/{id}/process/spawn -> browsers.process.spawn",
  "GET /proxies -> proxies.list",
  "POST /proxies -> proxies.create",
  "GET /org -> org.retrieve",
  "PATCH /org -> org.update",
  "GET /extensions -> extensions.list",
  "POST /extensions -> extensions.create",
  "GET /browser_pools -> browserPools.list",
  "POST /browser_pools -> browserPools.create",
  "GET /extensions/{id_or_name} -> extensions.retrieve",
  "DELETE /extensions/{id_or_name} -> extensions.delete",
  "GET /auth/connections -> auth.connections.list",
  "POST /auth/connections -> auth.connections.create",
  "GET /browsers/{id} -> browsers.retrieve",
  "DELETE /browsers/{id} -> browsers.delete",
  "PATCH /browsers/{id} -> browsers.update",
  "GET /credentials -> credentials.list",
  "POST /credentials -> credentials.create",
  "GET /org/credential_providers -> org.credentialProviders.list",
  "POST /org/credential_providers -> org.credentialProviders.create",
  "PUT /browsers/{id}/telemetry/config -> browsers.telemetry.config.update",
  "GET /apps -> apps.list",
  "GET /api_keys/{id} -> apiKeys.retrieve",
  "DELETE /api_keys/{id} -> apiKeys.delete",
  "PATCH /api_keys/{id} -> apiKeys.update",
  "GET /deployments -> deployments.list",
  "POST /deployments -> deployments.create",
  "GET /invocations -> invocations.list",
  "POST /invocations -> invocations.create",
  "GET /browser_pools/{id_or_name} -> browserPools.retrieve",
  "DELETE /browser_pools/{id_or_name} -> browserPools.delete",
  "PATCH /browser_pools/{id_or_name} -> browserPools.update",
  "GET /projects -> projects.list",
  "POST /projects -> projects.create",
  "GET /api_keys -> apiKeys.list",
  "POST /api_keys -> apiKeys.create",
  "GET /audit_logs -> auditLogs.list",
  "GET /browsers/{id}/playwright/executions/{execution_id} -> browsers.playwright.executions.retrieve",
  "POST /audit_logs/search -> auditLogs.search",
  "GET /browsers/{id}/logs -> browsers.logs.list",
  "POST /browsers/{id}/computer/type_text -> browsers.computer.typeText",
  "PUT /browsers/{id}/fs/create_directory -> browsers.fs.createDirectory",
  "GET /apps/{id} -> apps.retrieve",
  "POST /browsers/{id}/playwright/executions/{execution_id}/cancel -> browsers.playwright.executions.cancel",
  "GET /browsers/{id}/replays/{replay_id} -> browsers.replays.retrieve",
  "DELETE /browsers/{id}/replays/{replay_id} -> browsers.replays.delete",
  "POST /browsers/{id}/replays/{replay_id}/stop -> browsers.replays.stop",
  "POST /audit_logs/exports -> auditLogs.exports.create",
  "GET /credentials/{id_or_name} -> credentials.retrieve",
  "DELETE /credentials/{id_or_name} -> credentials.delete",
  "PATCH /credentials/{id_or_name} -> credentials.update",
  "GET /browsers/{id}/fs/list_files -> browsers.fs.listFiles",
  "POST /browsers/{id}/computer/press_key -> browsers.computer.pressKey",
  "GET /browsers/{id}/process/{process_id}/status -> browsers.process.status",
  "POST /browsers/{id}/computer/scroll -> browsers.computer.scroll",
  "POST /browsers/{id}/process/{process_id}/kill -> browsers.process.kill",
  "POST /auth/connections/{id}/login -> auth.connections.login",
  "PUT /projects/{id}/limits -> projects.limits.update",
  "POST /deployments/{id}/stop -> deployments.stop",
  "GET /org/credential_providers/{id} -> org.credentialProviders.retrieve",
  "DELETE /org/credential_providers/{id} -> org.credentialProviders.delete",
  "PATCH /org/credential_providers/{id} -> org.credentialProviders.update",
  "POST /invocations/{id}/cancel -> invocations.cancel",
  "POST /api_keys/{id}/rotate -> apiKeys.rotate",
  "POST /browsers/{id}/computer/drag_mouse -> browsers.computer.dragMouse",
  "POST /browsers/{id}/process/{process_id}/resize -> browsers.process.resize",
  "GET /apps/{id}/versions -> apps.versions",
  "GET /invocations/{id} -> invocations.retrieve",
  "PATCH /invocations/{id} -> invocations.update",
  "POST /profiles/{id_or_name}/clone -> profiles.clone",
  "POST /proxies/{id}/rotate_ip -> proxies.rotateIp",
  "PUT /browsers/{id}/viewport -> browsers.viewport.update",
  "POST /browser_pools/{id_or_name}/acquire -> browserPools.acquire",
  "GET /projects/{id} -> projects.retrieve",
  "DELETE /projects/{id} -> projects.delete",
  "PATCH /projects/{id} -> projects.update",
  "POST /auth/connections/{id}/submit -> auth.connections.submit",
  "POST /org/credential_providers/{id}/test -> org.credentialProviders.test",
  "GET /browsers/{id}/fs/file_info -> browsers.fs.fileInfo",
  "POST /deployments/{id}/redeploy -> deployments.redeploy",
  "GET /browsers/{id}/process/{process_id}/stdout/stream -> browsers.process.stdout.stream",
  "GET /org/members -> org.members.list",
  "POST /org/members -> org.members.create",
  "POST /browsers/{id}/computer/cursor_visibility -> browsers.computer.cursorVisibility",
  "GET /deployments/{id}/events -> deployments.events",
  "POST /browsers/{id}/fs/upload -> browsers.fs.upload",
  "GET /org/usage -> org.usage.retrieve",
  "POST /proxies/{id}/check -> proxies.check",
  "GET /audit_logs/exports/{export_id} -> auditLogs.exports.retrieve",
  "DELETE /browsers/{id}/fs/delete_file -> browsers.fs.deleteFile",
  "POST /browser_pools/{id_or_name}/release -> browserPools.release",
  "GET /extensions/{id_or_name}/download -> extensions.download",
  "PUT /browser_pools/{id_or_name}/schedule -> browserPools.schedule.update",
  "POST /auth/connections/{id}/check -> auth.connections.check",
  "POST /browsers/{id}/extensions -> browsers.extensions",
  "GET /audit_logs/exports/{export_id}/download -> auditLogs.exports.download",
  "POST /browsers/{id}/computer/clipboard -> browsers.computer.clipboard",
  "GET /extensions/from_chrome_store -> extensions.fromChromeStore",
  "DELETE /org/members/{member_id} -> org.members.delete",
  "PATCH /org/members/{member_id} -> org.members.update",
  "POST /browsers/{id}/process/{process_id}/stdin -> browsers.process.stdin",
  "GET /credentials/{id_or_name}/totp_code -> credentials.totpCode",
  "POST /browser_pools/{id_or_name}/flush -> browserPools.flush",
  "GET /invocations/{id}/events -> invocations.events",
  "POST /org/members/{member_id}/resend_invite -> org.members.resendInvite",
  "GET /browsers/{id}/process -> browsers.process.list",
  "DELETE /browsers/{id}/fs/delete_directory -> browsers.fs.deleteDirectory",
  "POST /browsers/{id}/keepalive -> browsers.keepalive",
  "GET /profiles/{id_or_name}/download -> profiles.download",
  "POST /browsers/{id}/computer/batch -> browsers.computer.batch",
  "GET /org/credential_providers/{id}/items -> org.credentialProviders.items",
  "PUT /browsers/{id}/fs/set_file_permissions -> browsers.fs.setFilePermissions",
  "POST /browsers/{id}/fs/move -> browsers.fs.move",
  "GET /browsers/{id}/fs/download_dir_zip -> browsers.fs.downloadDirZip",
  "POST /browsers/{id}/fs/copy -> browsers.fs.copy",
  "GET /auth/connections/{id}/events -> auth.connections.events",
  "DELETE /browsers/{id}/fs/watch/{watch_id} -> browsers.fs.watch.delete",
  "POST /browsers/{id}/fs/upload_zip -> browsers.fs.uploadZip",
  "GET /browsers/{id}/fs/tree -> browsers.fs.tree.retrieve",
  "POST /browsers/{id}/fs/watch -> browsers.fs.watch.create",
  "GET /browsers/{id}/fs/watch/{watch_id}/events -> browsers.fs.watch.events",
];

let copy: string;
let output: string;
let spec: Json;

// an API team's own document, of the real service's size, written without this project's
// x-client-method convention: 150 operations, streams, downloads, uploads, a recursive schema
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "foreign-spec-"));
  rmSync(dir, { recursive: true });
  writeSyntheticSpec(dir, {
    operations: 150,
    clientMethods: false,
    source: fileURLToPath(new URL("../../../scripts/synthetic-base", import.meta.url)),
  });
  // the team's document replaces the project's
  copy = copyRepo({ prefix: "foreign-", document: dir }).dir;
  rmSync(dir, { recursive: true, force: true });
  // the spec as the team wrote it, the oracle for every expected name, type and request below
  spec = (
    await bundle({
      ref: join(copy, "openapi/openapi.yaml"),
      config: await loadConfig({ configPath: join(copy, "redocly.yaml") }),
    })
  ).bundle.parsed;
  output = execFileSync(process.execPath, ["scripts/generate.mjs"], { cwd: copy, encoding: "utf8" });
}, 180_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** `value` itself, or the component its local $ref names. */
function deref(value: Json): Json {
  if (typeof value?.$ref !== "string") return value;
  const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? [];
  return deref(spec.components[section!][name!]);
}

interface Operation {
  method: string;
  path: string;
  name: string;
  params: Json[];
  query: Json[];
  // the first media type the body is offered as, and every one (in the spec's order)
  body?: { media: string; required: boolean; schema: Json; example: Json; offered: { media: string; schema: Json }[] };
  status: number;
  answer?: { media: string; schema: Json; example: Json; headers: Record<string, Json> };
}

/** Every operation of the spec with its derived name (from DERIVED) and what the spec says about its call. */
function operations(): Operation[] {
  const names = new Map(DERIVED.map((line) => [line.split(" -> ")[0], line.split(" -> ")[1]!]));
  return Object.entries<Json>(spec.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const op = item[method];
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
      const [media, content] = Object.entries<Json>(op.requestBody?.content ?? {})[0] ?? [];
      const status = Math.min(
        ...Object.keys(op.responses)
          .map(Number)
          .filter((s) => s >= 200 && s < 300),
      );
      const success = deref(op.responses[String(status)]);
      const [answerMedia, answer] = Object.entries<Json>(success.content ?? {})[0] ?? [];
      return {
        method,
        path,
        name: names.get(`${method.toUpperCase()} ${path}`) ?? "",
        params: [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) =>
          params.find((p) => p.in === "path" && p.name === name),
        ),
        query: params.filter((p) => p.in === "query"),
        body: media
          ? {
              media,
              required: op.requestBody.required === true,
              schema: content.schema,
              example: content.example ?? Object.values<Json>(content.examples ?? {})[0]?.value,
              offered: Object.entries<Json>(op.requestBody.content).map(([media, c]) => ({ media, schema: c.schema })),
            }
          : undefined,
        status,
        answer: answerMedia
          ? {
              media: answerMedia,
              schema: answer.schema,
              example: answer.example ?? Object.values<Json>(answer.examples ?? {})[0]?.value,
              headers: success.headers ?? {},
            }
          : undefined,
      };
    }),
  );
}

/** The TypeScript type of a JSON media's schema, as openapi-typescript renders the spec. */
function jsonType(schema: Json, fallback: string): string {
  const name = typeof schema?.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
  return name ? `components["schemas"][${JSON.stringify(name)}]` : fallback;
}

/** True for a list the spec pages by headers: a JSON array answered with a next-offset or next-token header. */
function paged(op: Operation): boolean {
  const names = Object.keys(op.answer?.headers ?? {}).map((h) => h.toLowerCase());
  return (
    op.answer?.media === "application/json" &&
    deref(op.answer.schema)?.type === "array" &&
    names.some((h) => h === "x-next-offset" || h === "x-next-page-token")
  );
}

/** The type of one event of a stream: the schema of its data, where the media type's schema holds it (or its contentSchema). */
function eventType(schema: Json): string {
  const held = typeof schema?.$ref === "string" ? schema : schema?.contentSchema;
  return typeof held?.$ref === "string" ? jsonType(held, "unknown") : "unknown";
}

/** The method's parameters and answer, from the spec and the documented calling convention. */
function signature(op: Operation): { parameters: string; returns: string } {
  const at = `paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method)}]`;
  const args = op.params.map((p) => {
    expect(p.schema.type, `${op.path} ${p.name}`).toBe("string");
    return "string";
  });
  const query = op.query.length ? `NonNullable<${at}["parameters"]["query"]>` : undefined;
  const stream = op.answer?.media === "text/event-stream";
  let options = stream ? "StreamOptions" : paged(op) ? "(RequestOptions & PageOptions)" : "RequestOptions";
  if (op.body) {
    // json, form and multipart bodies are typed by their schema (a form's files as Blob), bytes by what
    // fetch streams; a body offered as several media types takes any of them, and contentType names one
    const typeOf = ({ media, schema }: { media: string; schema: Json }) => {
      const content = `NonNullable<${at}["requestBody"]>["content"][${JSON.stringify(media)}]`;
      return media === "application/octet-stream"
        ? "(Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>)"
        : /json|multipart|x-www-form-urlencoded/.test(media)
          ? jsonType(schema, content)
          : "BodyInit";
    };
    const type = `(${op.body.offered.map(typeOf).join(" | ")})`;
    args.push(op.body.required ? type : `${type}?`);
    if (query) options = `(${options} & { query?: ${query} })`;
    if (op.body.offered.length > 1)
      options = `(${options} & { contentType?: ${op.body.offered.map((m) => JSON.stringify(m.media)).join(" | ")} })`;
  } else if (query) {
    args.push(op.query.some((p) => p.required) ? query : `${query}?`);
  }
  args.push(`${options}?`);
  let answer = "void";
  if (op.answer?.media === "application/json")
    answer = jsonType(
      op.answer.schema,
      `${at}["responses"][${JSON.stringify(String(op.status))}]["content"]["application/json"]`,
    );
  else if (stream)
    return { parameters: `[${args.join(", ")}]`, returns: `Promise<EventStream<${eventType(op.answer!.schema)}>>` };
  else if (op.answer) answer = "Response";
  if (paged(op))
    return { parameters: `[${args.join(", ")}]`, returns: `PagePromise<NonNullable<${answer}>[number], ${answer}>` };
  return { parameters: `[${args.join(", ")}]`, returns: `Promise<${answer}>` };
}

/** A form's fields from the example, every `format: binary` field (or array of them) a Blob. */
function formFields(op: Operation): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...(op.body?.example ?? {}) };
  for (const [name, property] of Object.entries<Json>(deref(op.body?.schema)?.properties ?? {})) {
    const schema = deref(property);
    if (schema?.format === "binary") fields[name] = new Blob(["bytes"]);
    else if (deref(schema?.items)?.format === "binary") fields[name] = [new Blob(["bytes"])];
  }
  return fields;
}

describe("npm run generate on a spec without x-client-method", () => {
  it("derives the names a hand-written SDK would give, and says which, and what it cannot express yet", () => {
    const named = output
      .split("\n")
      .flatMap((line) => /^generate: named (.+) \(no x-client-method\)$/.exec(line)?.slice(1) ?? []);

    expect([...named].sort()).toEqual([...DERIVED].sort());
    expect(output).toMatch(
      /^generate: not expressed yet: GET \/browsers\/\{id\}\/fs\/read_file: answer application\/octet-stream resolves to the Response/m,
    );
    // an event stream is expressed: a typed stream of events, not a Response
    expect(output).not.toMatch(/text\/event-stream/);
    // every schema keyword of this document is one the client checks: none is reported unchecked
    expect(output).not.toMatch(/^generate: not checked: /m);
  });

  it("names every action leaf as a verb on its parent, never with a collection verb after it", () => {
    const path = (line: string) => line.split(" -> ")[0]!.split(" ")[1]!;
    // an action leaf: the only operation of a path with nothing below it, whose last segment is a phrase (read_file) or stream, search, download
    const alone = (line: string) =>
      DERIVED.filter((other) => path(other) === path(line) || path(other).startsWith(`${path(line)}/`)).length === 1;
    const actions = DERIVED.filter(
      (line) => alone(line) && /\/([a-z]+_[a-z_]+|stream|search|download)$/.test(path(line)),
    );

    expect(actions).toHaveLength(27);
    for (const line of actions) {
      const leaf = path(line)
        .split("/")
        .at(-1)!
        .replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(line.split(" -> ")[1]!.split(".").at(-1), line).toBe(leaf);
    }
  });

  it("writes a client whose every method has the argument and answer types the spec gives it", () => {
    const ops = operations();
    const lines = ops.flatMap((op) => {
      const { parameters, returns } = signature(op);
      return [
        `expectTypeOf(client.${op.name}).parameters.toEqualTypeOf<${parameters}>();`,
        `expectTypeOf(client.${op.name}).returns.toEqualTypeOf<${returns}>();`,
      ];
    });
    writeFileSync(
      join(copy, "foreign.ts"),
      `import { expectTypeOf } from "vitest";
import { createClient, type EventStream, type PageOptions, type PagePromise, type RequestOptions, type StreamOptions } from "./src/index.js";
import type { components, paths } from "./generated/schema.js";
const client = createClient({ apiKey: "k" });
${lines.join("\n")}
`,
    );
    writeFileSync(
      join(copy, "tsconfig.foreign.json"),
      JSON.stringify({ extends: "./tsconfig.json", include: ["src", "generated", "foreign.ts"] }),
    );

    expect(ops).toHaveLength(150);
    expect(ops.filter((op) => !op.name)).toEqual([]);
    const tsc = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.foreign.json"], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);

  it("calls every method: each sends its operation's method, path and query, and resolves to the answer the service sent", async () => {
    const sent: { method: string; url: URL; body: string }[] = [];
    let answer: Operation | undefined;
    const fetch = async (request: Request) => {
      sent.push({ method: request.method, url: new URL(request.url), body: await request.text() });
      const media = answer!.answer?.media;
      const headers = new Headers(media ? { "Content-Type": media } : {});
      for (const [name, header] of Object.entries<Json>(answer!.answer?.headers ?? {}))
        headers.set(name, String(deref(header).example));
      const body =
        media === undefined
          ? null
          : media === "application/json"
            ? JSON.stringify(answer!.answer!.example)
            : String(answer!.answer!.example);
      return new Response(body, { status: answer!.status, headers });
    };
    const { createClient } = await import(join(copy, "src/index.ts"));
    const client = createClient({ apiKey: "test-token", baseUrl: "https://api.example.test", fetch, maxRetries: 0 });
    const failures: string[] = [];

    for (const op of operations()) {
      answer = op;
      sent.length = 0;
      const args: unknown[] = op.params.map((p) => p.example);
      const query = Object.fromEntries(op.query.map((p) => [p.name, p.example]));
      if (op.body)
        args.push(
          op.body.media === "application/json"
            ? op.body.example
            : op.body.media === "multipart/form-data"
              ? formFields(op)
              : new Blob(["bytes"]),
        );
      if (op.body && op.query.length) args.push({ query });
      else if (op.query.length) args.push(query);
      const method = op.name.split(".").reduce((at: Json, key) => at?.[key], client);
      const where = `${op.method.toUpperCase()} ${op.path} (${op.name})`;
      try {
        const result = await method(...args);
        if (paged(op)) expect(result.items, where).toEqual(op.answer!.example);
        else if (op.answer?.media === "text/event-stream") {
          expect(result.response.status, where).toBe(op.status);
          result.close();
        } else if (op.answer?.media === "application/json") expect(result, where).toEqual(op.answer.example);
        else if (op.answer) expect(result instanceof Response && result.status === op.status, where).toBe(true);
        else expect(result, where).toBeUndefined();
      } catch (err) {
        failures.push(`${where}: ${(err as Error).message}`);
        continue;
      }
      const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
        encodeURIComponent(op.params.find((p) => p.name === name).example),
      );
      expect(
        sent.map(({ method, url }) => `${method} ${url.pathname}`),
        where,
      ).toEqual([`${op.method.toUpperCase()} ${path}`]);
      expect(Object.fromEntries(sent[0]!.url.searchParams), where).toEqual(
        Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      );
      if (op.body?.media === "application/json") expect(JSON.parse(sent[0]!.body), where).toEqual(op.body.example);
    }

    expect(failures).toEqual([]);
  }, 120_000);
});
