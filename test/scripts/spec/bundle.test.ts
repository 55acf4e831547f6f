// Bundling what Redocly's own reading stops at: an OpenAPI 3.2 device flow, whose scopes its type
// tree declares as a type it does not have, and a component it could not read.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConfig } from "@redocly/openapi-core";
import { afterAll, describe, expect, it } from "vitest";
import { bundleApi } from "../../../scripts/lib/spec/bundle.mjs";
import { lintSpec } from "../../../scripts/lib/spec/lint.mjs";

const dir = mkdtempSync(join(tmpdir(), "bundle-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEVICE_FLOW = {
  deviceAuthorizationUrl: "https://auth.example/device",
  tokenUrl: "https://auth.example/token",
  scopes: { "read:pets": "read your pets" },
};

/** A 3.2 document of these security schemes and requirements, written to `name` in the temp dir. */
function written(name: string, securitySchemes: object, security: object[] = []): string {
  const file = join(dir, name);
  const doc = {
    openapi: "3.2.0",
    info: { title: "t", version: "1" },
    security,
    paths: {},
    components: { securitySchemes },
  };
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe("bundling an OpenAPI 3.2 document", () => {
  it("reads a device authorization flow that lists scopes, as written", async () => {
    const file = written("device.json", { OAuth2: { type: "oauth2", flows: { deviceAuthorization: DEVICE_FLOW } } }, [
      { OAuth2: ["read:pets"] },
    ]);

    const { spec, defects } = await bundleApi(file, await createConfig({}), "device.json");

    expect(spec.components.securitySchemes.OAuth2.flows.deviceAuthorization).toEqual(DEVICE_FLOW);
    expect(defects).toEqual([]);
  });

  it("lints it too", async () => {
    written("lint.json", { OAuth2: { type: "oauth2", flows: { deviceAuthorization: DEVICE_FLOW } } });
    const config = join(dir, "redocly.yaml");
    writeFileSync(config, "apis:\n  a:\n    root: ./lint.json\nrules:\n  struct: error\n");

    const result = await lintSpec({ configPath: config });

    expect(result.lines).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("drops a component it could not read that nothing uses, naming it, and fails on one that is used", async () => {
    const schemes = {
      gone: { $ref: "./missing.json#/components/securitySchemes/gone" },
      key: { type: "http", scheme: "bearer" },
    };
    const unused = written("unused.json", schemes, [{ key: [] }]);
    const used = written("used.json", schemes, [{ gone: [] }]);
    const config = await createConfig({});

    const { spec, defects } = await bundleApi(unused, config, "unused.json");

    expect(spec.components.securitySchemes).toEqual({ key: { type: "http", scheme: "bearer" } });
    expect(defects).toEqual([
      expect.stringMatching(
        /^#\/components\/securitySchemes\/gone: \$ref \.\/missing\.json#\/components\/securitySchemes\/gone could not be read \(Can't resolve \$ref: ENOENT: .+missing\.json'\), and nothing in the document uses it; dropped$/,
      ),
    ]);
    await expect(bundleApi(used, config, "used.json")).rejects.toThrow(
      /^bundling used\.json: .*used\.json#\/components\/securitySchemes\/gone: Can't resolve \$ref/,
    );
  });
});
