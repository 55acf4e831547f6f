import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { startMock } from "../../../scripts/lib/mock/prism.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

const FIXTURE = fileURLToPath(new URL("../fixtures/defects", import.meta.url));
const bin = (name: string) => join(root, "node_modules/.bin", name);

// every defect of the fixture, as written in its files, with what generation does instead
const DEFECTS = [
  "openapi/openapi.yaml#/components/responses/NotFound/content/application~1json/schema/$ref: #/components//schemas/Error has an empty JSON pointer token; read without it, as #/components/schemas/Error",
  "openapi/paths/browsers_{id}.yaml#/get/responses/404/content/application~1json/schema/$ref: ../openapi.yaml#/components/schemas//Error has an empty JSON pointer token; read without it, as ../openapi.yaml#/components/schemas/Error",
  "openapi/components/schemas/Deployment.yaml#/properties/state/$ref: ../../openapi.yaml#/components/schemas//DeploymentState has an empty JSON pointer token; read without it, as ../../openapi.yaml#/components/schemas/DeploymentState",
  "#/components/schemas/Browser/properties/metadata/allOf: boolean schema true in allOf constrains nothing; dropped",
  "#/components/schemas/BrowserCreate/properties/viewport/items: items: false; read as maxItems: 2",
  '#/components/schemas/Browser/properties/profile_name/nullable: nullable: true is OpenAPI 3.0; read as type ["string","null"]',
  '#/components/schemas/Browser/properties/timeout_seconds/nullable: nullable: true is OpenAPI 3.0; read as type ["integer","null"]',
  "#/components/schemas/Browser/properties/persistence/nullable: nullable: true is OpenAPI 3.0; read as anyOf [the schema, null]",
  '#/components/schemas/BrowserCreate/properties/stealth/nullable: nullable: true is OpenAPI 3.0; read as type ["boolean","null"]',
  '#/components/schemas/Proxy/properties/last_checked_at/nullable: nullable: true is OpenAPI 3.0; read as type ["string","null"]',
  '#/components/schemas/Deployment/properties/region/nullable: nullable: true is OpenAPI 3.0; read as type ["string","null"] with null in its enum',
  '#/components/schemas/DeploymentEvent/discriminator/mapping/error: names #/components/schemas/LogEvent, whose event is "log"; mapped to #/components/schemas/ErrorEvent, whose event is "error"',
  '#/components/schemas/DeploymentEvent/discriminator/mapping/sse_heartbeat: names "SseHeartbeatEvent.yaml", which the document does not have; mapped to #/components/schemas/HeartbeatEvent, whose event is "sse_heartbeat"',
  "#/components/schemas/ProxyCreate/additionalProperties: false beside oneOf refuses the branches' own properties, so no body passes; listed type, country, host, port in properties beside it",
  "#/components/schemas/ProfileRef/oneOf: branches 0 and 1 both match an object with id and name, which oneOf then refuses; read as anyOf",
  '#/paths/~1deployments~1{id}/get/responses/200/content/application~1json/example: breaks its own schema (/started_at must match format "date-time"); dropped, so the mock and the docs derive one from the schema',
];

// what a user of the generated client writes against the repaired types
const CONSUMER = `import { createClient, type Browser, type DeploymentEvent, type ProxyCreate } from "../src/index.js";
const client = createClient({ apiKey: "k" });
const browser: Browser = await client.browsers.retrieve("brs_1");
const profile: string | null | undefined = browser.profile_name;
const seconds: number | null | undefined = browser.timeout_seconds;
await client.browsers.create({ profile: { id: "prf_1", name: "work" }, viewport: [1280, 720], stealth: null });
const custom: ProxyCreate = { name: "office", type: "custom", host: "proxy.example", port: 3128 };
await client.proxies.create(custom);
// @ts-expect-error a custom proxy needs its host and port
await client.proxies.create({ type: "custom" });
const describe = (event: DeploymentEvent) => (event.event === "error" ? event.error.message : event.timestamp);
console.log(profile, seconds, describe);
`;

let copy: string;
let output: string;
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: copy, encoding: "utf8", env: toolEnv() });

// a team's document, with the defects real ones ship, dropped into openapi/ as a team would
beforeAll(() => {
  copy = copyRepo({ prefix: "defects-", document: FIXTURE }).dir;
  output = run(process.execPath, ["scripts/generate.mjs"]);
}, 120_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("npm run generate on a document with real-world defects", () => {
  it("names each defect, where it is and what it did instead, and goes on", () => {
    const named = output.split("\n").filter((line) => line.startsWith("generate: defect: "));

    expect(named).toEqual(DEFECTS.map((line) => `generate: defect: ${line}`));
    expect(output).toMatch(/^generate: done in \d+ ms$/m);
  });

  it("writes a document without the defects for the client, the docs and the mock", () => {
    const bundle = readFileSync(join(copy, "generated/openapi.json"), "utf8");
    const spec = JSON.parse(bundle);

    expect(bundle).not.toContain('"nullable"');
    expect(bundle).not.toContain("SseHeartbeatEvent.yaml");
    expect(spec.components.schemas.DeploymentEvent.discriminator.mapping).toEqual({
      log: "#/components/schemas/LogEvent",
      deployment_state: "#/components/schemas/DeploymentStateEvent",
      error: "#/components/schemas/ErrorEvent",
      sse_heartbeat: "#/components/schemas/HeartbeatEvent",
    });
    expect(spec.components.schemas.Browser.properties.profile_name.type).toEqual(["string", "null"]);
    expect(spec.components.schemas.ProfileRef.anyOf).toHaveLength(2);
    expect(spec.paths["/deployments/{id}"].get.responses["200"].content["application/json"]).not.toHaveProperty(
      "example",
    );
  });

  it("writes a client that type-checks, the repaired shapes in its types", () => {
    mkdirSync(join(copy, "team"), { recursive: true });
    writeFileSync(join(copy, "team/consumer.ts"), CONSUMER);
    // one program: the project's own (tsc -p .: src/ and generated/ under its tsconfig.json) and the consumer beside it
    writeFileSync(
      join(copy, "team/tsconfig.json"),
      JSON.stringify({ extends: "../tsconfig.json", include: [".", "../src", "../generated"] }),
    );

    expect(() => run(bin("tsc"), ["-p", "team"])).not.toThrow();
  }, 300_000);

  it("packs, the repaired document inside", () => {
    const into = mkdtempSync(join(tmpdir(), "defects-pack-"));
    try {
      // prepack's own lines come first on stdout, then npm's JSON
      const printed = run("npm", ["pack", "--json", "--pack-destination", into]);
      const [packed] = JSON.parse(printed.slice(printed.search(/^\[/m))) as {
        filename: string;
        files: { path: string }[];
      }[];
      const files = packed!.files.map((f) => f.path);

      expect(files).toEqual(
        expect.arrayContaining(["dist/openapi.json", "dist/src/index.js", "dist/src/index.d.ts", "generated/api.md"]),
      );
      expect(readdirSync(into)).toEqual([packed!.filename]);
      expect(readFileSync(join(copy, "dist/openapi.json"), "utf8")).not.toContain('"nullable"');
    } finally {
      rmSync(into, { recursive: true, force: true });
    }
  }, 180_000);

  it("calls its methods against Prism serving the repaired document", async () => {
    const mock = await startMock({ spec: join(copy, "generated/openapi.json"), timeoutMs: 60_000 });
    try {
      const { createClient, ValidationError } = await import(join(copy, "src/index.ts"));
      const sent: unknown[] = [];
      const client = createClient({
        apiKey: "test-token",
        baseUrl: mock.url,
        fetch: async (request: Request) => {
          sent.push(request.method === "GET" ? null : JSON.parse(await request.clone().text()));
          return fetch(request);
        },
      });

      // nullable fields answered as null
      await expect(client.browsers.retrieve("brs_2x7q9kd4m1")).resolves.toEqual({
        session_id: "brs_2x7q9kd4m1",
        cdp_ws_url: "wss://browsers.example/brs_2x7q9kd4m1",
        profile_name: null,
        timeout_seconds: null,
        persistence: { id: "prs_1" },
        started_at: "2026-11-23T10:00:00Z",
      });
      // a profile that matches both oneOf branches
      await expect(
        client.browsers.create({ profile: { id: "prf_1", name: "work" }, viewport: [1280, 720] }),
      ).resolves.toMatchObject({ persistence: null, profile_name: "work" });
      // the body beside oneOf that additionalProperties: false refused
      await expect(
        client.proxies.create({ name: "office", type: "custom", host: "proxy.example", port: 3128 }),
      ).resolves.toEqual({ id: "prx_1", name: "office", type: "custom", last_checked_at: null });
      // its broken example dropped, the mock answers from the schema
      await expect(client.deployments.retrieve("dep_5n1v7c2x")).resolves.toMatchObject({
        started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      });

      expect(sent).toEqual([
        null,
        { profile: { id: "prf_1", name: "work" }, viewport: [1280, 720] },
        { name: "office", type: "custom", host: "proxy.example", port: 3128 },
        null,
      ]);

      // what the defects did not loosen: an unknown property, a third viewport number
      await expect(
        client.proxies.create({ type: "custom", host: "proxy.example", port: 3128, colour: "red" }),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(client.browsers.create({ viewport: [1280, 720, 1] })).rejects.toBeInstanceOf(ValidationError);
      expect(sent).toHaveLength(4);
    } finally {
      await mock.stop();
    }
  }, 120_000);
});
