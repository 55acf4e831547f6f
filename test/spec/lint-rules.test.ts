import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";

const root = resolve(import.meta.dirname, "../..");
// the house rules on a document written to them (this project's first four operations, a fixture),
// whatever openapi/ holds and whichever profile redocly.yaml extends
const FIXTURE = join(root, "scripts/synthetic-base");
const copy = mkdtempSync(join(tmpdir(), "spec-"));
const config = join(mkdtempSync(join(tmpdir(), "spec-config-")), "redocly.yaml");
writeFileSync(config, `extends:\n  - ${join(root, "lint/house.yaml")}\n`);
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  rmSync(resolve(config, ".."), { recursive: true, force: true });
});

function edit(file: string, from: string, to: string) {
  const path = join(copy, file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  writeFileSync(path, text.replace(from, to));
}

async function lintRules(): Promise<string[]> {
  const run = promisify(execFile);
  const args = ["lint", join(copy, "openapi.yaml"), "--config", config, "--format=json"];
  const env = toolEnv();
  const { stdout } = await run(join(root, "node_modules/.bin/redocly"), args, { env }).catch((err) => err);
  const report = JSON.parse(stdout.slice(stdout.indexOf("{")));
  return report.problems.map((p: { ruleId: string }) => p.ruleId);
}

describe("the house lint rules", () => {
  it("flag each convention the spec breaks", async () => {
    cpSync(FIXTURE, copy, { recursive: true });
    // an operation without its 500, and an inline error response
    edit(
      "paths/deployments_{id}.yaml",
      "    '500':\n      $ref: ../components/responses/InternalServerError.yaml\n",
      "",
    );
    edit(
      "paths/deployments_{id}.yaml",
      "    '404':\n      $ref: ../components/responses/NotFound.yaml",
      "    '404':\n      description: gone\n      content:\n        application/json:\n          schema:\n            $ref: ../components/schemas/Error.yaml\n          example: {code: not_found, message: gone}",
    );
    // a shared error response that does not use the Error schema
    edit("components/responses/NotFound.yaml", "$ref: ../schemas/Error.yaml", "type: object");
    // a camelCase property and a snake_case operationId
    edit("components/schemas/ErrorDetail.yaml", "  message:\n", "  detailMessage:\n");
    edit("paths/browsers_{id}_computer_click_mouse.yaml", "operationId: clickMouse", "operationId: click_mouse");
    // a parameter and a body without examples
    edit("components/parameters/DeploymentId.yaml", "example: dep_5n1v7c2x\n", "");
    edit(
      "components/responses/Unauthorized.yaml",
      "    example:\n      code: unauthorized\n      message: Authorization token missing or invalid\n",
      "",
    );

    const rules = await lintRules();

    for (const rule of [
      "rule/operation-401-and-500",
      "rule/error-responses-are-shared",
      "rule/shared-responses-use-error-schema",
      "rule/property-names-snake-case",
      "rule/operation-id-camel-case",
      "rule/parameters-have-examples",
      "rule/bodies-have-examples",
    ]) {
      expect(rules, rule).toContain(rule);
    }
  });

  it("pass on the document written to them", async () => {
    rmSync(copy, { recursive: true, force: true });
    cpSync(FIXTURE, copy, { recursive: true });

    expect(await lintRules()).toEqual([]);
  });
});
