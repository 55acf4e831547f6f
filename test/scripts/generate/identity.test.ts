// `npm run generate` names the package from package.json's name and client section, else from the
// document's title, says what it chose and where from, and writes it where the runtime, the JSDoc
// examples, the API reference and the README read it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";

const ENTRIES = ["redocly.yaml", "scripts", "src", "package.json", "README.md", "examples", "lint"];
// a small document of the test's own: one operation, its title naming the service
const DOCUMENT = `openapi: 3.1.0
info: { title: Acme Payments API, version: 1.0.0 }
servers: [{ url: https://api.acme.test }]
security: [{ bearer: [] }]
components:
  securitySchemes: { bearer: { type: http, scheme: bearer } }
paths:
  /charges:
    get:
      operationId: listCharges
      responses:
        '200':
          description: The charges.
          content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } }
`;

let copy: { dir: string; remove: () => void };

/** Runs generate in the copy with `pkg` as its package.json (beside the project's scripts); resolves to its output lines and what it wrote. */
function generateWith(pkg: Record<string, unknown>) {
  const manifest = JSON.parse(readFileSync(join(copy.dir, "package.json"), "utf8"));
  delete manifest.client;
  writeFileSync(join(copy.dir, "package.json"), JSON.stringify({ ...manifest, ...pkg }, null, 2));
  const out = execFileSync(process.execPath, ["scripts/generate.mjs"], {
    cwd: copy.dir,
    env: toolEnv(),
    encoding: "utf8",
  });
  const read = (file: string) => readFileSync(join(copy.dir, file), "utf8");
  return {
    lines: out.split("\n").filter((line) => line.startsWith("generate: identity: ")),
    identity: read("generated/identity.ts"),
    names: read("generated/public-names.ts"),
    functions: read("generated/functions.ts"),
    reference: read("generated/api.md"),
    readme: read("README.md"),
  };
}

beforeAll(() => {
  const document = mkdtempSync(join(tmpdir(), "identity-document-"));
  writeFileSync(join(document, "openapi.yaml"), DOCUMENT);
  copy = copyRepo({ entries: ENTRIES, prefix: "identity-generate-", document });
  rmSync(document, { recursive: true, force: true });
}, 60_000);
afterAll(() => copy?.remove());

describe("generate's identity", () => {
  it("derives every name from info.title where package.json's client says nothing, and prints each with where it came from", {
    timeout: 120_000,
  }, () => {
    const out = generateWith({ name: "acme-payments-client", version: "1.4.0" });

    expect(out.lines).toEqual([
      "generate: identity: package acme-payments-client (package.json name)",
      'generate: identity: display name "Acme Payments" (from info.title "Acme Payments API"): root error AcmePaymentsError, client type AcmePaymentsClient',
      "generate: identity: environment variables ACME_PAYMENTS_API_KEY, ACME_PAYMENTS_BASE_URL, ACME_PAYMENTS_LOG (prefix ACME_PAYMENTS, from the display name)",
      'generate: identity: User-Agent "acme-payments-client/1.4.0" (from the package name and version)',
      "generate: identity: docs page title (the page's own: info.title)",
    ]);
    expect(out.identity).toContain('export const PACKAGE_NAME = "acme-payments-client";');
    expect(out.identity).toContain('export const ERROR_NAME = "AcmePaymentsError";');
    expect(out.identity).toContain('export const API_KEY_ENV = "ACME_PAYMENTS_API_KEY";');
    expect(out.identity).toContain('export const BASE_URL_ENV = "ACME_PAYMENTS_BASE_URL";');
    expect(out.identity).toContain('export const LOG_ENV = "ACME_PAYMENTS_LOG";');
    expect(out.identity).toContain('export const USER_AGENT = "acme-payments-client/1.4.0";');
    expect(out.names).toContain('export { ClientError as AcmePaymentsError } from "../src/core/errors.js";');
    expect(out.names).toContain('export type { ApiClient as AcmePaymentsClient } from "../src/client/client.js";');
    // (the specifier apart from its import: an import of a subpath the package does not export yet)
    expect(out.functions).toContain("import { createCoreClient, listCharges } from ");
    expect(out.functions).toContain('"acme-payments-client/operations";');
    expect(out.functions).toContain("createCoreClient({ apiKey: process.env.ACME_PAYMENTS_API_KEY })");
    expect(out.reference).toContain("standalone function of `acme-payments-client/operations`");
    expect(out.readme).toContain("| `ACME_PAYMENTS_API_KEY` | `apiKey` is not given |");
    expect(out.readme).toContain("| `ACME_PAYMENTS_LOG` | `logger` is not given |");
    // the README's own text is the checkout's; what generate writes names no other package
    for (const text of [out.identity, out.functions, out.reference]) expect(text).not.toMatch(/browser.?cloud/i);
  });

  it("takes package.json's client section over the title", { timeout: 120_000 }, () => {
    const out = generateWith({
      name: "@acme/pay",
      version: "2.0.0",
      client: { displayName: "Acme", envPrefix: "ACME", userAgent: "acme-js/{version}", docsTitle: "Acme reference" },
    });

    expect(out.lines).toEqual([
      "generate: identity: package @acme/pay (package.json name)",
      'generate: identity: display name "Acme" (package.json client.displayName): root error AcmeError, client type AcmeClient',
      "generate: identity: environment variables ACME_API_KEY, ACME_BASE_URL, ACME_LOG (prefix ACME, package.json client.envPrefix)",
      'generate: identity: User-Agent "acme-js/2.0.0" (package.json client.userAgent)',
      'generate: identity: docs page title "Acme reference" (package.json client.docsTitle)',
    ]);
    expect(out.identity).toContain('export const USER_AGENT = "acme-js/2.0.0";');
    expect(out.names).toContain("export { ClientError as AcmeError }");
    expect(out.functions).toContain('"@acme/pay/operations";');
  });

  it("stops with the field's problem, writing nothing, when package.json cannot name the package", {
    timeout: 120_000,
  }, () => {
    const failed = (() => {
      try {
        generateWith({ name: "acme-client", client: { envPrefix: "acme-" } });
      } catch (err) {
        return err as { status: number; stderr: string };
      }
    })();

    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain("generate: package.json client.envPrefix must be capitals");
  });
});
