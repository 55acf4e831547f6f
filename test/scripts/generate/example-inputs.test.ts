import { describe, expect, it } from "vitest";
import { withExampleInputs } from "../../../scripts/lib/generate/example-inputs.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";

// two operations with no examples, each reaching a component of its own through a $ref; `Mode`
// reaches `Level` through a discriminator-free allOf, so a change two hops away is a change too
function document(levels: string[]) {
  const json = (ref: string) => ({ content: { "application/json": { schema: { $ref: ref } } } });
  return {
    openapi: "3.1.0",
    info: { title: "t", version: "0.1.0" },
    paths: {
      "/modes": {
        post: {
          operationId: "setMode",
          "x-client-method": "modes.set",
          requestBody: { required: true, ...json("#/components/schemas/Mode") },
          responses: { "204": { description: "set" } },
        },
      },
      "/colors/{color}": {
        put: {
          operationId: "putColor",
          "x-client-method": "colors.put",
          parameters: [{ name: "color", in: "path", required: true, schema: { $ref: "#/components/schemas/Color" } }],
          responses: { "204": { description: "put" } },
        },
      },
    },
    components: {
      schemas: {
        Mode: {
          type: "object",
          required: ["level"],
          properties: { level: { allOf: [{ $ref: "#/components/schemas/Level" }] } },
        },
        Level: { type: "string", enum: levels },
        Color: { type: "string", enum: ["red"] },
      },
    },
  };
}

/** createSampler() over `spec`, counting the schemas it is asked to sample. */
async function countingSampler(spec: object) {
  const sampler = await createSampler(spec);
  const counted = { ...sampler, calls: 0 };
  counted.sample = (schema, options) => {
    counted.calls++;
    return sampler.sample(schema, options);
  };
  return counted;
}

const inputs = (spec: unknown, sampler: Awaited<ReturnType<typeof countingSampler>>) =>
  withExampleInputs(readOperations(spec).operations, sampler).operations.map((op) => ({
    name: op.name,
    path: op.pathParams.map((p) => p.example),
    body: op.body?.example,
  }));

describe("example inputs kept between calls", () => {
  it("samples each operation once for the same document, even parsed again", async () => {
    const first = await countingSampler(document(["low"]));
    expect(inputs(first.document, first)).toEqual([
      { name: "modes.set", path: [], body: { level: "low" } },
      { name: "colors.put", path: ["red"], body: undefined },
    ]);
    expect(first.calls).toBe(2);

    // a new parse of the same document: what was chosen is taken as it is, nothing sampled
    const again = await countingSampler(JSON.parse(JSON.stringify(document(["low"]))));
    expect(inputs(again.document, again)).toEqual([
      { name: "modes.set", path: [], body: { level: "low" } },
      { name: "colors.put", path: ["red"], body: undefined },
    ]);
    expect(again.calls).toBe(0);
  });

  it("samples again the operation whose reached schema changed, two $refs away, and only it", async () => {
    await countingSampler(document(["low"])).then((sampler) => inputs(sampler.document, sampler));
    const changed = await countingSampler(document(["high"]));
    expect(inputs(changed.document, changed)).toEqual([
      { name: "modes.set", path: [], body: { level: "high" } },
      { name: "colors.put", path: ["red"], body: undefined },
    ]);
    expect(changed.calls).toBe(1);
  });

  it("gives each call its own copy of a kept example", async () => {
    const sampler = await countingSampler(document(["low"]));
    const [a] = withExampleInputs(readOperations(sampler.document).operations, sampler).operations;
    (a?.body?.example as { level: string }).level = "changed by a caller";
    const [b] = withExampleInputs(readOperations(sampler.document).operations, sampler).operations;
    expect(b?.body?.example).toEqual({ level: "low" });
  });
});
