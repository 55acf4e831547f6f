// Answer checks against parsing: check() of a 1 MB list page of realistic objects (nested objects,
// enums, formats, nullable fields), as a share of JSON.parse of the same bytes, beside Ajv's
// compiled code on the same data; and one click body checked as a request.
import { nodeBundle } from "./node-bundle.mjs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../lib/shared/paths.mjs";
import { schemaTable } from "../lib/generate/schema-table.mjs";
import { judge } from "./budgets.mjs";
import { median, quantile, say, table } from "./stats.mjs";

export const CHECK_ROUNDS = 21;
const PAGE_BYTES = 1_000_000;

export const COMPONENTS = {
  Viewport: {
    type: "object",
    required: ["width", "height"],
    properties: {
      width: { type: "integer", minimum: 1, maximum: 7680 },
      height: { type: "integer", minimum: 1, maximum: 4320 },
      refresh_rate: { type: "integer", enum: [25, 30, 60] },
    },
  },
  Profile: {
    type: ["object", "null"],
    required: ["name"],
    properties: {
      name: { type: "string", minLength: 1, maxLength: 255 },
      saved_at: { type: "string", format: "date" },
    },
  },
  Session: {
    type: "object",
    required: [
      "session_id",
      "status",
      "created_at",
      "viewport",
      "headless",
      "stealth",
      "timeout_seconds",
      "tags",
      "cost",
    ],
    properties: {
      session_id: { type: "string", format: "uuid" },
      status: { type: "string", enum: ["starting", "running", "idle", "stopped", "failed"] },
      created_at: { type: "string", format: "date-time" },
      ended_at: { type: ["string", "null"], format: "date-time" },
      cdp_ws_url: { type: "string", readOnly: true },
      viewport: { $ref: "#/components/schemas/Viewport" },
      profile: { $ref: "#/components/schemas/Profile" },
      headless: { type: "boolean" },
      stealth: { type: "boolean" },
      timeout_seconds: { type: "integer", minimum: 10, maximum: 86400 },
      owner: { type: "string", format: "email" },
      tags: { type: "array", maxItems: 16, items: { type: "string", maxLength: 64 } },
      cost: { type: "number", minimum: 0, multipleOf: 0.01 },
      proxy: {
        type: ["object", "null"],
        properties: {
          kind: { enum: ["datacenter", "residential", "mobile"] },
          country: { type: ["string", "null"], pattern: "^[A-Z]{2}$" },
        },
      },
    },
  },
  SessionPage: {
    type: "object",
    required: ["items", "has_more"],
    properties: {
      items: { type: "array", items: { $ref: "#/components/schemas/Session" } },
      has_more: { type: "boolean" },
      next_cursor: { type: ["string", "null"] },
    },
  },
};

/**
 * A list page of about `bytes` of JSON text, the same on every run.
 * @param {number} bytes
 */
export function pageText(bytes) {
  const items = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const hex = (/** @type {number} */ n, /** @type {number} */ width) =>
      ((n * 2654435761) >>> 0).toString(16).padStart(8, "0").repeat(2).slice(0, width);
    const item = {
      session_id: `${hex(i, 8)}-${hex(i + 1, 4)}-4${hex(i + 2, 3)}-8${hex(i + 3, 3)}-${hex(i + 4, 12)}`,
      status: ["starting", "running", "idle", "stopped", "failed"][i % 5],
      created_at: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}T${String(i % 24).padStart(2, "0")}:15:30.${i % 1000}Z`,
      ended_at: i % 3 ? null : "2026-11-23T16:00:00+01:00",
      cdp_ws_url: `wss://cdp.example.com/${hex(i, 12)}`,
      viewport: { width: 1920, height: 1080, ...(i % 2 ? { refresh_rate: 60 } : {}) },
      profile: i % 4 ? null : { name: `profile-${i}`, saved_at: "2024-02-29" },
      headless: i % 2 === 0,
      stealth: i % 3 === 0,
      timeout_seconds: 60 + (i % 600),
      owner: `ops.${i}@example.com`,
      tags: ["bench", `batch-${i % 10}`],
      cost: Number(((i % 1000) / 100).toFixed(2)),
      proxy: i % 5 ? { kind: "residential", country: i % 2 ? "DE" : null } : null,
      labels: { team: "automation" },
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return JSON.stringify({ items, has_more: true, next_cursor: "c_123" });
}

/**
 * check() as the client ships it (src/checks/check.ts bundled by esbuild), with the fixture's schemas as generated/validators.ts holds its own.
 * @param {string} dir where the bundle is written
 */
export async function importChecker(dir) {
  const outfile = join(dir, "checker.mjs");
  const contents = `export { check } from "./src/checks/check.ts"; export * as validators from "./generated/validators.ts"; export * as F from "./src/checks/formats.ts"; export * as K from "./src/checks/keywords.ts";`;
  await nodeBundle({ contents, resolveDir: fromRoot(".") }, outfile);
  const { check, validators, F, K } = await import(pathToFileURL(outfile).href);
  const table = schemaTable({ openapi: "3.1.0", components: { schemas: COMPONENTS } }, { checks: { F, K } });
  const page = table.add({ $ref: "#/components/schemas/SessionPage" }, "SessionPage");
  const click = Object.values(validators).find((s) => s.properties?.num_clicks);
  return { check, page: table.schema(page), click };
}

/** Ajv's compiled code for the same page, formats included, as the reference. */
async function ajvPage() {
  const { Ajv2020 } = await import("ajv/dist/2020.js");
  // CommonJS: the function may arrive as the default export or wrapped once more (module.exports,
  // whose own `default` is the function too)
  const formats =
    /** @type {import("ajv-formats").FormatsPlugin & { default?: import("ajv-formats").FormatsPlugin }} */ (
      (await import("ajv-formats")).default
    );
  // its plain multipleOf refuses 0.07 as a multiple of 0.01 (binary division); a tolerance accepts the page
  const ajv = new Ajv2020({ strict: false, allErrors: false, multipleOfPrecision: 9 });
  (formats.default ?? formats)(ajv);
  return ajv.compile({ $ref: "#/components/schemas/SessionPage", components: { schemas: COMPONENTS } });
}

// the best of a few runs, in ms: a garbage collection or another process's burst lands in one run, not in all
const time = (/** @type {() => void} */ fn, runs = 3) => {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
};

/** @typedef {"parse" | "ours" | "ajv" | "share" | "xAjv"} Figure what one round measures, ms or a ratio */

/**
 * Times JSON.parse, check() and Ajv on the 1 MB page in interleaved rounds; prints the ratios with
 * their spread and judges the median ratio to JSON.parse against the `checker.answer` budget.
 * @param {(prefix: string) => { dir: string, remove: () => void }} tempDir
 */
export async function checkerCost(tempDir) {
  const temp = tempDir("bench-checker-");
  try {
    const { check, page, click } = await importChecker(temp.dir);
    const validate = await ajvPage();
    const text = pageText(PAGE_BYTES);
    const data = /** @type {{ items: unknown[] }} */ (JSON.parse(text));
    const issues = check(page, data, "response", [], true);
    if (issues.length || !validate(data))
      throw new Error(
        `the bench page does not conform: ${JSON.stringify(issues.slice(0, 3))} ${JSON.stringify(validate.errors?.slice(0, 3))}`,
      );
    /** @type {Record<Figure, number>[]} */
    const rounds = [];
    for (let round = -3; round < CHECK_ROUNDS; round++) {
      const parse = time(() => JSON.parse(text));
      const ours = time(() => check(page, data, "response", [], true));
      const ajv = time(() => validate(data));
      if (round >= 0) rounds.push({ parse, ours, ajv, share: ours / parse, xAjv: ours / ajv });
    }
    const body = { x: 640, y: 360, button: "left", hold_keys: ["Shift"] };
    const clicks = 100_000;
    const clickUs =
      (time(() => {
        for (let i = 0; i < clicks; i++) check(click, body, "body");
      }, 1) *
        1000) /
      clicks;
    const range = (/** @type {Figure} */ key, /** @type {number} */ digits) =>
      `${quantile(
        rounds.map((r) => r[key]),
        0.1,
      ).toFixed(digits)}-${quantile(
        rounds.map((r) => r[key]),
        0.9,
      ).toFixed(digits)}`;
    const spread = (/** @type {Figure} */ key, /** @type {number} */ digits) =>
      `${median(rounds.map((r) => r[key])).toFixed(digits)} (${range(key, digits)})`;
    const share = median(rounds.map((r) => r.share));
    const xAjv = median(rounds.map((r) => r.xAjv));
    const target = judge("checker.answer", share);
    say("");
    say(
      `answer check: a ${(text.length / 1e6).toFixed(2)} MB list page of ${data.items.length} sessions, median of ${CHECK_ROUNDS} rounds (p10-p90), each the best of 3 runs`,
    );
    table(
      ["figure", "median (p10-p90)"],
      [
        ["JSON.parse, ms", spread("parse", 2)],
        ["check(), ms", spread("ours", 2)],
        ["Ajv compiled, ms", spread("ajv", 2)],
        ["check() / JSON.parse", spread("share", 3)],
        ["check() / Ajv", spread("xAjv", 2)],
        ["click body as a request, µs", clickUs.toFixed(2)],
      ],
    );
    say(
      `target: check() / JSON.parse ${target.text} (per-round p10-p90 ${range("share", 3)}); ${xAjv.toFixed(2)}x of Ajv's compiled code`,
    );
    return { share, target, xAjv, clickUs };
  } finally {
    temp.remove();
  }
}
