import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { render } from "../../scripts/generate.mjs";
import { apiReference, errorClassName, RETRIED_STATUSES } from "../../scripts/lib/emit-api-reference.mjs";
import { readOperations } from "../../scripts/lib/operations.mjs";
import { errorClassFor } from "../../src/errors.js";
import { RETRYABLE_STATUSES } from "../../src/retry.js";

const spec = JSON.parse(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
const { operations } = readOperations(spec);
const reference = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");

/** The section of docs/api.md about one method: from its heading to the next. */
const section = (name: string) => reference.split(/^## /m).find((part) => part.startsWith(`${name}\n`)) ?? "";

describe("docs/api.md", () => {
  it("is what npm run generate writes from the spec", async () => {
    const files = await render();
    const written = [...files].find(([file]) => file.endsWith("/docs/api.md"));

    expect(written?.[1]).toBe(reference);
    expect(apiReference(spec, operations)).toBe(reference);
  });

  it("has a section for every method of the table, with its HTTP method, path, answer and example", () => {
    for (const op of operations) {
      const text = section(op.name);

      expect(text, op.name).toContain(`\`${op.method} ${op.path}\``);
      expect(text, op.name).toContain(`\`${op.success.status}\``);
      expect(text, op.name).toContain(`await client.${op.name}(`);
      for (const p of op.pathParams) expect(text, `${op.name} ${p.name}`).toContain(`| \`${p.name}\` | path |`);
    }
    expect(reference.match(/^## /gm)).toHaveLength(operations.length);
  });

  it("names the error class each declared status becomes", () => {
    for (const op of operations) {
      for (const { status } of op.errors) expect(section(op.name), `${op.name} ${status}`).toContain(`| ${status} | \`${errorClassFor(status).name}\` |`);
    }
  });

  it("picks error classes as the client does, for every status", () => {
    for (let status = 300; status < 600; status++) expect(errorClassName(status), String(status)).toBe(errorClassFor(status).name);
  });

  it("states the retried statuses the client's policy has", () => {
    expect(RETRIED_STATUSES).toEqual([...RETRYABLE_STATUSES].sort((a, b) => a - b));
  });

  it("links each method of the table of contents to its heading's anchor", () => {
    for (const op of operations) expect(reference).toContain(`](#${op.name.toLowerCase().replace(/\./g, "")})`);
  });
});
