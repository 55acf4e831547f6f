import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { render } from "../../../scripts/lib/generate/render.mjs";
import { apiReference } from "../../../scripts/lib/generate/emit-api-reference.mjs";
import { withExampleInputs } from "../../../scripts/lib/generate/example-inputs.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";
import { readIdentity } from "../../../scripts/lib/shared/identity.mjs";

const spec = JSON.parse(readFileSync(new URL("../../../generated/openapi.json", import.meta.url), "utf8"));
const { operations } = readOperations(spec);
const reference = readFileSync(new URL("../../../generated/api.md", import.meta.url), "utf8");

/** The section of generated/api.md about one method: from its heading to the next. */
const section = (name: string) => reference.split(/^## /m).find((part) => part.startsWith(`${name}\n`)) ?? "";

describe("generated/api.md", () => {
  it("is what npm run generate writes from the spec", async () => {
    const files = await render();
    const written = [...files].find(([file]) => file.endsWith("/generated/api.md"));

    expect(written?.[1]).toBe(reference);
    // with the inputs generate passes where the document gives no example (sampled from the schemas)
    const shown = withExampleInputs(operations, await createSampler(spec)).operations;
    expect(apiReference(spec, shown, readIdentity(spec.info))).toBe(reference);
  });

  it("has a section for every method of the table, with its HTTP method, path, answer and example", () => {
    for (const op of operations) {
      const text = section(op.name);

      expect(text, op.name).toContain(`\`${op.method} ${op.path}\``);
      expect(text, op.name).toContain(`\`${op.success.status}\``);
      expect(text, op.name).toContain(`await client.${op.name}(`);
      // the standalone function is named by the spec's operationId where that is an identifier
      // (another team's may be "emails/list": then by a name of its own)
      if (/^[A-Za-z_$][\w$]*$/.test(op.operationId ?? ""))
        expect(text, op.name).toContain(`await ${op.operationId}(client`);
      else expect(text, op.name).toMatch(/await [A-Za-z_$][\w$]*\(client/);
      for (const p of op.pathParams) expect(text, `${op.name} ${p.name}`).toContain(`| \`${p.name}\` | path |`);
    }
    expect(reference.match(/^## /gm)).toHaveLength(operations.length);
  });

  it("names the error class of each error status the spec declares, read from the spec itself", () => {
    // the classes as the README's error table names them
    const CLASS: Record<string, string> = {
      400: "BadRequestError",
      401: "AuthenticationError",
      403: "PermissionDeniedError",
      404: "NotFoundError",
      409: "ConflictError",
      422: "UnprocessableEntityError",
      429: "RateLimitError",
    };
    const classOf = (status: string) => CLASS[status] ?? (status >= "500" ? "InternalServerError" : "ApiError");
    // each declared 4xx and 5xx, by the method the table names its operation (the section's heading)
    const declared = Object.entries<Record<string, { responses?: object }>>(spec.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op?.responses)
        .flatMap(([method, op]) =>
          Object.keys(op.responses!)
            .filter((status) => /^[45]\d\d$/.test(status))
            .map((status) => ({
              name: operations.find((o) => o.path === path && o.method === method.toUpperCase())?.name ?? "",
              status,
            })),
        ),
    );

    expect(declared.every(({ name }) => name)).toBe(true);
    for (const { name, status } of declared)
      expect(section(name), `${name} ${status}`).toContain(`| ${status} | \`${classOf(status)}\` |`);
  });

  it("links each method of the table of contents to its heading's anchor", () => {
    for (const op of operations) expect(reference).toContain(`](#${op.name.toLowerCase().replace(/\./g, "")})`);
  });
});

describe("apiReference on a spec with kinds this one lacks", () => {
  const small = {
    openapi: "3.1.0",
    info: { title: "t", version: "2.0.0" },
    paths: {
      "/profiles": {
        get: {
          summary: "List profiles",
          "x-client-method": "profiles.list",
          parameters: [
            {
              name: "limit",
              in: "query",
              required: false,
              description: "At most | this many.",
              schema: { type: "integer", minimum: 1, maximum: 100 },
            },
          ],
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/Profile" } } },
              },
            },
          },
        },
        post: {
          "x-client-method": "profiles.create",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Profile" } } },
          },
          responses: { "201": { description: "made" } },
        },
      },
      "/profiles/{id}/file": {
        get: {
          "x-client-method": "profiles.download",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok", content: { "application/zip": {} } }, "422": { description: "no" } },
        },
      },
    },
    components: {
      schemas: {
        Profile: {
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", pattern: "^[a-z]+$" },
            owner: { oneOf: [{ $ref: "#/components/schemas/Profile" }, { type: "null" }] },
          },
        },
      },
    },
  };

  it("writes query parameters, arrays of components, unions, binary answers and undeclared error classes", () => {
    const text = apiReference(small, readOperations(small).operations);

    expect(text).toContain("| `limit` | query | integer, >= 1, <= 100 | no | At most \\| this many. |");
    expect(text).toContain("| [`profiles.list`](#profileslist) | `profilesList` | `GET /profiles` | `Profile`[] |");
    expect(text).toContain("`client.profiles.list(query?, options?)` · `profilesList(client, query?, options?)`");
    expect(text).toContain("Answer: `200` (application/zip); the method resolves to the `Response`, body unread.");
    expect(text).toContain("| 422 | `UnprocessableEntityError` |");
    expect(text).toContain("(API version 2.0.0)");
    expect(text).toContain("| `name` | string, pattern `^[a-z]+$` | yes |");
    expect(text).toContain("| `owner` | `Profile` \\| null | no |");
    expect(text).toContain("not idempotent (retried only after a 429 or a connection refused before sending)");
  });
});
