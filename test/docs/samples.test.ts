// The docs page's code samples where the document gives no example: the 150-operation synthetic
// spec with every example removed, generated in a copy of the project, its page document made as
// the docs page makes it. Every curl sample's JSON body is held to the operation's schema by Ajv
// (not by the client's checks, which the sampler uses), and every TypeScript sample is compiled
// strictly against the generated client. Path parameters with a pattern or a format, and required
// headers, are in test/scripts/docs/code-samples.test.ts: the synthetic spec has none.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import formatsPlugin from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageDocument } from "../../scripts/lib/docs/page-document.mjs";
import { type OperationInfo, readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { createSampler } from "../../scripts/lib/spec/sample.mjs";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { generateOnce } from "../support/generate-once.js";
import { samplesOf, samplesProgram } from "../support/docs-samples.js";
import { strictConsumerErrors } from "../support/strict-consumer.js";

type Json = any;
const SOURCE = fileURLToPath(new URL("../../scripts/synthetic-base", import.meta.url));
// the samples name a package and key variable of their own: the checkout's play no part here
const PACKAGE = "acme-client";
const formats = formatsPlugin as unknown as (ajv: Ajv2020) => void;

let copy: { dir: string; remove: () => void };
let spec: Json;
let page: Json;
let operations: OperationInfo[];

beforeAll(async () => {
  const written = mkdtempSync(join(tmpdir(), "docs-samples-spec-"));
  writeSyntheticSpec(join(written, "openapi"), { operations: 150, source: SOURCE, examples: false });
  copy = copyRepo({
    entries: ["redocly.yaml", "scripts", "src", "generated", "package.json", "tsconfig.json", "tsconfig.build.json"],
    prefix: "docs-samples-",
    document: join(written, "openapi"),
  });
  rmSync(written, { recursive: true, force: true });
  generateOnce(copy.dir);
  spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
  page = pageDocument(spec, {
    sampler: await createSampler(spec),
    names: { packageName: PACKAGE, apiKeyEnv: "ACME_API_KEY" },
  });
  operations = readOperations(spec).operations;
}, 180_000);

afterAll(() => copy?.remove());

/** A shell word in single quotes as the shell reads it. */
const unquote = (word: string) => word.slice(1, -1).replace(/'\\''/g, "'");

/**
 * Ajv over the bundled document, as a request is held to it: a `readOnly` field is not sent, so
 * it is not required (JSON Schema itself leaves readOnly to the application).
 */
function requestValidator(document: Json) {
  const copied = structuredClone(document);
  const follow = (node: Json): Json =>
    typeof node?.$ref === "string" && node.$ref.startsWith("#/")
      ? follow(
          node.$ref
            .slice(2)
            .split("/")
            .reduce((at: Json, key: string) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], copied),
        )
      : node;
  const walk = (node: Json) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node.required) && node.properties && typeof node.properties === "object")
      node.required = node.required.filter((name: string) => follow(node.properties[name])?.readOnly !== true);
    for (const value of Object.values(node)) walk(value);
  };
  walk(copied.components);
  walk(copied.paths);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
  formats(ajv);
  ajv.addSchema(copied, "doc");
  return (pointer: string, value: unknown) => {
    const validate = ajv.getSchema(`doc#${pointer}`);
    if (!validate) throw new Error(`no schema at ${pointer}`);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

/** The JSON pointer of a place in the document. */
const pointer = (...keys: string[]) => `/${keys.map((k) => k.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

describe("the docs page's samples on the synthetic spec without examples", () => {
  it("gives every JSON body in curl a value its operation's schema accepts", () => {
    const validate = requestValidator(spec);
    const checked: string[] = [];
    const broken: string[] = [];
    for (const op of operations) {
      const declared = spec.paths[op.path][op.method.toLowerCase()];
      const media = Object.keys(declared.requestBody?.content ?? {}).find((m) => /json/.test(m));
      const requestBody = declared.requestBody?.$ref ? undefined : declared.requestBody;
      if (!media || !requestBody) continue;
      const data = / -d ('(?:[^']|'\\'')*')/.exec(samplesOf(page, op).curl!)?.[1];
      expect(data, `${op.method} ${op.path}: the curl sample sends no -d body`).toBeDefined();
      const body = JSON.parse(unquote(data!));
      const issues = validate(
        pointer("paths", op.path, op.method.toLowerCase(), "requestBody", "content", media, "schema"),
        body,
      );
      checked.push(`${op.method} ${op.path}`);
      if (issues.length) broken.push(`${op.method} ${op.path}: ${JSON.stringify(body)}: ${issues.join("; ")}`);
    }
    expect(broken).toEqual([]);
    // the synthetic spec's JSON bodies, none of which has an example left
    expect(checked.length).toBeGreaterThan(40);
  });

  it("compiles every TypeScript sample strictly against the generated client", () => {
    const program = samplesProgram(page, operations, PACKAGE, "./dist/src/index.js");

    expect(strictConsumerErrors(copy.dir, program)).toBe("");
  }, 120_000);
});
