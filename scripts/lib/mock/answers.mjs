// The mock's answers held to the document: a JSON answer Prism gives (its example, or a value it
// generated) goes out only when it passes the operation's schema as the client's checks read it;
// otherwise, and where Prism gave none (its own 500, no answer in time), the answer is built from
// the schema by the project's sampler (scripts/lib/spec/sample.mjs). Each operation whose answer
// was replaced is said once in the mock's log.
import { resolve } from "../spec/refs.mjs";
import { fieldsOf, keyword } from "../spec/guards.mjs";

/** How many sampled answers are kept per document (operation × seed). */
const KEPT = 2_000;

/**
 * The media type and schema of a JSON answer of `op` with `status` (its declared success when
 * `status` is that one, else the document's entry for `status`, else its `default`).
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {{ responses?: Record<string, unknown> } | undefined} raw the operation object as the document holds it
 * @param {number} status
 * @returns {{ mediaType: string, schema: unknown } | undefined}
 */
export function jsonAnswer(spec, raw, status) {
  const responses = fieldsOf(keyword(raw, "responses"));
  const response = resolve(spec, responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default);
  const [mediaType, media] =
    Object.entries(fieldsOf(keyword(response, "content"))).find(([type]) =>
      /^application\/([\w.+-]*\+)?json\b/i.test(type),
    ) ?? [];
  const schema = keyword(media, "schema");
  return mediaType && schema ? { mediaType, schema } : undefined;
}

/**
 * The answers of one document.
 * `sample(schema, seed)` a value of a response schema, built once per schema and seed;
 * `hold(route, status, text)` the JSON text to serve for `status`: `text` (Prism's) when it parses
 * and passes the schema, else a sampled value (said once per operation through `say`);
 * `replace(route, why)` the sampled success answer of an operation Prism gave none for.
 * @param {unknown} spec a bundled document, `$ref`s kept
 * @param {{ sample(schema: unknown, options?: object): { value: unknown }, check(schema: unknown, value: unknown, direction: "request" | "response"): { path: string, message: string }[] }} sampler
 * @param {(line: string) => void} say
 * @example
 * const answers = answerBook(spec, await createSampler(spec), console.log);
 * answers.hold(route, 200, prismText); // Prism's text, or a sampled one that passes the schema
 */
export function answerBook(spec, sampler, say) {
  /** @type {Map<unknown, Map<number, string>>} schema -> seed -> JSON text */
  const kept = new Map();
  let count = 0;
  const told = new Set();
  const tell = (/** @type {string} */ where, /** @type {string} */ why) => {
    if (told.has(where)) return;
    told.add(where);
    say(`mock: ${where}: ${why}; it serves an answer built from the schema instead`);
  };
  const sample = (/** @type {unknown} */ schema, seed = 0) => {
    let bySeed = kept.get(schema);
    if (!bySeed) kept.set(schema, (bySeed = new Map()));
    let text = bySeed.get(seed);
    if (text === undefined) {
      const { value } = sampler.sample(schema, { direction: "response", seed });
      text = JSON.stringify(value ?? null);
      // a bounded memo: past KEPT answers it starts again rather than grow
      if (count >= KEPT) {
        kept.clear();
        count = 0;
        bySeed = new Map();
        kept.set(schema, bySeed);
      }
      count++;
      bySeed.set(seed, text);
    }
    return text;
  };
  return {
    sample: (/** @type {unknown} */ schema, seed = 0) => /** @type {unknown} */ (JSON.parse(sample(schema, seed))),
    /**
     * @param {{ where: string, raw: { responses?: Record<string, unknown> } | undefined }} route
     * @param {number} status
     * @param {string} text
     * @returns {{ mediaType: string, body: string } | undefined} undefined when `status` has no JSON answer
     */
    hold(route, status, text) {
      const answer = jsonAnswer(spec, route.raw, status);
      if (!answer) return undefined;
      let value;
      let why;
      try {
        value = JSON.parse(text);
      } catch {
        why = "Prism's answer is not JSON";
      }
      if (!why) {
        const issues = sampler.check(answer.schema, value, "response");
        if (!issues.length) return { mediaType: answer.mediaType, body: text };
        why = `Prism's ${status} answer breaks the document's schema (${issues[0].path} ${issues[0].message})`;
      }
      tell(route.where, why);
      return { mediaType: answer.mediaType, body: sample(answer.schema) };
    },
    /**
     * @param {{ where: string, raw: { responses?: Record<string, unknown> } | undefined, status: number }} route
     * @param {string} why
     * @returns {{ mediaType: string, body: string } | undefined}
     */
    replace(route, why) {
      tell(route.where, why);
      const answer = jsonAnswer(spec, route.raw, route.status);
      return answer && { mediaType: answer.mediaType, body: sample(answer.schema) };
    },
  };
}
