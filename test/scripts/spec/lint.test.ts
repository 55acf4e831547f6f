import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

const ORG_LIMITS = "openapi/components/schemas/OrgLimits.yaml";
let copy: { dir: string; remove: () => void };
const lint = () =>
  spawnSync(process.execPath, ["scripts/lint.mjs", "--format=summary"], {
    cwd: copy.dir,
    encoding: "utf8",
    env: toolEnv(),
  });

beforeAll(() => {
  // a document written to the house rules, whatever openapi/ holds here
  copy = copyRepo({
    entries: ["lint", "redocly.yaml", "scripts", "src", "package.json"],
    prefix: "lint-test-",
    document: fileURLToPath(new URL("../../../scripts/synthetic-base", import.meta.url)),
  });
});
afterAll(() => copy.remove());

describe("npm run lint", () => {
  it("passes a document written to its rules", () => {
    expect(lint().status).toBe(0);
  });

  it("names the file, line and column of a YAML typo, and runs no rule", () => {
    const file = join(copy.dir, ORG_LIMITS);
    const good = readFileSync(file, "utf8");
    writeFileSync(file, good.replace("\n  max_concurrent_sessions:\n", "\n  max_concurrent_sessions:\n junk: 1\n"));
    const line = readFileSync(file, "utf8").split("\n").indexOf(" junk: 1") + 1;

    const result = lint();
    writeFileSync(file, good);

    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^lint: ${ORG_LIMITS.replace(/\./g, "\\.")}:${line}:\\d+ YAML error: .+$`, "m"),
    );
    expect(result.stdout).not.toMatch(/no-unresolved-refs/);
  });

  it("holds the spec to the profile redocly.yaml extends: the house rules, or Redocly's recommended when a team picks it", () => {
    const schema = join(copy.dir, ORG_LIMITS);
    const config = join(copy.dir, "redocly.yaml");
    const good = { schema: readFileSync(schema, "utf8"), config: readFileSync(config, "utf8") };
    writeFileSync(schema, good.schema.replace("\n  max_concurrent_sessions:\n", "\n  maxConcurrentSessions:\n"));
    try {
      const house = lint();
      writeFileSync(config, good.config.replace("\n  - ./lint/house.yaml\n", "\n  - recommended\n"));
      const recommended = lint();

      expect(house.status).toBe(1);
      expect(house.stdout).toMatch(/^error\s+rule\/property-names-snake-case: 1$/m);
      expect(recommended.status).toBe(0);
      expect(recommended.stdout).not.toMatch(/rule\/property-names-snake-case/);
    } finally {
      writeFileSync(schema, good.schema);
      writeFileSync(config, good.config);
    }
  });
});
