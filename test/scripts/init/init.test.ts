// `npm run init` in a copy of the checkout, under git: a small split document made the checkout's
// own (test/scripts/fixtures/init/), its names derived from its title, what it replaced left to
// git's history; and its refusal to run over uncommitted changes.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";

const DOCUMENT = fileURLToPath(new URL("../fixtures/init", import.meta.url));

let copy: { dir: string; remove: () => void };
let out: string;
const git = (...args: string[]) =>
  execFileSync("git", ["-c", "user.name=init", "-c", "user.email=init@localhost", ...args], {
    cwd: copy.dir,
    encoding: "utf8",
  });
const read = (file: string) => readFileSync(join(copy.dir, file), "utf8");
const init = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/init.mjs", ...args], { cwd: copy.dir, encoding: "utf8", env: toolEnv() });

beforeAll(() => {
  copy = copyRepo({ prefix: "init-test-" });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-q", "-m", "before");
  const ran = init("--document", join(DOCUMENT, "openapi.yaml"));
  out = ran.stdout + ran.stderr;
  if (ran.status !== 0) throw new Error(`init failed:\n${out}`);
}, 240_000);
afterAll(() => copy?.remove());

describe("npm run init", () => {
  it("prints what it derived from the document and where from", () => {
    expect(out).toContain(
      "init: document " +
        join(DOCUMENT, "openapi.yaml") +
        ': "Acme Notes API", OpenAPI 3.1.0, 4 files, split: its folder kept, root openapi.yaml',
    );
    for (const line of [
      'init: package acme-notes-client (from info.title "Acme Notes API")',
      'init: display name "Acme Notes" (from info.title "Acme Notes API"): root error AcmeNotesError, client type AcmeNotesClient',
      "init: environment variables ACME_NOTES_API_KEY, ACME_NOTES_BASE_URL, ACME_NOTES_LOG (prefix ACME_NOTES, from the display name)",
      'init: User-Agent "acme-notes-client/0.1.0" (from the package name)',
      "init: recorded openapi/released/1.2.0.json, the document's first release",
      "init: example read: GET /notes/{id} (client.notes.retrieve)",
      "init: example create: POST /notes (client.notes.create)",
      "init: example failing: GET /notes/{id} (client.notes.retrieve)",
    ])
      expect(out).toContain(line);
  });

  it("replaces openapi/ with the document's folder and points redocly.yaml at it, with Redocly's recommended rules", () => {
    expect(read("openapi/openapi.yaml")).toBe(readFileSync(join(DOCUMENT, "openapi.yaml"), "utf8"));
    expect(read("openapi/paths/notes_{id}.yaml")).toBe(readFileSync(join(DOCUMENT, "paths/notes_{id}.yaml"), "utf8"));
    expect(existsSync(join(copy.dir, "openapi/paths/org_limits.yaml"))).toBe(false);
    expect(read("redocly.yaml")).toMatch(/^ {4}root: \.\/openapi\/openapi\.yaml$/m);
    expect(read("redocly.yaml")).toMatch(/^extends:\n {2}- recommended\n$/m);
    expect(JSON.parse(read("openapi/released/1.2.0.json")).info.title).toBe("Acme Notes API");
  });

  it("writes the package's names into package.json, whole, and its lockfile", () => {
    const pkg = JSON.parse(read("package.json"));
    expect(pkg).toMatchObject({
      name: "acme-notes-client",
      version: "0.1.0",
      description: "Typed TypeScript client for the Acme Notes API, generated from its OpenAPI document.",
      client: { displayName: "Acme Notes", envPrefix: "ACME_NOTES", userAgent: "acme-notes-client/{version}" },
    });
    expect(pkg.scripts.init).toBe("node scripts/init.mjs");
    const lock = JSON.parse(read("package-lock.json"));
    expect([lock.name, lock.packages[""].name, lock.packages[""].version]).toEqual([
      "acme-notes-client",
      "acme-notes-client",
      "0.1.0",
    ]);
    expect(read("generated/identity.ts")).toContain('export const API_KEY_ENV = "ACME_NOTES_API_KEY";');
    expect(read("LICENSE")).toMatch(/^Copyright \(c\) \d{4} acme-notes-client contributors$/m);
  });

  it("starts both changelogs afresh and writes a README and examples from the document", () => {
    expect(read("CHANGELOG.md")).toContain("All notable changes to the Acme Notes API description");
    expect(read("CHANGELOG.md")).toMatch(/^## \[1\.2\.0\] - \d{4}-\d{2}-\d{2}$/m);
    expect(read("CLIENT_CHANGELOG.md")).toMatch(/^## \[0\.1\.0\] - \d{4}-\d{2}-\d{2}$/m);
    const quickStart = read("examples/quick-start.ts");
    expect(quickStart).toContain('import { createClient } from "acme-notes-client";');
    expect(quickStart).toContain("const client = createClient({ apiKey: process.env.ACME_NOTES_API_KEY });");
    expect(quickStart).toContain('const read = await client.notes.retrieve("note_1");');
    expect(quickStart).toContain('const created = await client.notes.create({ text: "Buy milk" });');
    expect(read("examples/handle-errors.ts")).toContain("if (err instanceof NotFoundError)");
    expect(existsSync(join(copy.dir, "examples/retrieve-limits.ts"))).toBe(false);
    const readme = read("README.md");
    expect(readme).toMatch(/^# acme-notes-client$/m);
    // the client made and called within its first 40 lines
    expect(readme.split("\n").slice(0, 40).join("\n")).toMatch(/createClient\([\s\S]*await client\.(\w+\.)+\w+\(/);
    // the README shows the example programs as examples/ holds them, and the key's variable
    expect(readme).toContain(`\`\`\`ts\n${quickStart.trimEnd()}\n\`\`\``);
    expect(readme).toContain("| `ACME_NOTES_API_KEY` | `apiKey` is not given |");
    expect(readme).toContain("`Authorization: Bearer <apiKey>`");
    expect(`${readme}${quickStart}${read("examples/README.md")}`).not.toMatch(/browser.?cloud/i);
  });

  it("takes this project's own document's tests out, and leaves the rest", () => {
    expect(existsSync(join(copy.dir, "test/contract/operations.test.ts"))).toBe(false);
    expect(existsSync(join(copy.dir, "test/contract/document.test.ts"))).toBe(true);
    expect(read("test/examples/prints.ts")).toContain("export const PRINTS: Record<string, (string | RegExp)[]> = {};");
    expect(read("test/tsconfig.json")).toContain('"acme-notes-client": ["../src/index.ts"]');
  });

  // a test of this project's own document left in would name methods the team's document has not
  it("leaves tests that compile against the team's document", () => {
    const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "test"], {
      cwd: copy.dir,
      encoding: "utf8",
    });

    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 180_000);

  it("leaves a tree whose generated/ matches its document", () => {
    const check = spawnSync(process.execPath, ["scripts/generate.mjs", "--check"], {
      cwd: copy.dir,
      encoding: "utf8",
      env: toolEnv(),
    });
    expect(check.stdout).toContain("generate: generated/ matches openapi/");
    expect(check.status).toBe(0);
  }, 60_000);

  it("refuses to run over uncommitted changes, and writes nothing", () => {
    writeFileSync(join(copy.dir, "scratch.txt"), "work in progress");
    const before = read("package.json");

    const ran = init("--document", join(DOCUMENT, "openapi.yaml"), "--name", "other-client");

    expect(ran.status).toBe(1);
    expect(ran.stderr).toMatch(
      /^init: \d+ uncommitted changes? \(.*\); commit or stash them first: init replaces files$/m,
    );
    expect(read("package.json")).toBe(before);
  });

  it("refuses what is not an OpenAPI document, and a package name npm would not take", () => {
    git("add", "-A");
    git("commit", "-q", "-m", "init");
    const notOpenApi = init("--document", join(copy.dir, "package.json"));
    expect(notOpenApi.status).toBe(1);
    expect(notOpenApi.stderr).toContain("init: ");
    const badName = init("--document", join(DOCUMENT, "openapi.yaml"), "--name", "Not A Name");
    expect(badName.stderr).toMatch(/^init: --name must be an npm package name/m);
    expect(git("status", "--porcelain")).toBe("");
  });
});
