// The values an example call passes (examples.mjs `exampleCall`, the docs page's curl samples): the
// document's own example where the client's checks accept it, else one sampled from the schema
// (scripts/lib/spec/sample.mjs), so that a sample a reader copies is sent, not refused.

/** What a path segment may not be (the client's `checkId`): empty, or a segment a URL resolves away. */
const UNSENDABLE = new Set(["", ".", ".."]);

/**
 * @typedef {import("./read-operations.mjs").OperationInfo} OperationInfo
 * @typedef {import("./read-operations.mjs").Parameter} Parameter
 * @typedef {{ value: unknown, issues: { path: string, message: string }[] }} Sample
 * @typedef {object} Sampler createSampler()'s (scripts/lib/spec/sample.mjs)
 * @property {(schema: any, options?: { direction?: "request" | "response" }) => Sample} sample
 * @property {(schema: any, options?: { direction?: "request" | "response" }) => Sample[]} variants
 * @property {(schema: any, value: unknown, direction: "request" | "response") => { path: string, message: string }[]} check
 * @property {(schema: any, text: string) => { path: string, message: string }[]} checkParam
 * @property {(schema: any, value: unknown) => string[]} undeclared
 */

/**
 * The operations with an example for every input their example call passes: each path parameter,
 * each required query or header parameter and the body. An example the document gives is kept where the
 * client's checks accept it (an optional query parameter's that they refuse is dropped); a path
 * parameter without one is shown by its name where its schema allows any text; everything else is
 * sampled from its schema. `lines` names each input no accepted value could be built for (its
 * sample is shown all the same), for `npm run generate` to print.
 * @param {OperationInfo[]} operations from readOperations()
 * @param {Sampler} sampler createSampler() over the same document
 * @returns {{ operations: OperationInfo[], lines: string[] }}
 * @example
 * const sampler = await createSampler(spec);
 * const { operations } = withExampleInputs(readOperations(spec).operations, sampler);
 * exampleCall(operations[0]); // a call whose every argument passes the client's checks
 */
export function withExampleInputs(operations, sampler) {
  /** @type {string[]} */
  const lines = [];
  const shown = operations.map((op) => {
    const where = `${op.method} ${op.path}`;
    const missed = (/** @type {string} */ what, /** @type {{ path: string, message: string }[]} */ issues) =>
      lines.push(
        `${where}: no ${what} the checks accept could be sampled (${issues
          .slice(0, 3)
          .map((i) => `${i.path} ${i.message}`)
          .join("; ")}); the docs show the nearest`,
      );

    /** A parameter sent as text: its example where the checks accept it, else `fallback`, else sampled. */
    const asText = (
      /** @type {Parameter} */ p,
      /** @type {string} */ kind,
      /** @type {string | undefined} */ fallback,
    ) => {
      const sendable = (/** @type {string} */ text) =>
        !(kind === "path" && UNSENDABLE.has(text)) && sampler.checkParam(p.schema, text).length === 0;
      if (p.example !== undefined && sendable(String(p.example))) return p;
      if (fallback !== undefined && sendable(fallback)) return { ...p, example: undefined };
      const { value } = sampler.sample(p.schema, { direction: "request" });
      const text =
        value === undefined || value === null
          ? p.name
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value);
      if (!sendable(text)) missed(`value of ${kind} parameter ${p.name}`, sampler.checkParam(p.schema, text));
      return { ...p, example: text };
    };
    // a path parameter the schema allows any text for reads as its name: `retrieve("email_id")`
    const pathParams = op.pathParams.map((p) => asText(p, "path", p.name));
    // the required headers a call passes in its options (an idempotency key the client makes itself)
    const headerParams = op.headerParams.map((p) =>
      p.required && p.name !== op.idempotencyKey ? asText(p, "header", undefined) : p,
    );

    const queryParams = op.queryParams.map((p) => {
      const accepted = p.example !== undefined && sampler.check(p.schema, p.example, "request").length === 0;
      if (accepted) return p;
      if (!p.required) return { ...p, example: undefined };
      const { value, issues } = sampler.sample(p.schema, { direction: "request" });
      if (issues.length) missed(`value of query parameter ${p.name}`, issues);
      return { ...p, example: value };
    });

    let body = op.body;
    // the document's example where the checks accept it and it names no field the types do not know
    const fits = (/** @type {unknown} */ example) =>
      sampler.check(body.schema, example, "request").length === 0 &&
      sampler.undeclared(body.schema, example).length === 0;
    if (body && !(body.example !== undefined && fits(body.example))) {
      let { value, issues } = sampler.sample(body.schema, { direction: "request" });
      // a body of branches the whole schema's sample mixes up: the first branch's own sample that passes
      const branch = issues.length ? sampler.variants(body.schema, { direction: "request" })[0] : undefined;
      if (branch) ({ value, issues } = branch);
      if (issues.length) missed("body", issues);
      body = { ...body, example: value };
    }
    return { ...op, pathParams, headerParams, queryParams, body };
  });
  return { operations: shown, lines };
}
